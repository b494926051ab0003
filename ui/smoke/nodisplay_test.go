//go:build smoke && linux && cgo

package smoke

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// Without a display (over ssh), or with a DISPLAY nobody answers on (a
// forwarded session that ended), Hashdrop says in one line that the window
// needs a desktop and exits 1, instead of GLFW's panic and stack trace; the
// command line still works.
func TestNoDisplaySmoke(t *testing.T) {
	bin := os.Getenv("HASHDROP_BIN")
	if bin == "" {
		t.Skip("HASHDROP_BIN is not set (make test-gui sets it)")
	}
	for _, display := range []string{"", unusedDisplay(t)} {
		t.Run("DISPLAY="+display, func(t *testing.T) { noDisplay(t, bin, display) })
	}
}

// unusedDisplay returns a display number no X server on this machine has
// claimed (no socket and no lock file), from :93 on: another test's Xvfb
// (make test-windows uses :93 too) may be running at the same time.
func unusedDisplay(t *testing.T) string {
	for n := 93; n < 200; n++ {
		_, sockErr := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n))
		_, lockErr := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n))
		if errors.Is(sockErr, fs.ErrNotExist) && errors.Is(lockErr, fs.ErrNotExist) {
			return fmt.Sprintf(":%d", n)
		}
	}
	t.Fatal("every display from :93 to :199 is taken")
	return ""
}

func noDisplay(t *testing.T, bin, display string) {
	home := t.TempDir()
	var env []string
	for _, kv := range userEnv(":0", home) {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			env = append(env, kv)
		}
	}
	if display != "" {
		env = append(env, "DISPLAY="+display)
	}
	cmd := exec.Command(bin)
	cmd.Env, cmd.Dir = env, home
	done := make(chan struct{})
	var out []byte
	var err error
	go func() { out, err = cmd.CombinedOutput(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Minute): // a hang detector
		cmd.Process.Kill()
		t.Fatal("hashdrop without a display did not exit")
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("exit: %v, want status 1", err)
	}
	text := strings.TrimSuffix(string(out), "\n")
	if strings.Contains(text, "\n") || strings.Contains(text, "panic") || !strings.Contains(text, "graphical desktop") || !strings.Contains(text, "hashdrop sum") {
		t.Errorf("output, want one line saying a desktop is needed:\n%s", out)
	}
	cmd = exec.Command(bin, "algos")
	cmd.Env, cmd.Dir = env, home
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "sha256") {
		t.Errorf("algos without a display: %v\n%s", err, out)
	}
}
