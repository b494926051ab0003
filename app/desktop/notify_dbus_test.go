//go:build linux

package desktop

import (
	"bufio"
	"os/exec"
	"strings"
	"testing"

	"github.com/godbus/dbus/v5"
)

// specInfo answers the calls a client makes before Notify (notify-send
// asks for the server's information).
type specInfo struct{}

func (specInfo) GetServerInformation() (string, string, string, string, *dbus.Error) {
	return "fake", "hashdrop tests", "1", "1.2", nil
}

func (specInfo) GetCapabilities() ([]string, *dbus.Error) {
	return []string{"actions", "body"}, nil
}

// fakeServer is a notification server on the test's private bus.
type fakeServer struct {
	specInfo
	got chan []any
}

func (s *fakeServer) Notify(app string, replaces uint32, icon, summary, body string, actions []string, hints map[string]dbus.Variant, timeout int32) (uint32, *dbus.Error) {
	s.got <- []any{app, summary, body, hints["urgency"].Value()}
	return 1, nil
}

// privateBus starts a session bus of the test's own and points
// DBUS_SESSION_BUS_ADDRESS at it.
func privateBus(t *testing.T) string {
	daemon, err := exec.LookPath("dbus-daemon")
	if err != nil {
		t.Skip("dbus-daemon is not installed: the notification was not captured")
	}
	cmd := exec.Command(daemon, "--session", "--nofork", "--print-address")
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("dbus-daemon gave no address: %v", err)
	}
	addr = strings.TrimSpace(addr)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", addr)
	return addr
}

// notifyThrough makes notifications of the test go through prog
// (notify-send, or gdbus with notify-send out of the way), skipping the
// test where prog is not installed.
func notifyThrough(t *testing.T, prog string) {
	t.Helper()
	if _, err := exec.LookPath(prog); err != nil {
		t.Skipf("%s is not installed", prog)
	}
	saved := notifyPrograms
	t.Cleanup(func() { notifyPrograms = saved })
	if prog == "gdbus" {
		notifyPrograms[0] = "no-notify-send-in-this-test"
	}
}

func TestNotifyOnPrivateBus(t *testing.T) {
	for _, prog := range []string{"notify-send", "gdbus"} {
		t.Run(prog, func(t *testing.T) {
			notifyThrough(t, prog)
			notifyOnPrivateBus(t)
		})
	}
}

func notifyOnPrivateBus(t *testing.T) {
	addr := privateBus(t)
	srv, err := dbus.Connect(addr)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	fake := &fakeServer{got: make(chan []any, 1)}
	if err := srv.Export(fake, notifyPath, notifyIface); err != nil {
		t.Fatal(err)
	}
	if reply, err := srv.RequestName(notifyName, dbus.NameFlagDoNotQueue); err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("cannot own %s: %v %v", notifyName, reply, err)
	}
	n, err := NewNotifier()
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	title := "release 'it's' \\ \"x\".iso does NOT match"
	if err := n.Notify(Notification{Title: title, Body: "do not use it\nたしかめて", Urgent: true}); err != nil {
		t.Fatal(err)
	}
	got := <-fake.got
	if got[0] != "Hashdrop" || got[1] != title || got[2] != "do not use it\nたしかめて" || got[3] != byte(2) {
		t.Fatalf("the server got %q", got)
	}
}

func TestNotifyWithoutServer(t *testing.T) {
	privateBus(t)
	n, err := NewNotifier()
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	if err := n.Notify(Notification{Title: "x"}); err == nil {
		t.Fatal("no error from a bus with no notification server")
	}
}
