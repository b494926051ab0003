package desktop

import (
	"fmt"
	"net"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// NoDisplay is what the command line says when the window cannot open for
// want of a display (over ssh, in a container), instead of a stack trace.
const NoDisplay = "hashdrop: the window needs a graphical desktop (neither DISPLAY nor WAYLAND_DISPLAY is set); hashdrop sum and hashdrop check work without one"

// UnreachableDisplay is what it says when DISPLAY or WAYLAND_DISPLAY names a
// display nobody answers on (a forwarded X session that ended, a typo).
func UnreachableDisplay(getenv func(string) string) string {
	return fmt.Sprintf("hashdrop: the window cannot reach the graphical desktop (DISPLAY=%q, WAYLAND_DISPLAY=%q); hashdrop sum and hashdrop check work without one",
		getenv("DISPLAY"), getenv("WAYLAND_DISPLAY"))
}

// HasDisplay reports whether a window can be shown: always on Windows and
// macOS, elsewhere when DISPLAY or WAYLAND_DISPLAY (read through getenv) is
// set.
func HasDisplay(getenv func(string) string) bool {
	switch runtime.GOOS {
	case "windows", "darwin", "ios", "android", "js":
		return true
	}
	return getenv("DISPLAY") != "" || getenv("WAYLAND_DISPLAY") != ""
}

// x11Dir is where X servers listen on this machine; tests move it.
var x11Dir = "/tmp/.X11-unix"

// DisplayAnswers reports whether the display HasDisplay found accepts a
// connection, so that a DISPLAY naming no server gives a sentence rather than
// the windowing library's panic. Only the socket is tried: whether the user
// may use it is the window's to find out.
func DisplayAnswers(getenv func(string) string) bool {
	switch runtime.GOOS {
	case "windows", "darwin", "ios", "android", "js":
		return true
	}
	if w := getenv("WAYLAND_DISPLAY"); w != "" {
		if !filepath.IsAbs(w) {
			w = filepath.Join(getenv("XDG_RUNTIME_DIR"), w)
		}
		if answers("unix", w) {
			return true
		}
	}
	d := getenv("DISPLAY")
	if d == "" {
		return false
	}
	host, num, ok := strings.Cut(d, ":")
	if !ok {
		return false
	}
	num, _, _ = strings.Cut(num, ".") // the screen
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 {
		return false
	}
	if strings.HasPrefix(host, "/") { // macOS launchd style, or a socket path
		return answers("unix", d)
	}
	if host == "" || host == "unix" {
		sock := filepath.Join(x11Dir, "X"+strconv.Itoa(n))
		return answers("unix", sock) || runtime.GOOS == "linux" && answers("unix", "@"+sock)
	}
	return answers("tcp", net.JoinHostPort(host, strconv.Itoa(6000+n)))
}

func answers(network, addr string) bool {
	c, err := net.DialTimeout(network, addr, 2*time.Second)
	if err != nil {
		return false
	}
	c.Close()
	return true
}
