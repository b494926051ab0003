package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hashdrop/hashdrop/app"
)

// What reaches a terminal must not be able to move its cursor or change its
// state: a hostile checksum file could otherwise draw "b.txt: OK" over a
// FAILED line. Nor may a name hide a character or turn itself around
// ("ubuntu\u200b.iso", "evil\u202eosi.exe"). Control, invisible and
// bidirectional characters in names and messages are written as escapes
// (\n \r \t \e \xHH \u200b; see app.VisibleText), like coreutils quotes
// names in its diagnostics.

// escapeControls writes the control, invisible and bidirectional
// characters of s, and bytes that are not UTF-8, as escapes; everything
// else, backslashes included, stays.
func escapeControls(s string) string { return app.VisibleText(s) }

// quoteName writes a name for a status line the way coreutils marks an
// escaped name: a name holding a character escapeControls escapes starts
// with a backslash, its backslashes are doubled and those characters
// escaped, so every status stays on one line, draws nothing and hides
// nothing.
func quoteName(name string) string {
	if !app.HasHidden(name) {
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
