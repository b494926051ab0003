package desktop

import (
	"net"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func TestHasDisplay(t *testing.T) {
	env := func(vars ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(vars); i += 2 {
				if vars[i] == k {
					return vars[i+1]
				}
			}
			return ""
		}
	}
	desktop := runtime.GOOS == "windows" || runtime.GOOS == "darwin"
	for _, tc := range []struct {
		env  func(string) string
		want bool
	}{
		{env(), desktop},
		{env("DISPLAY", ""), desktop},
		{env("DISPLAY", ":0"), true},
		{env("WAYLAND_DISPLAY", "wayland-0"), true},
	} {
		if got := HasDisplay(tc.env); got != tc.want {
			t.Errorf("HasDisplay(DISPLAY=%q WAYLAND_DISPLAY=%q) = %v", tc.env("DISPLAY"), tc.env("WAYLAND_DISPLAY"), got)
		}
	}
	if strings.Contains(NoDisplay, "\n") || !strings.Contains(NoDisplay, "hashdrop sum") {
		t.Errorf("NoDisplay is not one line naming the headless commands: %q", NoDisplay)
	}
}

// TestDisplayAnswers finds a display that listens and one that does not, as
// X11 sockets in a folder of the test's and as TCP ports.
func TestDisplayAnswers(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		t.Skip("a window needs no DISPLAY here")
	}
	dir := t.TempDir()
	defer func(d string) { x11Dir = d }(x11Dir)
	x11Dir = dir
	l, err := net.Listen("unix", filepath.Join(dir, "X7"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	tl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer tl.Close()
	port := tl.Addr().(*net.TCPAddr).Port
	wl, err := net.Listen("unix", filepath.Join(dir, "wayland-1"))
	if err != nil {
		t.Fatal(err)
	}
	defer wl.Close()
	env := func(vars ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(vars); i += 2 {
				if vars[i] == k {
					return vars[i+1]
				}
			}
			return ""
		}
	}
	for _, tc := range []struct {
		env  func(string) string
		want bool
	}{
		{env("DISPLAY", ":7"), true},
		{env("DISPLAY", ":7.0"), true},
		{env("DISPLAY", "unix:7"), true},
		{env("DISPLAY", ":8"), false},
		{env("DISPLAY", "nonsense"), false},
		{env("DISPLAY", ":x"), false},
		{env(), false},
		{env("WAYLAND_DISPLAY", "wayland-1", "XDG_RUNTIME_DIR", dir), true},
		{env("WAYLAND_DISPLAY", filepath.Join(dir, "wayland-1")), true},
		{env("WAYLAND_DISPLAY", "wayland-2", "XDG_RUNTIME_DIR", dir), false},
		{env("WAYLAND_DISPLAY", "wayland-2", "XDG_RUNTIME_DIR", dir, "DISPLAY", ":7"), true},
		{env("DISPLAY", "127.0.0.1:"+strconv.Itoa(port-6000)), port >= 6000},
	} {
		if got := DisplayAnswers(tc.env); got != tc.want {
			t.Errorf("DisplayAnswers(DISPLAY=%q WAYLAND_DISPLAY=%q) = %v, want %v", tc.env("DISPLAY"), tc.env("WAYLAND_DISPLAY"), got, tc.want)
		}
	}
	if msg := UnreachableDisplay(env("DISPLAY", ":8")); strings.Contains(msg, "\n") || !strings.Contains(msg, `":8"`) {
		t.Errorf("UnreachableDisplay is not one line naming the display: %q", msg)
	}
}
