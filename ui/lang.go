package ui

import (
	"embed"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"text/template"
	_ "unsafe" // go:linkname, for Fyne's language (tellFyne)

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"golang.org/x/text/feature/plural"
	xlanguage "golang.org/x/text/language"

	"github.com/hashdrop/hashdrop/ui/internal/cenv"
)

// The window speaks the languages of allLanguages that translations/ has a
// file for. Every word it shows goes through tr (or trn): the key is the
// English text of translations/en.json, with {{.Name}} fields, found in the
// file of the window's language (ja.json, de.json ...): the language of the
// setting (prefLanguage) or else the first of the system's languages that
// the window speaks. A text is a string, or for a sentence about a number
// of things an object of CLDR plural categories ({"one": ..., "few": ...,
// "many": ..., "other": ...}). fyne.*.json translate the words of Fyne's own
// dialogs in the languages Fyne lacks; Fyne's lang package reads those.
//
//go:embed translations
var translations embed.FS

// fyneWords are the fyne.*.json files alone, for Fyne's lang package, which
// reads every file of the folder it is given as a translation.
//
//go:embed translations/fyne.*.json
var fyneWords embed.FS

// A windowLanguage is one the window can speak.
type windowLanguage struct {
	code string // the file's name: "de", "pt-BR", "zh-Hans" (cenv.Code's names)
	name string // in the language itself, for the menu
	fyne string // Fyne's name for it, as its files are named: "pt_BR"
}

// allLanguages are the languages Hashdrop has or will have words for, in
// the order of the menu; ourLanguages are those with a file.
var allLanguages = []windowLanguage{
	{"en", "English", "en"},
	{"de", "Deutsch", "de"},
	{"es", "Español", "es"},
	{"fr", "Français", "fr"},
	{"id", "Bahasa Indonesia", "id"},
	{"it", "Italiano", "it"},
	{"pl", "Polski", "pl"},
	{"pt-BR", "Português (Brasil)", "pt_BR"},
	{"tr", "Türkçe", "tr"},
	{"vi", "Tiếng Việt", "vi"},
	{"ru", "Русский", "ru"},
	{"uk", "Українська", "uk"},
	{"ja", "日本語", "ja"},
	{"ko", "한국어", "ko"},
	{"zh-Hans", "简体中文", "zh_Hans"},
	{"zh-Hant", "繁體中文", "zh_Hant"},
}

// ourLanguages are the languages of allLanguages that translations/ has a
// file for, in the menu's order.
func ourLanguages() []windowLanguage {
	var out []windowLanguage
	for _, l := range allLanguages {
		if _, err := translations.Open("translations/" + l.code + ".json"); err == nil {
			out = append(out, l)
		}
	}
	return out
}

// languageOf is the language of code among ours; ok is false when the
// window does not speak it.
func languageOf(code string) (l windowLanguage, ok bool) {
	ours := ourLanguages()
	i := slices.IndexFunc(ours, func(l windowLanguage) bool { return l.code == code })
	if i < 0 {
		return windowLanguage{}, false
	}
	return ours[i], true
}

// chooseLanguage is the first of the user's languages (cenv.Code's names)
// the window speaks; English when it speaks none of them.
func chooseLanguage(prefs []string) string {
	for _, l := range prefs {
		if _, ok := languageOf(l); ok {
			return l
		}
	}
	return "en"
}

// A text is a translation's value: a string, or forms by plural category.
type text struct {
	s     string
	forms map[string]string // "one", "few", "many", "other"
}

func (t *text) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '{' {
		return json.Unmarshal(b, &t.forms)
	}
	return json.Unmarshal(b, &t.s)
}

// form is the text for plural category c: the string, or the form c,
// else "other".
func (t text) form(c string) string {
	if t.forms == nil {
		return t.s
	}
	if s, ok := t.forms[c]; ok {
		return s
	}
	return t.forms["other"]
}

var words struct {
	sync.Mutex
	language string                        // a code of ourLanguages
	chosen   bool                          // by the setting, not the system
	tag      xlanguage.Tag                 // for the plural rules
	text     map[string]text               // the language's file, over en.json
	parsed   map[string]*template.Template // texts with fields, parsed once, by key and category
}

func init() { loadTranslations("") }

// readTexts reads the translation of code (en.json under the others).
func readTexts(code string) (map[string]text, error) {
	texts := make(map[string]text)
	for _, name := range []string{"en", code} {
		data, err := translations.ReadFile("translations/" + name + ".json")
		if err == nil {
			err = json.Unmarshal(data, &texts)
		}
		if err != nil {
			return texts, fmt.Errorf("translations/%s.json: %w", name, err)
		}
	}
	return texts, nil
}

// loadTranslations makes the window speak chosen (a code of ourLanguages),
// or when chosen is "" or not ours the system language (systemLanguages),
// and hands fyne.*.json, the words of Fyne's own dialogs, to Fyne's lang
// package, telling it the chosen language. Run calls it with the setting;
// tests call it again after changing the language.
func loadTranslations(chosen string) {
	if err := lang.AddTranslationsFS(fyneWords, "translations"); err != nil {
		fyne.LogError("Hashdrop's translations", err)
	}
	language := chosen
	l, ok := languageOf(chosen)
	if ok {
		tellFyne(l)
	} else {
		restoreLANGUAGE()
		language = chooseLanguage(systemLanguages())
	}
	texts, err := readTexts(language)
	if err != nil {
		fyne.LogError("Hashdrop's translations", err)
	}
	words.Lock()
	defer words.Unlock()
	words.language = language
	words.chosen = ok
	words.tag = xlanguage.Make(language)
	words.text = texts
	words.parsed = make(map[string]*template.Template)
}

// fyneSetupLang is Fyne's own choice of its dialogs' language, which it
// makes from the system's languages alone (lang.updateLocalizer) and offers
// no way to override: an app that lets its user choose a language must
// reach it this way. TestFyneSpeaksTheChosenLanguage fails when a Fyne
// release changes it.
//
//go:linkname fyneSetupLang fyne.io/fyne/v2/lang.setupLang
func fyneSetupLang(lang string)

// tellFyne makes Fyne's dialogs speak l. Where Fyne reads the languages
// from the environment (Linux, BSD) LANGUAGE says l too, so that the font
// Fyne picks for the text (lang.SystemLocale) is one for l: the Chinese,
// not the Japanese, forms of the characters both write.
func tellFyne(l windowLanguage) {
	if runtime.GOOS != "windows" && runtime.GOOS != "darwin" {
		if !systemLANGUAGE.saved {
			systemLANGUAGE.value, systemLANGUAGE.set = os.LookupEnv("LANGUAGE")
			systemLANGUAGE.saved = true
		}
		os.Setenv("LANGUAGE", cenv.Posix(l.code))
		lang.AddTranslationsFS(fyneWords, "translations") // Fyne reads LANGUAGE again
	}
	fyneSetupLang(strings.ReplaceAll(l.fyne, "_", "-"))
}

// systemLANGUAGE is LANGUAGE as it was before tellFyne changed it.
var systemLANGUAGE struct {
	value      string
	set, saved bool
}

// restoreLANGUAGE undoes tellFyne's LANGUAGE, and has Fyne read it again.
func restoreLANGUAGE() {
	if !systemLANGUAGE.saved {
		return
	}
	if systemLANGUAGE.set {
		os.Setenv("LANGUAGE", systemLANGUAGE.value)
	} else {
		os.Unsetenv("LANGUAGE")
	}
	systemLANGUAGE.saved = false
	lang.AddTranslationsFS(fyneWords, "translations")
}

// getenvBefore is os.Getenv with LANGUAGE as the system set it, not as
// tellFyne did.
func getenvBefore(k string) string {
	if k == "LANGUAGE" && systemLANGUAGE.saved {
		return systemLANGUAGE.value
	}
	return os.Getenv(k)
}

// windowLanguageCode is the language the window speaks.
func windowLanguageCode() string {
	words.Lock()
	defer words.Unlock()
	return words.language
}

// tr is the window's words for key (the English text) in the window's
// language; pairs name the fields of the text and their values:
//
//	tr("Saved {{.Name}}", "Name", "SHA256SUMS")
func tr(key string, pairs ...any) string {
	return render(key, "other", fieldData(pairs))
}

func fieldData(pairs []any) map[string]any {
	if len(pairs) == 0 {
		return nil
	}
	data := make(map[string]any, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		data[fmt.Sprint(pairs[i])] = pairs[i+1]
	}
	return data
}

// trn is tr for a sentence about n things: one is the English text for one
// thing, other for any other number. The language's CLDR plural rules give
// n's category: a text of forms gives the form of that category; a plain
// text is one's for one thing or the category "one" (0 and 1 in French),
// other's for the rest.
func trn(n int, one, other string, pairs ...any) string {
	words.Lock()
	tag := words.tag
	words.Unlock()
	c := pluralCategory(tag, n)
	key := other
	if n == 1 || c == "one" {
		key = one
	}
	return render(key, c, fieldData(pairs))
}

// categoryNames are plural.Form's names, as CLDR and the translations write
// them.
var categoryNames = map[plural.Form]string{
	plural.Other: "other", plural.Zero: "zero", plural.One: "one",
	plural.Two: "two", plural.Few: "few", plural.Many: "many",
}

// pluralCategory is the CLDR cardinal category of the whole number n in
// the language tag.
func pluralCategory(tag xlanguage.Tag, n int) string {
	if n < 0 {
		n = -n
	}
	return categoryNames[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)]
}

// render writes key's text (its form for plural category c) in the
// window's language with data.
func render(key, c string, data map[string]any) string {
	words.Lock()
	t, found := words.text[key]
	s := key
	if found {
		s = t.form(c)
	}
	id := key + "\x00" + c
	tm, ok := words.parsed[id]
	if !ok {
		if strings.Contains(s, "{{") {
			tm, _ = template.New("").Option("missingkey=zero").Parse(s)
		}
		words.parsed[id] = tm
	}
	words.Unlock()
	if tm == nil {
		return s
	}
	var b strings.Builder
	if err := tm.Execute(&b, data); err != nil {
		return key
	}
	return b.String()
}
