//go:build linux

package cli

import (
	"bufio"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/app/watch"
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

// notificationServer stands for the desktop's on a private session bus.
type notificationServer struct {
	specInfo
	got chan [3]any
}

func (s *notificationServer) Notify(app string, replaces uint32, icon, summary, body string, actions []string, hints map[string]dbus.Variant, timeout int32) (uint32, *dbus.Error) {
	s.got <- [3]any{summary, body, hints["urgency"].Value()}
	return 1, nil
}

// notificationBus starts a private session bus for the test, with srv as
// its notification server (org.freedesktop.Notifications), and the test's
// connection to it.
func notificationBus(t *testing.T, srv any) *dbus.Conn {
	t.Helper()
	daemon, err := exec.LookPath("dbus-daemon")
	if err != nil {
		t.Skip("dbus-daemon is not installed")
	}
	bus := exec.Command(daemon, "--session", "--nofork", "--print-address")
	out, _ := bus.StdoutPipe()
	if err := bus.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bus.Process.Kill(); bus.Wait() })
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	addr = strings.TrimSpace(addr)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", addr)
	conn, err := dbus.Connect(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.Export(srv, "/org/freedesktop/Notifications", "org.freedesktop.Notifications")
	if r, err := conn.RequestName("org.freedesktop.Notifications", dbus.NameFlagDoNotQueue); err != nil || r != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("cannot own the name: %v %v", r, err)
	}
	return conn
}

// hashdrop watch --notify: the headline the window would give, on the
// session bus (a private one, with a server of the test's own).
func TestWatchNotifies(t *testing.T) {
	if _, err := exec.LookPath("gdbus"); err != nil {
		if _, err := exec.LookPath("notify-send"); err != nil {
			t.Skip("neither gdbus nor notify-send is installed")
		}
	}
	srv := &notificationServer{got: make(chan [3]any, 4)}
	notificationBus(t, srv)

	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), apptest.Hex("sha256", []byte("good\n"))+"  good.iso\n"+apptest.Hex("sha256", []byte("good\n"))+"  bad.iso\n")
	lines := watching(t, "--notify", dir)
	writeFile(t, filepath.Join(dir, "good.iso"), "good\n")
	nextLine(t, lines)
	want := [3]any{"good.iso matches SHA256SUMS", "OK (SHA-256, SHA256SUMS)", byte(1)}
	select {
	case got := <-srv.got:
		if got != want {
			t.Fatalf("notification %q, want %q", got, want)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no notification")
	}
	writeFile(t, filepath.Join(dir, "bad.iso"), "damaged\n")
	nextLine(t, lines)
	want = [3]any{"bad.iso does NOT match the digest published for it: do not use it", "FAILED (SHA-256, SHA256SUMS)", byte(2)}
	select {
	case got := <-srv.got:
		if got != want {
			t.Fatalf("notification %q, want %q", got, want)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no notification")
	}
}

// idServer numbers its notifications.
type idServer struct {
	specInfo
	next uint32
	ids  chan uint32
}

func (s *idServer) Notify(app string, replaces uint32, icon, summary, body string, actions []string, hints map[string]dbus.Variant, timeout int32) (uint32, *dbus.Error) {
	s.next++
	if len(actions) > 0 && actions[0] == "default" {
		s.ids <- s.next
	}
	return s.next, nil
}

// A click on the notification of a download opens the window on that file
// (the server's ActionInvoked, on a private session bus).
func TestWatchNotificationClickOpensTheFile(t *testing.T) {
	if _, err := exec.LookPath("gdbus"); err != nil {
		t.Skip("gdbus is not installed")
	}
	srv := &idServer{ids: make(chan uint32, 4)}
	conn := notificationBus(t, srv)
	opened := make(chan string, 4)
	saved := watchOpen
	watchOpen = func(path string) { opened <- path }
	t.Cleanup(func() { watchOpen = saved })

	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), apptest.Hex("sha256", []byte("good\n"))+"  good.iso\n")
	lines := watching(t, "--notify", dir)
	writeFile(t, filepath.Join(dir, "good.iso"), "good\n")
	nextLine(t, lines)
	var id uint32
	select {
	case id = <-srv.ids:
	case <-time.After(30 * time.Second):
		t.Fatal("no notification with an action")
	}
	deadline := time.After(30 * time.Second)
	for {
		conn.Emit("/org/freedesktop/Notifications", "org.freedesktop.Notifications.ActionInvoked", id, "default")
		conn.Emit("/org/freedesktop/Notifications", "org.freedesktop.Notifications.NotificationClosed", id, uint32(2)) // as servers do after an action
		select {
		case p := <-opened:
			if p != filepath.Join(dir, "good.iso") {
				t.Fatalf("opened %q", p)
			}
			return
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatal("the click opened nothing")
		}
	}
}

// The window program's words (WatchWords) write the notification and the
// recent check's entry; the printed line stays the command line's English.
func TestWatchWordsOutsideTheTerminal(t *testing.T) {
	if _, err := exec.LookPath("gdbus"); err != nil {
		if _, err := exec.LookPath("notify-send"); err != nil {
			t.Skip("neither gdbus nor notify-send is installed")
		}
	}
	srv := &notificationServer{got: make(chan [3]any, 4)}
	notificationBus(t, srv)
	saved := WatchWords
	WatchWords.Told = func(r watch.Result) (string, string) {
		return "titre " + filepath.Base(r.Path), "corps " + r.Report.Headline.Colour().String()
	}
	t.Cleanup(func() { WatchWords = saved })
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)

	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), apptest.Hex("sha256", []byte("good\n"))+"  bad.iso\n")
	lines := watching(t, "--notify", dir)
	writeFile(t, filepath.Join(dir, "bad.iso"), "damaged\n")
	if l := nextLine(t, lines); l != "FAILED: bad.iso does NOT match the digest published for it: do not use it" {
		t.Fatalf("line %q", l)
	}
	select {
	case got := <-srv.got:
		if want := [3]any{"titre bad.iso", "corps red", byte(2)}; got != want {
			t.Fatalf("notification %q, want %q", got, want)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no notification")
	}
	rs, err := watch.ReadRecent(filepath.Join(state, "hashdrop", "recent-checks.json"))
	if err != nil || len(rs) != 1 {
		t.Fatalf("recent checks %+v, %v", rs, err)
	}
	if r := rs[0]; r.Headline != "titre bad.iso" || r.Note != "" || r.Colour != "red" {
		t.Errorf("recent check %+v", r)
	}
}
