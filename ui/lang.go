package ui

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"text/template"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// The window speaks English and Japanese. Every word it shows goes through
// tr (or trn): the key is the English text of translations/en.json, with
// {{.Name}} fields, and Fyne's lang package finds it in the system
// language's file. fyne.*.json translate the words of Fyne's own dialogs,
// which Fyne ships in many languages but not in Japanese.
//
//go:embed translations
var translations embed.FS

var words struct {
	sync.Mutex
	ours    bool              // the system language is one of ours: ask lang
	english map[string]string // en.json, for every other language
	parsed  map[string]*template.Template
}

func init() { loadTranslations() }

// loadTranslations hands the translations to Fyne, which picks the one for
// the system language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG on Unix). Tests
// call it again after changing the language.
func loadTranslations() {
	if err := lang.AddTranslationsFS(translations, "translations"); err != nil {
		fyne.LogError("Hashdrop's translations", err)
	}
	english := make(map[string]string)
	if data, err := translations.ReadFile("translations/en.json"); err == nil {
		json.Unmarshal(data, &english)
	}
	words.Lock()
	defer words.Unlock()
	// Fyne chooses among every language it has words for; where Hashdrop has
	// none, asking lang would log a failed lookup for every label. The
	// window then speaks English, its words rendered here.
	switch lang.SystemLocale().LanguageString() {
	case "en", "ja":
		words.ours = true
	default:
		words.ours = false
	}
	words.english = english
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
	words.Lock()
	ours := words.ours
	words.Unlock()
	if ours {
		if data == nil {
			return lang.L(key)
		}
		return lang.L(key, data)
	}
	return englishWords(key, data)
}

// trn is tr for a sentence about n things: one is the English text for one
// thing, other for any other number (Japanese has one form for both).
func trn(n int, one, other string, pairs ...any) string {
	if n == 1 {
		return tr(one, pairs...)
	}
	return tr(other, pairs...)
}

// englishWords renders key's English text with data.
func englishWords(key string, data map[string]any) string {
	words.Lock()
	t, ok := words.parsed[key]
	if !ok {
		text, found := words.english[key]
		if !found {
			text = key
		}
		if strings.Contains(text, "{{") {
			t, _ = template.New("").Option("missingkey=zero").Parse(text)
		}
		words.parsed[key] = t
	}
	text := words.english[key]
	words.Unlock()
	if t == nil {
		if text == "" {
			return key
		}
		return text
	}
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		return key
	}
	return b.String()
}
