//go:build smoke && linux && cgo

package smoke

import (
	"os/exec"
	"strings"
	"testing"
)

// The window is built without Fyne's colour emoji font (make build's
// -tags no_emoji): Fyne parses that font again for every text style, which
// cost the window about 44 MiB, more than its own checksum-file view.
func TestBuiltWithoutEmojiSmoke(t *testing.T) {
	bin := binary(t)
	out, err := exec.Command("go", "version", "-m", bin).CombinedOutput()
	if err != nil {
		t.Fatalf("go version -m %s: %v\n%s", bin, err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "build" && strings.HasPrefix(f[1], "-tags=") {
			for _, tag := range strings.Split(strings.TrimPrefix(f[1], "-tags="), ",") {
				if tag == "no_emoji" {
					return
				}
			}
		}
	}
	t.Fatalf("%s was built without -tags no_emoji:\n%s", bin, out)
}
