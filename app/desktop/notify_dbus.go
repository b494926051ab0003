//go:build unix && !darwin

package desktop

import (
	"fmt"

	"github.com/godbus/dbus/v5"
)

// The Desktop Notifications Specification: Notify(app_name, replaces_id,
// app_icon, summary, body, actions, hints, expire_timeout) -> id.
const (
	notifyName  = "org.freedesktop.Notifications"
	notifyPath  = "/org/freedesktop/Notifications"
	notifyIface = "org.freedesktop.Notifications"
)

type notifier struct{ conn *dbus.Conn }

func newNotifier() (notifier, error) {
	conn, err := dbus.ConnectSessionBus()
	if err != nil {
		return notifier{}, fmt.Errorf("no desktop notifications: cannot reach the session bus: %v", err)
	}
	return notifier{conn}, nil
}

func (d notifier) notify(n Notification) error {
	urgency := byte(1) // normal
	if n.Urgent {
		urgency = 2 // critical: the server keeps it until it is seen
	}
	hints := map[string]dbus.Variant{
		"urgency":       dbus.MakeVariant(urgency),
		"desktop-entry": dbus.MakeVariant("io.github.hashdrop"),
	}
	call := d.conn.Object(notifyName, notifyPath).Call(notifyIface+".Notify", 0,
		"Hashdrop", uint32(0), "io.github.hashdrop", n.Title, n.Body, []string{}, hints, int32(-1))
	if call.Err != nil {
		return fmt.Errorf("cannot show a notification: %v", call.Err)
	}
	return nil
}

func (d notifier) close() {
	if d.conn != nil {
		d.conn.Close()
	}
}
