//go:build unix

package desktop

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A home as Hashdrop 0.1.0 left it, with io.github.hashdrop: Fyne's
// preferences, and mimeapps.list with the defaults make install's xdg-mime
// set and an "Open With" choice, beside other programs' lines.
func oldHome(t *testing.T) (Home, string) {
	t.Helper()
	root := filepath.Join(t.TempDir(), "a home")
	h := Home{GOOS: "linux", Dir: root, ConfigHome: filepath.Join(root, ".config"),
		DataHome: filepath.Join(root, ".local", "share"), DataDirs: []string{filepath.Join(root, "usr", "share")}}
	prefs := filepath.Join(h.ConfigHome, "fyne", OldAppID, "preferences.json")
	write(t, prefs, `{"language":"ja"}`)
	write(t, filepath.Join(h.ConfigHome, "mimeapps.list"), "[Default Applications]\n"+
		"text/x-sha256=io.github.hashdrop.desktop;\n"+
		"text/x-md5=io.github.hashdrop.desktop\n"+
		"text/plain=org.gnome.TextEditor.desktop;\n"+
		"\n[Added Associations]\n"+
		"application/x-iso9660-image=gnome-disk-image-mounter.desktop;io.github.hashdrop.desktop;io.github.hashdrop.hashdrop.desktop;\n"+
		"# io.github.hashdrop.desktop in a comment stays\n")
	return h, prefs
}

func write(t *testing.T, name, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestMigrateOldID(t *testing.T) {
	h, _ := oldHome(t)
	changed, err := MigrateOldID(h)
	if err != nil {
		t.Fatal(err)
	}
	if len(changed) != 2 {
		t.Errorf("changed %q, want the settings folder and mimeapps.list", changed)
	}
	data, err := os.ReadFile(filepath.Join(h.ConfigHome, "fyne", AppID, "preferences.json"))
	if err != nil || string(data) != `{"language":"ja"}` {
		t.Errorf("the new id's preferences: %q %v", data, err)
	}
	if _, err := os.Stat(h.FyneConfigDir(OldAppID)); !os.IsNotExist(err) {
		t.Errorf("the old settings folder is still there: %v", err)
	}
	list := filepath.Join(h.ConfigHome, "mimeapps.list")
	got, _ := os.ReadFile(list)
	want := "[Default Applications]\n" +
		"text/x-sha256=io.github.hashdrop.hashdrop.desktop;\n" +
		"text/x-md5=io.github.hashdrop.hashdrop.desktop;\n" +
		"text/plain=org.gnome.TextEditor.desktop;\n" +
		"\n[Added Associations]\n" +
		"application/x-iso9660-image=gnome-disk-image-mounter.desktop;io.github.hashdrop.hashdrop.desktop;\n" +
		"# io.github.hashdrop.desktop in a comment stays\n"
	if string(got) != want {
		t.Errorf("mimeapps.list:\n%s\nwant:\n%s", got, want)
	}
	if fi, err := os.Stat(list); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mimeapps.list mode %v %v, want 0600 as it was", fi.Mode(), err)
	}
	// Once: a second start finds nothing to do.
	if changed, err := MigrateOldID(h); err != nil || len(changed) != 0 {
		t.Errorf("second run: %q %v", changed, err)
	}
}

// While the old desktop entry is installed (a .deb of 0.1.0 beside a
// make install of the new one), its lines still open something: they stay.
// Settings the new id already has are not overwritten.
func TestMigrateOldIDKeeps(t *testing.T) {
	h, prefs := oldHome(t)
	write(t, filepath.Join(h.DataDirs[0], "applications", OldAppID+".desktop"), "[Desktop Entry]\n")
	write(t, filepath.Join(h.FyneConfigDir(AppID), "preferences.json"), `{"language":"en"}`)
	before, _ := os.ReadFile(filepath.Join(h.ConfigHome, "mimeapps.list"))
	changed, err := MigrateOldID(h)
	if err != nil || len(changed) != 0 {
		t.Errorf("changed %q %v, want nothing", changed, err)
	}
	after, _ := os.ReadFile(filepath.Join(h.ConfigHome, "mimeapps.list"))
	if string(after) != string(before) {
		t.Errorf("mimeapps.list changed while the old entry is installed:\n%s", after)
	}
	if _, err := os.Stat(prefs); err != nil {
		t.Errorf("the old preferences went: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(h.FyneConfigDir(AppID), "preferences.json")); string(data) != `{"language":"en"}` {
		t.Errorf("the new id's preferences were overwritten: %s", data)
	}
}

func TestMigrateOldIDNothing(t *testing.T) {
	root := t.TempDir()
	h := Home{GOOS: "linux", Dir: root, ConfigHome: filepath.Join(root, "c"), DataHome: filepath.Join(root, "d")}
	if changed, err := MigrateOldID(h); err != nil || len(changed) != 0 {
		t.Errorf("a fresh home: %q %v", changed, err)
	}
}

// A settings folder that cannot be moved is reported with its name.
func TestMigrateOldIDError(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("root moves folders out of read-only ones")
	}
	h, _ := oldHome(t)
	fyneDir := filepath.Join(h.ConfigHome, "fyne")
	if err := os.Chmod(fyneDir, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(fyneDir, 0o700) })
	_, err := MigrateOldID(h)
	if err == nil || !strings.Contains(err.Error(), h.FyneConfigDir(OldAppID)) {
		t.Errorf("err %v, want one naming %s", err, h.FyneConfigDir(OldAppID))
	}
}

func TestUserHome(t *testing.T) {
	env := map[string]string{"XDG_CONFIG_HOME": "relative", "XDG_DATA_DIRS": "/a:rel:/b"}
	h := UserHome(func(k string) string { return env[k] })
	if h.ConfigHome != filepath.Join(h.Dir, ".config") || h.DataHome != filepath.Join(h.Dir, ".local", "share") {
		t.Errorf("relative XDG folders are ignored, as the specification says: %+v", h)
	}
	if strings.Join(h.DataDirs, ":") != "/a:/b" {
		t.Errorf("data dirs %q", h.DataDirs)
	}
}
