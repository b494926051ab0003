package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
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
// escaped name: a name holding a character escapeControls escapes, or a
// backslash, starts with a backslash, its backslashes are doubled and those
// characters escaped, so every status stays on one line, draws nothing and
// hides nothing, and no two names print alike (the file `a\nb` and the
// file "a", newline, "b"). On Windows a backslash is the separator of the
// folders, which names cannot hold: there it is marked only with the rest.
func quoteName(name string) string {
	if !app.HasHidden(name) && (filepath.Separator == '\\' || !strings.Contains(name, `\`)) {
		return name
	}
	return `\` + escapeControls(strings.ReplaceAll(name, `\`, `\\`))
}

// visibleLines escapes what the flag package writes, which echoes an
// unknown flag as it was given ("-evil\u202eosi"): line by line, keeping
// the line ends and the tabs of its usage text.
type visibleLines struct{ w io.Writer }

func (v visibleLines) Write(p []byte) (int, error) {
	lines := strings.Split(string(p), "\n")
	for i, l := range lines {
		cells := strings.Split(l, "\t")
		for k, c := range cells {
			cells[k] = escapeControls(c)
		}
		lines[i] = strings.Join(cells, "\t")
	}
	if _, err := io.WriteString(v.w, strings.Join(lines, "\n")); err != nil {
		return 0, err
	}
	return len(p), nil
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
