package ui

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// pastedSumsName is the name a checksum file pasted as text is kept
// under: one that says nothing of its algorithm, so that its lines' own
// lengths and tags say it.
const pastedSumsName = "CHECKSUMS"

// takePastedSums takes text of several lines that are checksum lines (a
// SHA256SUMS copied from a web page) as a checksum file given for the
// files, rather than refusing it as a digest: it is kept in a folder of
// its own under the system's temporary folder (written to a temporary
// name, then renamed) and used as one opened. It reports whether it took
// the text.
func (w *Window) takePastedSums(text string) bool {
	if !strings.Contains(text, "\n") {
		return false
	}
	sf, err := checksum.Parse(pastedSumsName, []byte(text))
	if err != nil || sf.EntryCount < 1 || sf.ProblemCount > sf.EntryCount {
		return false
	}
	n := sf.EntryCount
	gen := w.gen
	w.background(func() {
		path, err := keepPasted(text)
		var x *checksum.Index
		if err == nil {
			x = readGiven(path)
		}
		w.do(func() {
			if gen != w.gen {
				return
			}
			if x == nil {
				w.flash(tr("The pasted checksum lines could not be kept: {{.Reason}}", "Reason", errorText(err)))
				return
			}
			w.tracef("pasted checksum lines kept as %s", path)
			w.addGiven(x)
			w.flash(trn(n, "Taken as a checksum file of {{.N}} line: the files it lists are compared with it",
				"Taken as a checksum file of {{.N}} lines: the files it lists are compared with them", "N", units.Thousands(n)))
			w.judge()
		})
	})
	return true
}

// keepPasted writes text to a new folder of its own under the temporary
// folder, through a temporary name renamed into place.
func keepPasted(text string) (string, error) {
	dir, err := os.MkdirTemp("", "hashdrop-pasted-")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, pastedSumsName)
	tmp := path + ".part"
	if err := os.WriteFile(tmp, []byte(text+"\n"), 0o600); err != nil {
		return "", err
	}
	return path, os.Rename(tmp, path)
}

// pastedSums reports whether path is a checksum file kept by
// takePastedSums, which the window names as what it is: lines pasted.
func pastedSums(path string) bool {
	dir := filepath.Dir(path)
	return filepath.Base(path) == pastedSumsName && strings.HasPrefix(filepath.Base(dir), "hashdrop-pasted-") &&
		filepath.Dir(dir) == filepath.Clean(os.TempDir())
}
