//go:build cgo && linux

package ui

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// GTK, which sqweek/dialog starts in its package init, must start with
// GDK_GL=disable (ui/internal/gtkgl): the test binary is run again with
// GODEBUG=inittrace=1, which lists the packages in the order they were
// initialised. And the variable must be gone by the time the window runs,
// a value the user gave kept.
func TestGTKStartsWithoutGL(t *testing.T) {
	if want, ok := os.LookupEnv("HASHDROP_GDK_GL_CHILD"); ok {
		if got, set := os.LookupEnv("GDK_GL"); got != want || set != (want != "") {
			t.Fatalf("GDK_GL is %q (set: %v) once ui has started; want %q", got, set, want)
		}
		return
	}
	for _, given := range []string{"", "always"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGTKStartsWithoutGL$", "-test.count=1")
		cmd.Env = append(withoutGDKGL(os.Environ()), "GODEBUG=inittrace=1", "HASHDROP_GDK_GL_CHILD="+given,
			"DISPLAY=", "WAYLAND_DISPLAY=") // GTK finds no display: only the order matters
		if given != "" {
			cmd.Env = append(cmd.Env, "GDK_GL="+given)
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("GDK_GL given %q: %v\n%s", given, err, out)
		}
		order := initOrder(string(out))
		gl, gtk := order["github.com/hashdrop/hashdrop/ui/internal/gtkgl"], order["github.com/sqweek/dialog"]
		if gl == 0 || gtk == 0 || gl > gtk {
			t.Fatalf("gtkgl initialised at position %d, sqweek/dialog at %d (0: not seen): GTK starts before GDK_GL is set\n%s", gl, gtk, out)
		}
	}
}

// initOrder is the position (from 1) of each package in inittrace's lines.
func initOrder(trace string) map[string]int {
	order := map[string]int{}
	for _, l := range strings.Split(trace, "\n") {
		if f := strings.Fields(l); len(f) > 2 && f[0] == "init" && strings.HasPrefix(f[2], "@") {
			order[f[1]] = len(order) + 1
		}
	}
	return order
}

// withoutGDKGL is env without GDK_GL.
func withoutGDKGL(env []string) []string {
	var out []string
	for _, e := range env {
		if !strings.HasPrefix(e, "GDK_GL=") {
			out = append(out, e)
		}
	}
	return out
}
