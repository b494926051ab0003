package ui

import (
	"encoding/json"
	"log"

	"github.com/hashdrop/hashdrop/app/desktop"
)

// platformWord is the text of translations/platform (the words of the
// desktop's menus and file managers, whose key is the English) in the
// window's language; the English when it has none.
func platformWord(english string) string {
	data, err := translations.ReadFile("translations/platform/" + windowLanguageCode() + ".json")
	if err != nil {
		return english
	}
	var m map[string]string
	if err := json.Unmarshal(data, &m); err != nil || m[english] == "" {
		return english
	}
	return m[english]
}

// assocWords are Explorer's words for Hashdrop's entries in the window's
// language.
func assocWords() desktop.AssocWords {
	e := desktop.EnglishAssocWords
	return desktop.AssocWords{ChecksumFile: platformWord(e.ChecksumFile), Verify: platformWord(e.Verify), Check: platformWord(e.Check)}
}

// localizeExplorerMenu words the entries of Explorer's menus that the
// installer wrote (in English: one language a value) in the window's
// language, off the Fyne goroutine; elsewhere than Windows it does nothing.
func localizeExplorerMenu() {
	words := assocWords()
	go func() {
		if err := desktop.LocalizeExplorerMenu(words); err != nil {
			log.Printf("hashdrop: the words of Explorer's menus: %v", err)
		}
	}()
}
