package desktop

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/hashdrop/hashdrop/app"
)

// AppID is Hashdrop's application id: Fyne's (its preferences folder), the
// desktop entry's, the AppStream component's and the Flatpak's. Flathub
// wants four parts for an id under a code-hosting prefix such as io.github
// (its linter's appid-code-hosting-too-few-components): the account, then
// the repository, github.com/hashdrop/hashdrop.
const AppID = "io.github.hashdrop.hashdrop"

// OldAppID is the id of Hashdrop 0.1.0 and the builds before it, which
// MigrateOldID moves a user's settings away from.
const OldAppID = "io.github.hashdrop"

// Home says where a user's files are, for MigrateOldID; its zero fields
// are found as the program finds them (UserHome).
type Home struct {
	GOOS       string
	Dir        string   // the home folder
	ConfigHome string   // $XDG_CONFIG_HOME, or ~/.config
	DataHome   string   // $XDG_DATA_HOME, or ~/.local/share
	DataDirs   []string // $XDG_DATA_DIRS, or /usr/local/share and /usr/share
}

// UserHome is this user's Home, from the environment as the XDG base
// directory specification reads it.
func UserHome(getenv func(string) string) Home {
	h := Home{GOOS: runtime.GOOS, ConfigHome: getenv("XDG_CONFIG_HOME"), DataHome: getenv("XDG_DATA_HOME")}
	h.Dir, _ = os.UserHomeDir()
	if !filepath.IsAbs(h.ConfigHome) {
		h.ConfigHome = filepath.Join(h.Dir, ".config")
	}
	if !filepath.IsAbs(h.DataHome) {
		h.DataHome = filepath.Join(h.Dir, ".local", "share")
	}
	for _, d := range filepath.SplitList(getenv("XDG_DATA_DIRS")) {
		if filepath.IsAbs(d) {
			h.DataDirs = append(h.DataDirs, d)
		}
	}
	if len(h.DataDirs) == 0 {
		h.DataDirs = []string{"/usr/local/share", "/usr/share"}
	}
	return h
}

// FyneConfigDir is the folder where Fyne 2.7 keeps an app's preferences
// (preferences.json) and documents: fyne.io/fyne/v2/internal/app's
// rootConfigDir joined with the app's id.
func (h Home) FyneConfigDir(id string) string {
	switch h.GOOS {
	case "windows":
		return filepath.Join(h.Dir, "AppData", "Roaming", "fyne", id)
	case "darwin":
		return filepath.Join(h.Dir, "Library", "Preferences", "fyne", id)
	}
	return filepath.Join(h.ConfigHome, "fyne", id)
}

// MigrateOldID moves what an install of OldAppID left in the user's home
// to AppID, so that an upgrade keeps the user's choices:
//
//   - Fyne's preferences folder of the old id becomes the new id's, when
//     the new one does not exist yet (once: the next start finds nothing
//     to move);
//   - on Linux and the BSDs, where the old desktop entry is no longer
//     installed (the package or make install replaced it), the
//     mimeapps.list files of the user that name it (the defaults xdg-mime
//     set, "Open With" choices) name the new entry instead.
//
// It returns what it changed, one line each, and the first error, naming
// the file; an error leaves the rest to the next start.
func MigrateOldID(h Home) (changed []string, err error) {
	oldDir, newDir := h.FyneConfigDir(OldAppID), h.FyneConfigDir(AppID)
	if fi, e := os.Lstat(oldDir); e == nil && fi.IsDir() {
		if _, e := os.Lstat(newDir); errors.Is(e, fs.ErrNotExist) {
			if e := os.Rename(oldDir, newDir); e != nil {
				err = fmt.Errorf("cannot move the settings folder %s to %s: %s", oldDir, newDir, app.ErrorWords(e))
			} else {
				changed = append(changed, "moved "+oldDir+" to "+newDir)
			}
		}
	}
	switch h.GOOS {
	case "windows", "darwin", "ios", "android", "js":
		return changed, err
	}
	oldEntry, newEntry := OldAppID+".desktop", AppID+".desktop"
	for _, d := range append([]string{h.DataHome}, h.DataDirs...) {
		if _, e := os.Stat(filepath.Join(d, "applications", oldEntry)); e == nil {
			return changed, err // the old entry is still installed: its lines still work
		}
	}
	lists := []string{filepath.Join(h.ConfigHome, "mimeapps.list"), filepath.Join(h.DataHome, "applications", "mimeapps.list")}
	desktopLists, _ := filepath.Glob(filepath.Join(h.ConfigHome, "*-mimeapps.list"))
	for _, f := range append(lists, desktopLists...) {
		did, e := renameInMimeapps(f, oldEntry, newEntry)
		if did {
			changed = append(changed, "in "+f+": "+oldEntry+" is now "+newEntry)
		}
		if e != nil && err == nil {
			err = e
		}
	}
	return changed, err
}

// renameInMimeapps rewrites the mimeapps.list file so that every list of
// desktop ids in it names newEntry where it named oldEntry (once per list).
// A missing file is nothing to do. The file is replaced whole, by a rename.
func renameInMimeapps(file, oldEntry, newEntry string) (bool, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("cannot read %s: %s", file, app.ErrorWords(err))
	}
	lines := strings.SplitAfter(string(data), "\n")
	did := false
	for i, line := range lines {
		body := strings.TrimRight(line, "\r\n")
		k, v, ok := strings.Cut(body, "=")
		if !ok || strings.HasPrefix(strings.TrimSpace(body), "#") || strings.HasPrefix(strings.TrimSpace(body), "[") {
			continue
		}
		ids := strings.Split(v, ";")
		hasOld := false
		for _, id := range ids {
			hasOld = hasOld || strings.TrimSpace(id) == oldEntry
		}
		if !hasOld {
			continue
		}
		var out []string
		seen := map[string]bool{}
		for _, id := range ids {
			id = strings.TrimSpace(id)
			if id == oldEntry {
				id = newEntry
			}
			if id == "" || seen[id] {
				continue
			}
			seen[id] = true
			out = append(out, id)
		}
		lines[i] = k + "=" + strings.Join(out, ";") + ";" + line[len(body):]
		did = true
	}
	if !did {
		return false, nil
	}
	fi, err := os.Stat(file)
	if err != nil {
		return false, fmt.Errorf("cannot read %s: %s", file, app.ErrorWords(err))
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".mimeapps-*.tmp")
	if err != nil {
		return false, fmt.Errorf("cannot rewrite %s: %s", file, app.ErrorWords(err))
	}
	_, werr := tmp.WriteString(strings.Join(lines, ""))
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), fi.Mode().Perm())
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), file)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return false, fmt.Errorf("cannot rewrite %s: %s", file, app.ErrorWords(werr))
	}
	return true, nil
}
