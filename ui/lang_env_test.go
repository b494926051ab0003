package ui

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"

	"github.com/hashdrop/hashdrop/ui/internal/cenv"
)

// localeChild marks a run of the test binary that reports the language it
// was started in.
const localeChild = "HASHDROP_LOCALE_CHILD"

// The window's language comes from the environment as GNU gettext reads it:
// LC_ALL, then LC_MESSAGES, then LANG, with LANGUAGE's list first unless the
// locale is C. Each case starts the test binary afresh, so that Fyne and
// the package's init see the environment as a launch would.
func TestLocaleFromEnvironment(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the test binary once per case")
	}
	for _, tc := range []struct {
		env  []string
		want string // tr("Clear") / Fyne's lang.L("Cancel")
	}{
		{[]string{"LANG=ja_JP.UTF-8"}, "クリア / キャンセル"},
		{[]string{"LC_ALL=ja_JP.UTF-8", "LANG=en_US.UTF-8"}, "クリア / キャンセル"},
		{[]string{"LC_MESSAGES=ja_JP.UTF-8", "LANG=en_US.UTF-8"}, "クリア / キャンセル"},
		{[]string{"LC_ALL=en_US.UTF-8", "LANG=ja_JP.UTF-8"}, "Clear / Cancel"},
		{[]string{"LANG=ja_JP.UTF-8", "LANGUAGE=en"}, "Clear / Cancel"},
		{[]string{"LANG=C.UTF-8"}, "Clear / Cancel"},
		// The first language Hashdrop speaks; Fyne's dialogs take the
		// first one Fyne speaks, as gettext does for each program (Swedish:
		// Fyne's, not Hashdrop's).
		{[]string{"LANG=en_US.UTF-8", "LANGUAGE=sv:ja"}, "クリア / Avbryt"},
		{[]string{"LANG=sv_SE.UTF-8"}, "Clear / Avbryt"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestLocaleChild$")
		cmd.Env = append([]string{localeChild + "=1", "HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}, tc.env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", tc.env, err, out)
		}
		got := ""
		for _, line := range strings.Split(string(out), "\n") {
			if s, ok := strings.CutPrefix(line, "window says: "); ok {
				got = s
			}
		}
		if got != tc.want {
			t.Errorf("%v: the window says %q, want %q", tc.env, got, tc.want)
		}
		if strings.Contains(string(out), "Error parsing user locale") {
			t.Errorf("%v: Fyne logged a locale error:\n%s", tc.env, out)
		}
	}
}

func TestLocaleChild(t *testing.T) {
	if os.Getenv(localeChild) == "" {
		t.Skip("run by TestLocaleFromEnvironment")
	}
	os.Stdout.WriteString("window says: " + tr("Clear") + " / " + lang.L("Cancel") + "\n")
}

// Each language of translations/ is the window's under its locale, as a
// launch sees it (zh_TW: zh-Hant, zh_CN: zh-Hans, pt_BR: pt-BR), Fyne's
// dialogs speak it where fyne.*.json gives Fyne the words, and Fyne logs
// no locale error.
func TestEveryLanguageFromItsLocale(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the test binary once per language")
	}
	locales := map[string][]string{"zh-Hans": {"zh_CN", "zh_SG"}, "zh-Hant": {"zh_TW", "zh_HK"}, "pt-BR": {"pt_BR", "pt_PT"}}
	for _, l := range ourLanguages() {
		texts, err := readTexts(l.code)
		if err != nil {
			t.Fatal(err)
		}
		for _, locale := range append(locales[l.code], cenv.Posix(l.code)) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestLocaleChild$")
			cmd.Env = []string{localeChild + "=1", "HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH"), "LANG=" + locale + ".UTF-8"}
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %v\n%s", locale, err, out)
			}
			want := "window says: " + texts["Clear"].s + " / "
			if data, err := translations.ReadFile("translations/fyne." + l.fyne + ".json"); err == nil {
				var fw map[string]text
				json.Unmarshal(data, &fw)
				want += fw["Cancel"].form("other") + "\n" // Fyne's dialogs in our words for it
			}
			if !strings.Contains(string(out), want) {
				t.Errorf("LANG=%s.UTF-8: %q, want %q", locale, out, want)
			}
			if strings.Contains(string(out), "Error parsing user locale") {
				t.Errorf("LANG=%s.UTF-8: Fyne logged a locale error:\n%s", locale, out)
			}
		}
	}
}
