package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"text/template"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"github.com/go-text/typesetting/fontscan"
	xlanguage "golang.org/x/text/language"

	"github.com/hashdrop/hashdrop/app/desktop"
)

// menuItem finds the item labelled label in m (not in submenus).
func menuItem(t *testing.T, m *fyne.Menu, label string) *fyne.MenuItem {
	t.Helper()
	for _, it := range m.Items {
		if it.Label == label {
			return it
		}
	}
	var labels []string
	for _, it := range m.Items {
		labels = append(labels, it.Label)
	}
	t.Fatalf("no %q in the menu %q", label, labels)
	return nil
}

// The ☰ menu's Language lists the system's language and every language of
// translations/ in its own name; choosing one keeps it in the preferences,
// says in that language that it takes effect at the next start, and the
// next start (useLanguageSetting, as Run calls it) speaks it, in the window
// and in Fyne's dialogs; "System language" goes back to the system's.
func TestLanguageSettingSwitchesAndPersists(t *testing.T) {
	t.Cleanup(func() { loadTranslations("") })
	fontCheck = func(string, func() *fontscan.FontMap) []rune { return nil } // a font for every language: TestNoFontSpeaksEnglish
	t.Cleanup(func() { fontCheck = fontLacks })
	h := newHarness(t)
	ours := ourLanguages()
	if len(ours) < 2 || ours[0].code != "en" {
		t.Fatalf("our languages %v", ours)
	}
	sub := menuItem(t, h.w.menu(), "Language").ChildMenu
	if sub == nil {
		t.Fatal("Language has no submenu")
	}
	if !menuItem(t, sub, "System language").Checked {
		t.Error("System language is not checked at first")
	}
	for _, l := range ours[1:] {
		t.Run(l.code, func(t *testing.T) {
			loadTranslations("")
			sub := menuItem(t, h.w.menu(), "Language").ChildMenu
			menuItem(t, sub, l.name).Action()
			if got := h.app.Preferences().String(prefLanguage); got != l.code {
				t.Errorf("the setting is %q, want %q", got, l.code)
			}
			if want := trIn(l.code, "Hashdrop speaks {{.Language}} from its next start.", "Language", l.name); h.w.note.Hidden || h.w.note.Text != want {
				t.Errorf("the note says %q (hidden %v), want %q", h.w.note.Text, h.w.note.Hidden, want)
			}
			if windowLanguageCode() != "en" {
				t.Errorf("the window speaks %s before the next start", windowLanguageCode())
			}

			useLanguageSetting(h.app) // the next start
			if got := windowLanguageCode(); got != l.code {
				t.Fatalf("the next start speaks %q, want %q", got, l.code)
			}
			if !menuItem(t, menuItem(t, h.w.menu(), tr("Language")).ChildMenu, l.name).Checked {
				t.Errorf("%s is not checked in the menu", l.name)
			}
			h2 := newHarnessWithApp(t, h.app)
			texts, _ := readTexts(l.code)
			if got, want := h2.w.clear.Text, texts["Clear"].s; got != want {
				t.Errorf("the Clear button says %q, want %q", got, want)
			}
			h2.win.Close()
		})
	}
	loadTranslations(ours[1].code)
	menuItem(t, menuItem(t, h.w.menu(), tr("Language")).ChildMenu, tr("System language")).Action()
	if got := h.app.Preferences().String(prefLanguage); got != "" {
		t.Errorf("the setting is %q after System language", got)
	}
	useLanguageSetting(h.app)
	if got := windowLanguageCode(); got != "en" {
		t.Errorf("System language speaks %q on an English system", got)
	}
}

// Fyne's own dialogs speak the chosen language, not only the system's:
// every language of ours, in Fyne's words for it or ours (fyne.*.json).
func TestFyneSpeaksTheChosenLanguage(t *testing.T) {
	t.Cleanup(func() { loadTranslations("") })
	dir, _ := fyneLanguages(t)
	for _, l := range ourLanguages()[1:] {
		file := filepath.Join("translations", "fyne."+l.fyne+".json")
		if _, err := os.Stat(file); err != nil {
			file = filepath.Join(dir, "base."+l.fyne+".json")
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("%s: no words for Fyne: %v", l.code, err)
			continue
		}
		var fw map[string]text
		if err := json.Unmarshal(data, &fw); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		loadTranslations(l.code)
		if got, want := lang.L("Cancel"), fw["Cancel"].form("other"); got != want {
			t.Errorf("Fyne's Cancel in %s: %q, want %q (%s)", l.code, got, want, file)
		}
		if l.code == "ja" && os.Getenv("LANGUAGE") != "ja" {
			t.Errorf("LANGUAGE=%q, want ja (Fyne's choice of a font follows it)", os.Getenv("LANGUAGE"))
		}
	}
	loadTranslations("")
	if got := os.Getenv("LANGUAGE"); got != "en" {
		t.Errorf("LANGUAGE=%q after the system's language, want the system's en", got)
	}
	if got := lang.L("Cancel"); got != "Cancel" {
		t.Errorf("Fyne's Cancel back in the system's English: %q", got)
	}
}

// The system's languages map onto ours: the first the window speaks wins;
// Chinese by script or region, every Portuguese as Brazilian.
func TestChooseLanguage(t *testing.T) {
	have := func(code string) bool { _, ok := languageOf(code); return ok }
	for _, tc := range []struct {
		prefs []string
		want  string
	}{
		{[]string{"sv", "ja", "en"}, "ja"},
		{[]string{"sv"}, "en"},
		{nil, "en"},
		{[]string{"zh-Hant", "ja"}, "zh-Hant"},
		{[]string{"zh-Hans", "ja"}, "zh-Hans"},
		{[]string{"pt-BR", "ja"}, "pt-BR"},
		{[]string{"de", "ja"}, "de"},
	} {
		want := tc.want
		if !have(want) {
			want = "ja" // that language's file is not here yet
		}
		if got := chooseLanguage(tc.prefs); got != want {
			t.Errorf("%q: %q, want %q", tc.prefs, got, want)
		}
	}
	if len(allLanguages) != 16 {
		t.Errorf("%d languages", len(allLanguages))
	}
	for _, l := range allLanguages {
		if l.code != strings.ReplaceAll(l.fyne, "_", "-") || xlanguage.Make(l.code).String() != l.code {
			t.Errorf("%+v: the code, Fyne's name and the tag disagree", l)
		}
	}
}

// withWords makes the window speak code with texts over English until the
// test ends.
func withWords(t *testing.T, code string, texts map[string]text) {
	t.Helper()
	t.Cleanup(func() { loadTranslations("") })
	all, _ := readTexts("en")
	for k, v := range texts {
		all[k] = v
	}
	words.Lock()
	words.language, words.tag, words.text, words.parsed = code, xlanguage.Make(code), all, map[string]*template.Template{}
	words.Unlock()
}

// Plurals follow each language's CLDR rules: the category of n picks a form
// of a text of forms; a plain pair gives "one" its text for the numbers of
// the category one.
func TestPluralsByCLDR(t *testing.T) {
	for _, tc := range []struct {
		code string
		n    int
		want string
	}{
		{"en", 0, "other"}, {"en", 1, "one"}, {"en", 2, "other"},
		{"fr", 0, "one"}, {"fr", 1, "one"}, {"fr", 2, "other"},
		{"pt-BR", 0, "one"}, {"de", 0, "other"},
		{"ru", 1, "one"}, {"ru", 21, "one"}, {"ru", 3, "few"}, {"ru", 5, "many"}, {"ru", 11, "many"}, {"ru", 112, "many"},
		{"uk", 22, "few"}, {"pl", 1, "one"}, {"pl", 22, "few"}, {"pl", 21, "many"},
		{"ja", 1, "other"}, {"zh-Hans", 1, "other"}, {"ko", 1, "other"}, {"tr", 1, "one"},
	} {
		if got := pluralCategory(xlanguage.Make(tc.code), tc.n); got != tc.want {
			t.Errorf("%s %d: %s, want %s", tc.code, tc.n, got, tc.want)
		}
	}

	const one, other = "{{.N}} file hashed", "{{.N}} files hashed"
	forms := text{forms: map[string]string{"one": "{{.N}} файл", "few": "{{.N}} файла", "many": "{{.N}} файлов", "other": "{{.N}} файла*"}}
	withWords(t, "ru", map[string]text{one: forms, other: forms})
	for n, want := range map[int]string{1: "1 файл", 21: "21 файл", 3: "3 файла", 5: "5 файлов", 11: "11 файлов"} {
		if got := trn(n, one, other, "N", n); got != want {
			t.Errorf("ru %d: %q, want %q", n, got, want)
		}
	}
	withWords(t, "fr", map[string]text{one: {s: "{{.N}} fichier"}, other: {s: "{{.N}} fichiers"}})
	for n, want := range map[int]string{0: "0 fichier", 1: "1 fichier", 2: "2 fichiers"} {
		if got := trn(n, one, other, "N", n); got != want {
			t.Errorf("fr %d: %q, want %q", n, got, want)
		}
	}
	withWords(t, "ja", map[string]text{one: {s: "1 個"}, other: {s: "{{.N}} 個"}})
	if got := trn(1, one, other, "N", 1); got != "1 個" {
		t.Errorf("ja 1: %q (one thing keeps the text for one thing)", got)
	}
}

func noFonts() *fontscan.FontMap { return nil }

// A language whose letters no font draws is not shown: fontLacks finds
// them. Latin, Cyrillic and Vietnamese letters are in Fyne's own font.
func TestFontLacks(t *testing.T) {
	for _, r := range "ЖжЇїęğışếữ" {
		if !drawn(r, noFonts) {
			t.Errorf("Fyne's font does not draw %q", r)
		}
	}
	if drawn('中', noFonts) {
		t.Error("Fyne's font draws Chinese")
	}
	if lacks := fontLacks("ja", noFonts); !slices.Contains(lacks, 'の') || slices.Contains(lacks, 'a') {
		t.Errorf("with no font of the system, Japanese lacks %q", string(lacks))
	}
}

// Explorer's entries are worded in the window's language, from
// translations/platform.
func TestAssocWordsFollowTheWindow(t *testing.T) {
	t.Cleanup(func() { loadTranslations("") })
	if got := assocWords(); got != desktop.EnglishAssocWords {
		t.Errorf("English: %+v", got)
	}
	loadTranslations("ja")
	if got := assocWords(); got.Check != "Hashdrop で確認" || got.ChecksumFile != "チェックサムファイル" {
		t.Errorf("Japanese: %+v", got)
	}
}

// Where no font draws the chosen language's letters, the window speaks
// English and says why, once, in its note line; Fyne's dialogs are English
// too. With a font (Japanese drawn by the theme's font, here, as a stand-in
// for the system's), the language is kept.
func TestNoFontSpeaksEnglish(t *testing.T) {
	t.Cleanup(func() { loadTranslations("") })
	saved := systemFonts
	t.Cleanup(func() { systemFonts = saved })
	systemFonts = noFonts
	h := newHarness(t)
	h.app.Preferences().SetString(prefLanguage, "ja")
	note := useLanguageSetting(h.app)
	if got := windowLanguageCode(); got != "en" {
		t.Errorf("the window speaks %q with no font for Japanese", got)
	}
	if !strings.Contains(note, "日本語") || !strings.Contains(note, "fonts-noto-cjk") {
		t.Errorf("the note: %q", note)
	}
	if got := lang.L("Cancel"); got != "Cancel" {
		t.Errorf("Fyne's dialogs say %q", got)
	}
	h.w.keepNote(note)
	if h.w.note.Hidden || h.w.note.Text != note {
		t.Errorf("the note line: %q (hidden %v)", h.w.note.Text, h.w.note.Hidden)
	}

	h.app.Preferences().SetString(prefLanguage, "")
	if note := useLanguageSetting(h.app); note != "" || windowLanguageCode() != "en" {
		t.Errorf("English needs no font: %q", note)
	}
}

// Letters the theme's font draws need no scan of the system's fonts.
func TestFontLacksScansOnlyForOtherLetters(t *testing.T) {
	scanned := false
	scan := func() *fontscan.FontMap { scanned = true; return nil }
	drawn('Ж', scan)
	if scanned {
		t.Error("the system's fonts scanned for a Cyrillic letter")
	}
	drawn('中', scan)
	if !scanned {
		t.Error("the system's fonts not looked at for a Chinese letter")
	}
}

func BenchmarkFontLacksJapanese(b *testing.B) {
	systemFonts() // the scan, once a process, as at a start
	for b.Loop() {
		fontLacks("ja", systemFonts)
	}
}
