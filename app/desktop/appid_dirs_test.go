package desktop

import (
	"path/filepath"
	"testing"
)

// Fyne 2.7's folder of an app's preferences, on each system (the migration
// of the old id's settings moves it; appid_test.go tests the rest on unix).
func TestFyneConfigDir(t *testing.T) {
	for goos, want := range map[string]string{
		"linux":   "/h/.config/fyne/" + AppID,
		"freebsd": "/h/.config/fyne/" + AppID,
		"darwin":  "/h/Library/Preferences/fyne/" + AppID,
		"windows": "/h/AppData/Roaming/fyne/" + AppID,
	} {
		h := Home{GOOS: goos, Dir: "/h", ConfigHome: "/h/.config"}
		if got := filepath.ToSlash(h.FyneConfigDir(AppID)); got != want {
			t.Errorf("%s: %s, want %s", goos, got, want)
		}
	}
}
