// Package cenv keeps Fyne quiet under the C locale. Fyne reads the language
// from LC_ALL/LC_MESSAGES/LANG while its packages initialise and logs "Error
// parsing user locale C" for C.UTF-8, the default of containers, CI machines
// and servers, on every run, including headless subcommands. Setting LANGUAGE
// (which gettext ignores under the C locale) tells it English instead.
//
// Go initialises packages in import-path order once their imports are ready
// (Go 1.21 and later); this path sorts before Fyne's locale reader
// (github.com/jeandeaual/go-locale) and imports no more than it does, so this
// runs first. ui imports it for its side effect.
package cenv

import (
	"os"
	"strings"
)

func init() {
	if language(os.Getenv) != "" {
		os.Setenv("LANGUAGE", "en")
	}
}

// language returns the LANGUAGE to set, or "" to leave the environment alone.
func language(getenv func(string) string) string {
	if getenv("LANGUAGE") != "" {
		return ""
	}
	locale := ""
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if locale = getenv(name); locale != "" {
			break
		}
	}
	if lang, _, _ := strings.Cut(locale, "."); lang == "C" || lang == "POSIX" {
		return "en"
	}
	return ""
}
