package watch

import (
	"strings"
)

// partialSuffixes are the names browsers and download tools give a file
// while they write it (../shared/research/downloads.md §1): Firefox
// ".part", Chromium, Chrome, Edge, Brave and Vivaldi ".crdownload", Safari's
// ".download" bundle, Opera ".opdownload", GNOME Web ".wkdownload", aria2's
// control file ".aria2", and a few download managers' own.
var partialSuffixes = []string{
	".part", ".crdownload", ".download", ".opdownload", ".wkdownload",
	".aria2", ".partial", ".tmp", ".!ut", ".!qb", ".bc!",
}

// hiddenPrefixes are the temporary files Chromium may make before it knows
// the final name (.org.chromium.Chromium.XXXXXX, .com.google.Chrome.XXXXXX).
var hiddenPrefixes = []string{".org.chromium.", ".com.google.", ".com.microsoft.", ".com.brave."}

// InProgress reports whether name is a download still being written: a
// browser's or tool's temporary name, never a final one.
func InProgress(name string) bool {
	n := strings.ToLower(name)
	for _, s := range partialSuffixes {
		if strings.HasSuffix(n, s) {
			return true
		}
	}
	for _, p := range hiddenPrefixes {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	return false
}

// busy reports whether one of names (the folder's entries) says that the
// file final is still being written: "F.part", "F.crdownload", "F.aria2",
// a "F.download" bundle..., or Firefox's randomised part file, which keeps
// the name up to its first dot and every extension after it
// ("ubuntu-24.X7d9a.04-desktop-amd64.iso.part" for
// "ubuntu-24.04-desktop-amd64.iso").
func busy(final string, names []string) bool {
	f := strings.ToLower(final)
	stem, rest, dotted := strings.Cut(f, ".")
	for _, name := range names {
		n := strings.ToLower(name)
		if !InProgress(n) || n == f {
			continue
		}
		for _, s := range partialSuffixes {
			if n == f+s {
				return true
			}
		}
		if !dotted || !strings.HasSuffix(n, ".part") {
			continue
		}
		// <stem>.<random>.<rest>.part
		p := strings.TrimSuffix(n, ".part")
		if strings.HasPrefix(p, stem+".") && strings.HasSuffix(p, "."+rest) && len(p) > len(stem)+len(rest)+2 {
			return true
		}
	}
	return false
}
