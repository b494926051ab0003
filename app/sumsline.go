package app

import (
	"path/filepath"
	"strings"
)

// GNULine formats one line of a GNU sums file ("HEX  NAME") the way coreutils
// does: a name holding a backslash, newline or carriage return is escaped and
// the line starts with a backslash.
func GNULine(hex, name string) string {
	name, escaped := escapeName(name)
	if escaped {
		return `\` + hex + "  " + name
	}
	return hex + "  " + name
}

// BSDLine formats one BSD-tagged line ("SHA256 (NAME) = HEX"), escaped like
// GNULine.
func BSDLine(tag, hex, name string) string {
	name, escaped := escapeName(name)
	if escaped {
		return `\` + tag + " (" + name + ") = " + hex
	}
	return tag + " (" + name + ") = " + hex
}

var nameEscaper = strings.NewReplacer(`\`, `\\`, "\n", `\n`, "\r", `\r`)

func escapeName(name string) (string, bool) {
	name = filepath.ToSlash(name)
	if !strings.ContainsAny(name, "\\\n\r") {
		return name, false
	}
	return nameEscaper.Replace(name), true
}
