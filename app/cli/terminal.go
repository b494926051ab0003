package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"
)

// What reaches a terminal must not be able to move its cursor or change its
// state: a hostile checksum file could otherwise draw "b.txt: OK" over a
// FAILED line. Control characters in names and messages are written as
// escapes (\n \r \t \e \xHH), like coreutils quotes names in its
// diagnostics.

// isControl reports whether r is a C0 or C1 control character or DEL.
func isControl(r rune) bool { return r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 }

// hasControl reports whether s holds a control character or a byte that is
// not UTF-8 (which an 8-bit terminal may take for one).
func hasControl(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isControl(r) || r == utf8.RuneError && n == 1 {
			return true
		}
		i += n
	}
	return false
}

// escapeControls writes the control characters of s, and bytes that are not
// UTF-8, as escapes; everything else, backslashes included, stays.
func escapeControls(s string) string {
	if !hasControl(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == 0x1b:
			b.WriteString(`\e`)
		case r < 0x80 && isControl(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case isControl(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// quoteName writes a name for a status line the way coreutils marks an
// escaped name: a name holding a control character starts with a backslash,
// its backslashes are doubled and its control characters escaped, so every
// status stays on one line and draws nothing.
func quoteName(name string) string {
	if !hasControl(name) {
		return name
	}
	return `\` + escapeControls(strings.ReplaceAll(name, `\`, `\\`))
}

// errorf prints one line on stderr with its control characters escaped.
func (c *cli) errorf(format string, args ...any) {
	fmt.Fprintln(c.stderr, escapeControls(fmt.Sprintf(format, args...)))
}

// isTerminal reports whether w is a terminal (or another character device).
func isTerminal(w io.Writer) bool {
	if o, ok := w.(*outputWriter); ok {
		w = o.w
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
