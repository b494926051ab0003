package desktop

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// On macOS osascript shows the notification (as Script Editor's); written
// from its documentation, not run on a Mac.
type notifier struct{ osascript string }

func newNotifier() (notifier, error) {
	p, err := exec.LookPath("osascript")
	if err != nil {
		return notifier{}, fmt.Errorf("no desktop notifications: osascript not found")
	}
	return notifier{p}, nil
}

// appleString is s as an AppleScript string literal.
func appleString(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

func (d notifier) notify(n Notification) error {
	script := "display notification " + appleString(n.Body) + " with title " + appleString(n.Title)
	if out, err := exec.Command(d.osascript, "-e", script).CombinedOutput(); err != nil {
		return fmt.Errorf("cannot show a notification: %v: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}

func (notifier) close() {}

// onClick: osascript's notifications open Script Editor when clicked,
// never the file.
func (notifier) onClick(func(string)) error {
	return errors.New("notifications cannot be clicked on macOS yet: osascript's open Script Editor")
}
