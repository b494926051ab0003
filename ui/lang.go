package ui

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"text/template"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// The window speaks English and Japanese. Every word it shows goes through
// tr (or trn): the key is the English text of translations/en.json, with
// {{.Name}} fields, found in the file of the system language (ja.json).
// fyne.*.json translate the words of Fyne's own dialogs, which Fyne ships
// in many languages but not in Japanese; Fyne's lang package reads those.
//
//go:embed translations
var translations embed.FS

// fyneWords are the fyne.*.json files alone, for Fyne's lang package, which
// reads every file of the folder it is given as a translation.
//
//go:embed translations/fyne.*.json
var fyneWords embed.FS

var words struct {
	sync.Mutex
	language string                        // "en" or "ja"
	text     map[string]string             // the language's file, over en.json
	parsed   map[string]*template.Template // texts with fields, parsed once
}

func init() { loadTranslations() }

// ourLanguages are the languages the window has words for.
var ourLanguages = []string{"en", "ja"}

// chooseLanguage is the first of the user's languages the window speaks;
// English when it speaks none of them.
func chooseLanguage(prefs []string) string {
	for _, l := range prefs {
		if slices.Contains(ourLanguages, l) {
			return l
		}
	}
	return "en"
}

// loadTranslations reads the window's words in the system language
// (systemLanguages) and hands fyne.*.json, the words of Fyne's own dialogs,
// to Fyne's lang package. Tests call it again after changing the language.
func loadTranslations() {
	if err := lang.AddTranslationsFS(fyneWords, "translations"); err != nil {
		fyne.LogError("Hashdrop's translations", err)
	}
	language := chooseLanguage(systemLanguages())
	text := make(map[string]string)
	for _, name := range []string{"en", language} {
		data, err := translations.ReadFile("translations/" + name + ".json")
		if err == nil {
			err = json.Unmarshal(data, &text)
		}
		if err != nil {
			fyne.LogError("Hashdrop's translations", err)
		}
	}
	words.Lock()
	defer words.Unlock()
	words.language = language
	words.text = text
	words.parsed = make(map[string]*template.Template)
}

// tr is the window's words for key (the English text) in the system
// language; pairs name the fields of the text and their values:
//
//	tr("Saved {{.Name}}", "Name", "SHA256SUMS")
func tr(key string, pairs ...any) string {
	var data map[string]any
	if len(pairs) > 0 {
		data = make(map[string]any, len(pairs)/2)
		for i := 0; i+1 < len(pairs); i += 2 {
			data[fmt.Sprint(pairs[i])] = pairs[i+1]
		}
	}
	return render(key, data)
}

// trn is tr for a sentence about n things: one is the English text for one
// thing, other for any other number (Japanese has one form for both).
func trn(n int, one, other string, pairs ...any) string {
	if n == 1 {
		return tr(one, pairs...)
	}
	return tr(other, pairs...)
}

// render writes key's text in the window's language with data.
func render(key string, data map[string]any) string {
	words.Lock()
	text, found := words.text[key]
	if !found {
		text = key
	}
	t, ok := words.parsed[key]
	if !ok {
		if strings.Contains(text, "{{") {
			t, _ = template.New("").Option("missingkey=zero").Parse(text)
		}
		words.parsed[key] = t
	}
	words.Unlock()
	if t == nil {
		return text
	}
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		return key
	}
	return b.String()
}
