//go:build unix && !darwin

package desktop

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The Desktop Notifications Specification's call, Notify(app_name,
// replaces_id, app_icon, summary, body, actions, hints, expire_timeout),
// made by notify-send (libnotify) when it is installed, else by gdbus
// (GLib), which GNOME and most desktops have: the command itself links no
// D-Bus library (godbus would bring os/user's cgo into it).
const (
	notifyName  = "org.freedesktop.Notifications"
	notifyPath  = "/org/freedesktop/Notifications"
	notifyIface = "org.freedesktop.Notifications"
)

type notifier struct {
	notifySend, gdbus string
	clicks            *clickWatch // nil until OnClick
}

// notifyPrograms are looked up on PATH; tests clear one.
var notifyPrograms = [2]string{"notify-send", "gdbus"}

func newNotifier() (notifier, error) {
	if os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" && os.Getenv("XDG_RUNTIME_DIR") == "" {
		return notifier{}, errors.New("no desktop notifications: no session bus (DBUS_SESSION_BUS_ADDRESS is not set)")
	}
	var n notifier
	n.notifySend, _ = exec.LookPath(notifyPrograms[0])
	n.gdbus, _ = exec.LookPath(notifyPrograms[1])
	if n.notifySend == "" && n.gdbus == "" {
		return n, errors.New("no desktop notifications: neither notify-send nor gdbus is installed")
	}
	return n, nil
}

func (d *notifier) notify(n Notification) error {
	var cmd *exec.Cmd
	urgency := "normal"
	if n.Urgent {
		urgency = "critical" // the server keeps it until it is seen
	}
	clickable := d.clicks != nil && n.Path != ""
	if clickable && d.clicks.waitSend {
		return d.clicks.sendAndWait(exec.Command(d.notifySend, "--app-name=Hashdrop", "--urgency="+urgency, "--icon="+AppID,
			"--hint=string:desktop-entry:io.github.hashdrop", "--action=default=Open", "--", n.Title, n.Body), n.Path)
	}
	if d.notifySend != "" && !clickable {
		cmd = exec.Command(d.notifySend, "--app-name=Hashdrop", "--urgency="+urgency, "--icon="+AppID,
			"--hint=string:desktop-entry:io.github.hashdrop", "--", n.Title, n.Body)
	} else {
		level := 1
		if n.Urgent {
			level = 2
		}
		actions := "@as []"
		if clickable {
			// "default" is the click on the notification itself; servers
			// that show actions as buttons show "Open" too.
			actions = "['default', 'Open']"
		}
		cmd = exec.Command(d.gdbus, "call", "--session", "--dest", notifyName, "--object-path", notifyPath,
			"--method", notifyIface+".Notify", "--",
			gvariantString("Hashdrop"), "uint32 0", gvariantString(AppID),
			gvariantString(n.Title), gvariantString(n.Body), actions,
			fmt.Sprintf("{'urgency': <byte %d>, 'desktop-entry': <'"+AppID+"'>}", level), "int32 -1")
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("cannot show a notification: %s: %v: %s", cmd.Args[0], err, strings.TrimSpace(string(out)))
	}
	if clickable {
		// gdbus prints the reply: (uint32 7,)
		m := notifyReply.FindSubmatch(out)
		if m == nil {
			return fmt.Errorf("cannot follow a notification's click: %s replied %q", cmd.Args[0], strings.TrimSpace(string(out)))
		}
		id, _ := strconv.ParseUint(string(m[1]), 10, 32)
		d.clicks.shown(uint32(id), n.Path)
	}
	return nil
}

var notifyReply = regexp.MustCompile(`^\(uint32 (\d+),\)`)

func (d *notifier) close() {
	if d.clicks != nil {
		d.clicks.stop()
	}
}

// onClick follows the clicks on the notifications shown from now on, in
// one of two ways:
//
//   - notify-send (libnotify 0.7.9 and later) with --action=default=Open
//     --wait, one process a notification, waiting until it is closed and
//     printing "default" when it is clicked. The server's ActionInvoked
//     comes back on the connection that showed the notification, which
//     is all that some servers send it to (dunst does so: a signal to
//     that connection alone, not to the whole bus).
//   - else "gdbus call" to show it and one "gdbus monitor" that hears the
//     owner of org.freedesktop.Notifications (no other program on the bus
//     can make a click up): for servers that tell the whole bus (the
//     specification's broadcast), not those that tell only the sender.
func (d *notifier) onClick(open func(path string)) error {
	if d.clicks != nil {
		d.clicks.stop()
		d.clicks = nil
	}
	c := &clickWatch{open: open, paths: map[uint32]string{}, done: make(chan struct{})}
	if d.notifySend != "" {
		if help, _ := exec.Command(d.notifySend, "--help").CombinedOutput(); strings.Contains(string(help), "--action") {
			c.waitSend = true
			close(c.done)
			d.clicks = c
			return nil
		}
	}
	if d.gdbus == "" {
		return errors.New("notifications cannot be clicked here: neither notify-send 0.7.9 or later nor gdbus (GLib) is installed")
	}
	cmd := exec.Command(d.gdbus, "monitor", "--session", "--dest", notifyName, "--object-path", notifyPath)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("cannot follow notifications' clicks: %s: %v", d.gdbus, err)
	}
	c.cmd = cmd
	go c.read(out)
	d.clicks = c
	return nil
}

// clickWatch maps the notifications shown to their files, and opens the
// file of one clicked.
type clickWatch struct {
	waitSend bool      // notify-send --wait, one process a notification
	cmd      *exec.Cmd // else gdbus monitor
	open     func(path string)
	done     chan struct{}

	mu      sync.Mutex
	paths   map[uint32]string
	order   []uint32    // oldest first, at most clickKeep
	waiting []*exec.Cmd // notify-send processes, oldest first, at most clickKeep
	stopped bool
}

// sendAndWait shows a notification through cmd (notify-send --action,
// which waits until the notification is closed) and opens path if
// notify-send prints that it was clicked. notify-send's output to a pipe
// comes when it ends, so a failure to show is not told here: the
// verdict is printed either way. Beyond clickKeep waiting, the oldest
// stops waiting: its notification stays, its click opens nothing.
func (c *clickWatch) sendAndWait(cmd *exec.Cmd, path string) error {
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return errors.New("cannot show a notification: the notifier is closed")
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("cannot show a notification: %s: %v", cmd.Args[0], err)
	}
	c.waiting = append(c.waiting, cmd)
	if len(c.waiting) > clickKeep {
		c.waiting[0].Process.Kill()
		c.waiting = c.waiting[1:]
	}
	go func() {
		sc := bufio.NewScanner(out)
		clicked := false
		for sc.Scan() {
			if sc.Text() == "default" && !clicked {
				clicked = true
				go c.open(path)
			}
		}
		cmd.Wait()
		c.forget(cmd)
	}()
	return nil
}

// forget takes a notify-send that has ended off the waiting list.
func (c *clickWatch) forget(cmd *exec.Cmd) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i := slices.Index(c.waiting, cmd); i >= 0 {
		c.waiting = slices.Delete(c.waiting, i, i+1)
	}
}

// clickKeep is how many notifications' files are remembered.
const clickKeep = 64

func (c *clickWatch) shown(id uint32, path string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.paths[id]; !ok {
		c.order = append(c.order, id)
	}
	c.paths[id] = path
	if len(c.order) > clickKeep {
		delete(c.paths, c.order[0])
		c.order = c.order[1:]
	}
}

// take returns the file of notification id, once.
func (c *clickWatch) take(id uint32) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.paths[id]
	delete(c.paths, id)
	return p, ok
}

// The signals as gdbus monitor prints them:
//
//	/org/freedesktop/Notifications: org.freedesktop.Notifications.ActionInvoked (uint32 7, 'default')
//	/org/freedesktop/Notifications: org.freedesktop.Notifications.NotificationClosed (uint32 7, uint32 2)
var (
	actionInvoked = regexp.MustCompile(`\.ActionInvoked \(uint32 (\d+), '(default|Open)'\)`)
	closedSignal  = regexp.MustCompile(`\.NotificationClosed \(uint32 (\d+), uint32 \d+\)`)
)

func (c *clickWatch) read(r io.Reader) {
	defer close(c.done)
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if m := actionInvoked.FindStringSubmatch(line); m != nil {
			id, _ := strconv.ParseUint(m[1], 10, 32)
			if p, ok := c.take(uint32(id)); ok {
				go c.open(p)
			}
		} else if m := closedSignal.FindStringSubmatch(line); m != nil {
			id, _ := strconv.ParseUint(m[1], 10, 32)
			c.take(uint32(id))
		}
	}
}

func (c *clickWatch) stop() {
	c.mu.Lock()
	c.stopped = true
	for _, w := range c.waiting {
		w.Process.Kill()
	}
	c.mu.Unlock()
	if c.cmd != nil {
		c.cmd.Process.Kill()
		<-c.done
		c.cmd.Wait()
	}
}

// gvariantString is s in GVariant's text format: a single-quoted string
// with \, ' and control characters escaped.
func gvariantString(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for _, r := range s {
		switch {
		case r == '\\' || r == '\'':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('\'')
	return b.String()
}
