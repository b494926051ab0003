//go:build linux

package desktop

import (
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

// clickServer is a notification server on the test's private bus that
// numbers its notifications and keeps their actions.
type clickServer struct {
	specInfo
	next    uint32
	actions chan []string
	ids     chan uint32
	senders map[uint32]dbus.Sender
}

func (s *clickServer) Notify(sender dbus.Sender, app string, replaces uint32, icon, summary, body string, actions []string, hints map[string]dbus.Variant, timeout int32) (uint32, *dbus.Error) {
	s.next++
	s.senders[s.next] = sender
	s.actions <- actions
	s.ids <- s.next
	return s.next, nil
}

// A click on a notification (the server's ActionInvoked "default") opens
// its file, once; a notification closed unclicked, or another program on
// the bus sending the same signal, opens nothing. Through notify-send the
// server's signals go to the notification's sender alone, as dunst sends
// them; through gdbus to the whole bus, as the specification has it.
func TestNotificationClickOpensTheFile(t *testing.T) {
	for _, prog := range []string{"notify-send", "gdbus"} {
		t.Run(prog, func(t *testing.T) {
			notifyThrough(t, prog)
			clickOnPrivateBus(t, prog == "notify-send")
		})
	}
}

func clickOnPrivateBus(t *testing.T, unicast bool) {
	addr := privateBus(t)
	srv, err := dbus.Connect(addr)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	fake := &clickServer{next: 40, actions: make(chan []string, 4), ids: make(chan uint32, 4), senders: map[uint32]dbus.Sender{}}
	if err := srv.Export(fake, notifyPath, notifyIface); err != nil {
		t.Fatal(err)
	}
	if reply, err := srv.RequestName(notifyName, dbus.NameFlagDoNotQueue); err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("cannot own %s: %v %v", notifyName, reply, err)
	}
	other, err := dbus.Connect(addr) // a program that is not the server
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()

	n, err := NewNotifier()
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	opened := make(chan string, 4)
	if err := n.OnClick(func(path string) { opened <- path }); err != nil {
		t.Fatal(err)
	}
	if err := n.Notify(Notification{Title: "ubuntu.iso matches SHA256SUMS", Body: "OK", Path: "/home/u/Downloads/ubuntu.iso"}); err != nil {
		t.Fatal(err)
	}
	if a := <-fake.actions; len(a) != 2 || a[0] != "default" {
		t.Fatalf("actions %q: no default action", a)
	}
	first := <-fake.ids
	if err := n.Notify(Notification{Title: "bad.iso does NOT match", Urgent: true, Path: "/home/u/Downloads/bad.iso"}); err != nil {
		t.Fatal(err)
	}
	<-fake.actions
	second := <-fake.ids
	if err := n.Notify(Notification{Title: "holiday.iso matches", Path: "/home/u/Downloads/holiday.iso"}); err != nil {
		t.Fatal(err)
	}
	<-fake.actions
	third := <-fake.ids
	if err := n.Notify(Notification{Title: "no file"}); err != nil { // no Path: no action
		t.Fatal(err)
	}
	if a := <-fake.actions; len(a) != 0 {
		t.Fatalf("a notification with no file has actions %q", a)
	}
	<-fake.ids

	// The first is closed unclicked: a click on it afterwards opens
	// nothing; nor does another program's signal for the third. Signals are sent until
	// the click on the second arrives: gdbus monitor may still be
	// starting.
	emit := func(c *dbus.Conn, name string, args ...any) {
		msg := &dbus.Message{Type: dbus.TypeSignal, Headers: map[dbus.HeaderField]dbus.Variant{
			dbus.FieldPath:      dbus.MakeVariant(dbus.ObjectPath(notifyPath)),
			dbus.FieldInterface: dbus.MakeVariant(notifyIface),
			dbus.FieldMember:    dbus.MakeVariant(name),
			dbus.FieldSignature: dbus.MakeVariant(dbus.SignatureOf(args...)),
		}, Body: args}
		if unicast { // to the program that showed it, alone
			msg.Headers[dbus.FieldDestination] = dbus.MakeVariant(string(fake.senders[args[0].(uint32)]))
		}
		if call := c.Send(msg, nil); call.Err != nil {
			t.Fatal(call.Err)
		}
	}
	deadline := time.After(30 * time.Second)
	for got := false; !got; {
		emit(srv, "NotificationClosed", first, uint32(2))
		emit(srv, "ActionInvoked", first, "default")
		emit(other, "ActionInvoked", third, "default")
		emit(other, "NotificationClosed", third, uint32(2))
		emit(srv, "ActionInvoked", second, "default")
		emit(srv, "NotificationClosed", second, uint32(2)) // as servers do after an action
		select {
		case p := <-opened:
			if p != "/home/u/Downloads/bad.iso" {
				t.Fatalf("opened %q", p)
			}
			got = true
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatal("the click opened nothing")
		}
	}
	emit(srv, "ActionInvoked", second, "default") // a second click on it: already open
	emit(srv, "ActionInvoked", first, "default")
	n.Close() // waits for gdbus monitor's last line
	select {
	case p := <-opened:
		t.Fatalf("opened %q again", p)
	case <-time.After(100 * time.Millisecond):
	}
}
