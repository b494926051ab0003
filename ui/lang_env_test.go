package ui

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"
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
		// first one Fyne speaks, as gettext does for each program.
		{[]string{"LANG=en_US.UTF-8", "LANGUAGE=fr:ja"}, "クリア / Annuler"},
		{[]string{"LANG=de_DE.UTF-8"}, "Clear / Abbrechen"},
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
