package desktop

// Notification is one desktop notification.
type Notification struct {
	Title, Body string
	Urgent      bool // a download that does not match: it stays until seen
	// Path is the file the notification is about: a click on it opens
	// the file (see Notifier.OnClick).
	Path string
}

// Notifier shows desktop notifications: on Linux and the other free
// desktops through org.freedesktop.Notifications on the session bus
// (notify-send or gdbus); on macOS through osascript's "display
// notification" (not run on a Mac); on Windows a toast through PowerShell
// (not run on Windows).
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

// OnClick has a click on a notification with a Path call open with that
// path, on a goroutine of its own, from the notifications shown after it.
// It is an error where notifications cannot tell a click: on Linux it
// needs gdbus (GLib) and a server that offers actions; elsewhere none is
// told yet.
func (d *Notifier) OnClick(open func(path string)) error { return d.onClick(open) }

// Close lets go of the connection.
func (d *Notifier) Close() { d.close() }
