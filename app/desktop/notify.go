package desktop

// Notification is one desktop notification.
type Notification struct {
	Title, Body string
	Urgent      bool // a download that does not match: it stays until seen
}

// Notifier shows desktop notifications: on Linux and the other free
// desktops through org.freedesktop.Notifications on the session bus
// (godbus, no helper program); on macOS through osascript's "display
// notification" (not run on a Mac). Windows has none yet: Notify says so.
type Notifier struct{ notifier }

// NewNotifier connects to what shows notifications; an error when this
// session has nothing that does (no session bus, no notification server).
func NewNotifier() (*Notifier, error) {
	n, err := newNotifier()
	if err != nil {
		return nil, err
	}
	return &Notifier{n}, nil
}

// Notify shows n.
func (d *Notifier) Notify(n Notification) error { return d.notify(n) }

// Close lets go of the connection.
func (d *Notifier) Close() { d.close() }
