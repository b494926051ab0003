// Package cenv makes the environment say the window's language, and where
// the host's fonts are in a Flatpak (fontDataDirs), before Fyne reads it.
// Fyne reads the language from LC_ALL/LC_MESSAGES/LANG and LANGUAGE while
// its packages initialise:
//   - under C.UTF-8, the default of containers, CI machines and servers, it
//     logs "Error parsing user locale C" on every run, headless subcommands
//     included; LANGUAGE=en (which gettext ignores under the C locale) tells
//     it English instead;
//   - under LANG=ja_JP.UTF-8 alone its own dialogs stay English, while
//     LANGUAGE=ja switches them; LANGUAGE set to the locale's language
//     (what gettext would use anyway) makes them follow LANG.
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
	if l := language(os.Getenv); l != "" {
		os.Setenv("LANGUAGE", l)
	}
	if d, ok := fontDataDirs(os.Getenv, exists); ok {
		os.Setenv("XDG_DATA_DIRS", d)
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// hostFonts is where Flatpak puts the host's fonts in the sandbox.
const hostFonts = "/run/host/fonts"

// fontDataDirs returns the XDG_DATA_DIRS under which Fyne finds the host's
// fonts too, in a Flatpak; ok is false to leave the environment alone.
// Fyne's font finder (go-text's fontscan) looks in $XDG_DATA_DIRS/fonts and
// the folders fontconfig's files name with <dir>; Flatpak names the host's
// fonts with a <remap-dir> (in /run/host/font-dirs.xml), which fontscan
// does not read, so that Chinese, Japanese and Korean would need fonts of
// the runtime itself. The host's folder comes last: the runtime's fonts
// first, as fontconfig orders them.
func fontDataDirs(getenv func(string) string, exists func(string) bool) (string, bool) {
	if !exists("/.flatpak-info") || !exists(hostFonts) {
		return "", false
	}
	host := strings.TrimSuffix(hostFonts, "/fonts")
	dirs := getenv("XDG_DATA_DIRS")
	if dirs == "" {
		dirs = "/usr/local/share:/usr/share" // the specification's default
	}
	for _, d := range strings.Split(dirs, ":") {
		if strings.TrimSuffix(d, "/") == host {
			return "", false
		}
	}
	return dirs + ":" + host, true
}

// language returns the LANGUAGE to set, or "" to leave the environment alone.
func language(getenv func(string) string) string {
	if getenv("LANGUAGE") != "" {
		return "" // gettext's first choice; go-locale's too, outside the C locale
	}
	locale := Locale(getenv)
	if locale == "" {
		return ""
	}
	if IsC(locale) {
		return "en"
	}
	switch Base(locale) {
	case "zh", "pt":
		// The region tells gettext and Fyne which Chinese or Portuguese.
		l, _, _ := strings.Cut(locale, ".")
		l, _, _ = strings.Cut(l, "@")
		return l
	}
	return Base(locale)
}

// Locale is the locale of messages as gettext finds it: the first of
// LC_ALL, LC_MESSAGES and LANG that is set.
func Locale(getenv func(string) string) string {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if l := getenv(name); l != "" {
			return l
		}
	}
	return ""
}

// IsC reports whether locale is the C (or POSIX) locale, in any encoding.
func IsC(locale string) bool {
	l, _, _ := strings.Cut(locale, ".")
	return l == "C" || l == "POSIX"
}

// Base is the language of a locale or language tag: "ja" of
// "ja_JP.UTF-8", "ja-JP" and "ja".
func Base(locale string) string {
	l, _, _ := strings.Cut(locale, ".")
	l, _, _ = strings.Cut(l, "@")
	l, _, _ = strings.Cut(l, "_")
	l, _, _ = strings.Cut(l, "-")
	return strings.ToLower(l)
}

// Code is the language of a locale or language tag as Hashdrop names its
// translations: Base, except for the languages written in two ways, whose
// script or region decides: "zh-Hans" of "zh_CN", "zh_SG", "zh-Hans-HK" and
// a bare "zh"; "zh-Hant" of "zh_TW", "zh_HK", "zh_MO" and "zh-Hant"; and
// "pt-BR" of every Portuguese ("pt_BR", "pt_PT", "pt"), the one
// Portuguese Hashdrop speaks.
func Code(locale string) string {
	base := Base(locale)
	switch base {
	case "pt":
		return "pt-BR"
	case "zh":
	default:
		return base
	}
	l, _, _ := strings.Cut(locale, ".")
	l, _, _ = strings.Cut(l, "@")
	parts := strings.FieldsFunc(l, func(r rune) bool { return r == '_' || r == '-' })
	for _, p := range parts[1:] {
		switch strings.ToLower(p) {
		case "hans":
			return "zh-Hans"
		case "hant", "tw", "hk", "mo":
			return "zh-Hant"
		}
	}
	return "zh-Hans"
}

// Posix is the locale name gettext knows a Code by: "zh_CN" of
// "zh-Hans", "zh_TW" of "zh-Hant", "pt_BR" of "pt-BR"; the others as they are.
func Posix(code string) string {
	switch code {
	case "zh-Hans":
		return "zh_CN"
	case "zh-Hant":
		return "zh_TW"
	}
	return strings.ReplaceAll(code, "-", "_")
}

// Languages lists the languages the user asks for, in order, as GNU gettext
// reads them on Unix: none under the C locale; else LANGUAGE's
// colon-separated list, then the locale's language (each as Code names it).
func Languages(getenv func(string) string) []string {
	locale := Locale(getenv)
	if IsC(locale) {
		return nil
	}
	var out []string
	for _, l := range strings.Split(getenv("LANGUAGE"), ":") {
		if l != "" {
			out = append(out, Code(l))
		}
	}
	if locale != "" {
		out = append(out, Code(locale))
	}
	return out
}
