//go:build unix && !darwin

package desktop

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
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

func (d notifier) notify(n Notification) error {
	var cmd *exec.Cmd
	urgency := "normal"
	if n.Urgent {
		urgency = "critical" // the server keeps it until it is seen
	}
	if d.notifySend != "" {
		cmd = exec.Command(d.notifySend, "--app-name=Hashdrop", "--urgency="+urgency, "--icon="+AppID,
			"--hint=string:desktop-entry:io.github.hashdrop", "--", n.Title, n.Body)
	} else {
		level := 1
		if n.Urgent {
			level = 2
		}
		cmd = exec.Command(d.gdbus, "call", "--session", "--dest", notifyName, "--object-path", notifyPath,
			"--method", notifyIface+".Notify", "--",
			gvariantString("Hashdrop"), "uint32 0", gvariantString(AppID),
			gvariantString(n.Title), gvariantString(n.Body), "@as []",
			fmt.Sprintf("{'urgency': <byte %d>, 'desktop-entry': <'"+AppID+"'>}", level), "int32 -1")
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("cannot show a notification: %s: %v: %s", cmd.Args[0], err, strings.TrimSpace(string(out)))
	}
	return nil
}

func (notifier) close() {}

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
