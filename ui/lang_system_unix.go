//go:build !windows && !darwin

package ui

import (
	"github.com/hashdrop/hashdrop/ui/internal/cenv"
)

// systemLanguages are the languages the user asks for, in order, read as
// GNU gettext reads them: LC_ALL, LC_MESSAGES, LANG, with LANGUAGE's list
// first except under the C locale.
// LANGUAGE is the system's, not the one tellFyne sets for Fyne.
func systemLanguages() []string { return cenv.Languages(getenvBefore) }
