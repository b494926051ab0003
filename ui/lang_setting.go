package ui

import (
	"bytes"
	"io"
	"log"
	"slices"
	"sort"
	"strings"
	"sync"
	"text/template"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/fontscan"
)

// prefLanguage is the setting "Language" of the ☰ menu: "" for the system's
// language, else a code of ourLanguages. It takes effect at the next start
// (useLanguageSetting), which the window says when it is changed: the words
// of the list, its cards and verdicts are made as things happen, and
// making them again in another language would mean building the window
// anew around the list.
const prefLanguage = "language"

// useLanguageSetting makes the window speak the language of a's setting
// (or the system's), before the window is built. When no font draws the
// language's letters it speaks English instead, and returns the note that
// says so, in English, for the window to show; else "".
func useLanguageSetting(a fyne.App) string {
	loadTranslations(a.Preferences().String(prefLanguage))
	code := windowLanguageCode()
	if code == "en" {
		return ""
	}
	lacks := fontCheck(code, systemFonts)
	if len(lacks) == 0 {
		return ""
	}
	l, _ := languageOf(code)
	log.Printf("hashdrop: no font on this system draws %q, which %s needs: the window speaks English", string(lacks), l.name)
	loadTranslations("en")
	return tr("No font on this computer draws {{.Language}}, so Hashdrop speaks English. Install a font for it (on Debian and Ubuntu: fonts-noto-cjk) and start Hashdrop again.", "Language", l.name)
}

// languageItem is the ☰ menu's setting: the system's language or one of
// ours, each named in itself.
func (w *Window) languageItem() *fyne.MenuItem {
	current := w.app.Preferences().String(prefLanguage)
	choose := func(code string) func() {
		return func() { w.chooseLanguage(code) }
	}
	system := fyne.NewMenuItem(tr("System language"), choose(""))
	system.Checked = current == ""
	items := []*fyne.MenuItem{system, fyne.NewMenuItemSeparator()}
	for _, l := range ourLanguages() {
		it := fyne.NewMenuItem(l.name, choose(l.code))
		it.Checked = current == l.code
		items = append(items, it)
	}
	item := fyne.NewMenuItem(tr("Language"), nil)
	item.ChildMenu = fyne.NewMenu("", items...)
	return item
}

// chooseLanguage keeps code ("" for the system's language) as the setting
// and says, in the language chosen, that it takes effect at the next start.
func (w *Window) chooseLanguage(code string) {
	if code == w.app.Preferences().String(prefLanguage) {
		return
	}
	w.app.Preferences().SetString(prefLanguage, code)
	speaks := code
	if code == "" {
		speaks = chooseLanguage(systemLanguages())
	}
	l, _ := languageOf(speaks)
	msg := trIn(speaks, "Hashdrop speaks {{.Language}} from its next start.", "Language", l.name)
	if speaks == windowLanguageCode() {
		msg = "" // the system's language, which it speaks now
	}
	w.keepNote(msg)
}

// keepNote shows msg in the note line until another note replaces it;
// "" hides the line.
func (w *Window) keepNote(msg string) {
	w.noteSeq++ // no flash's timer hides it
	w.note.SetText(msg)
	if msg == "" {
		w.note.Hide()
	} else {
		w.note.Show()
	}
}

// trIn is tr in language code, whatever the window speaks.
func trIn(code, key string, pairs ...any) string {
	s := key
	if texts, err := readTexts(code); err == nil {
		if t, ok := texts[key]; ok {
			s = t.form("other")
		}
	}
	t, err := template.New("").Option("missingkey=zero").Parse(s)
	var b strings.Builder
	if err != nil || t.Execute(&b, fieldData(pairs)) != nil {
		return key
	}
	return b.String()
}

// fontCheck is fontLacks; tests of other things replace it.
var fontCheck = fontLacks

// themeFace is the font Fyne draws text with first, its theme's.
var themeFace = sync.OnceValue(func() *font.Face {
	f, err := font.ParseTTF(bytes.NewReader(theme.DefaultTheme().Font(fyne.TextStyle{}).Content()))
	if err != nil {
		log.Printf("hashdrop: the theme's font: %v", err)
		return nil
	}
	return f
})

// systemFonts are the system's fonts, where Fyne looks for the letters its
// own font lacks, found as Fyne finds them (go-text's fontscan, whose index
// of them Fyne reads again from the same cache); nil when none are found.
var systemFonts = sync.OnceValue(func() *fontscan.FontMap {
	fm := fontscan.NewFontMap(log.New(io.Discard, "", 0))
	if err := fm.UseSystemFonts(""); err != nil {
		log.Printf("hashdrop: the system's fonts: %v", err)
		return nil
	}
	return fm
})

var systemFontsMu sync.Mutex // a FontMap's query is its state

// fontLacks lists the letters of language code's words (those English does
// not use) that neither the theme's font nor any font of system draws:
// Chinese, Japanese and Korean need a font of the system. system is called
// only for a letter the theme's font lacks (the system's fonts take a scan).
func fontLacks(code string, system func() *fontscan.FontMap) []rune {
	texts, err := readTexts(code)
	if err != nil {
		return nil
	}
	english, _ := readTexts("en")
	seen := make(map[rune]bool)
	for _, t := range english {
		for _, r := range t.form("other") {
			seen[r] = true
		}
	}
	var lacks []rune
	for _, t := range texts {
		all := []string{t.s}
		for _, f := range t.forms {
			all = append(all, f)
		}
		for _, s := range all {
			for _, r := range s {
				if !seen[r] && !drawn(r, system) {
					lacks = append(lacks, r)
				}
				seen[r] = true
			}
		}
	}
	sort.Slice(lacks, func(i, j int) bool { return lacks[i] < lacks[j] })
	return slices.Compact(lacks)
}

// drawn reports whether the theme's font or one of system's draws r.
func drawn(r rune, system func() *fontscan.FontMap) bool {
	if f := themeFace(); f != nil {
		if _, ok := f.NominalGlyph(r); ok {
			return true
		}
	}
	fm := system()
	if fm == nil {
		return false
	}
	systemFontsMu.Lock()
	defer systemFontsMu.Unlock()
	fm.SetQuery(fontscan.Query{Families: []string{fontscan.SansSerif}})
	f := fm.ResolveFace(r)
	if f == nil {
		return false
	}
	_, ok := f.NominalGlyph(r)
	return ok
}
