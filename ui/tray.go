package ui

import (
	"log"
	"os"
	"os/exec"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/systray"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/desktop"
	"github.com/hashdrop/hashdrop/app/watch"
	"github.com/hashdrop/hashdrop/assets"
)

// TrayFlag starts the window program as the download checker with a
// system-tray icon: "hashdrop-window --tray watch --notify [--fetch]", what
// "Check new downloads" starts and puts in the login entry. The tray's menu
// lists the recent checks; a click opens a Hashdrop window on that file.
//
// The icon is fyne.io/systray's, the library under Fyne's
// desktop.App.SetSystemTrayMenu, used without Fyne's event loop: that
// loop wakes sixty times a second even with no window shown (a tray run
// through Fyne took 1.2 s of CPU a minute and 128 MB doing nothing); this
// one sleeps until the tray is clicked or the list changes.
//
// What a tray cannot do, and what stands in: on Linux the icon shows only
// where the desktop hosts StatusNotifierItems (KDE, Xfce, Cinnamon, GNOME
// only with an extension); where none does there is no icon, and the checks
// are still notified and listed in the window's ☰ menu. Fyne's
// SendNotification has no click action, so notifications are app/desktop's
// own. The menu's Quit ends the checking until the next login (the setting
// stays on).
const TrayFlag = "--tray"

// IsTray reports whether args ask for the tray.
func IsTray(args []string) bool { return len(args) > 0 && args[0] == TrayFlag }

// trayPoll is how often the tray looks whether the list of recent checks
// changed (a stat of one file).
const trayPoll = 2 * time.Second

// RunTray runs the watch command (args without the flag: "watch
// --notify ..."), through run, with the tray's icon as long as it runs,
// and returns its exit code; run words the notifications with
// NotificationWords and MoreNotified (main sets them). Without a display,
// or when another session watches the Downloads folder already, it is the
// watch alone.
func RunTray(args []string, run func(args []string) int) int {
	useSavedLanguage() // the menu's and the notifications' words, as the window's
	if !desktop.HasDisplay(os.Getenv) || !desktop.DisplayAnswers(os.Getenv) {
		return run(args)
	}
	if dir, err := watch.DownloadsDir(); err == nil {
		l, err := desktop.ClaimWatch(dir)
		if err == nil && l == nil {
			return run(args) // says "watched already" and ends: no second icon
		}
		if l != nil {
			l.Release() // the watch claims it again: a race with another session's start only costs an icon shown a moment
		}
	}
	t := &tray{set: showInSystray, read: recentChecks, open: openInWindow, quit: systray.Quit}
	code := make(chan int, 1)
	go func() {
		code <- run(args)
		systray.Quit()
	}()
	stop := make(chan struct{})
	systray.Run(func() {
		systray.SetIcon(trayIcon(assets.IconPNG))
		systray.SetTitle("Hashdrop")
		systray.SetTooltip("Hashdrop")
		t.refresh()
		go t.follow(stop, trayPoll)
	}, nil)
	close(stop)
	select {
	case c := <-code:
		return c
	default:
		return 0 // Quit from the tray's menu: the watch ends with the process
	}
}

// showInSystray makes m the tray's menu. Each item's action runs on a
// goroutine of its own.
func showInSystray(m *fyne.Menu) {
	systray.ResetMenu()
	for _, it := range m.Items {
		if it.IsSeparator {
			systray.AddSeparator()
			continue
		}
		mi := systray.AddMenuItem(it.Label, "")
		if it.Disabled || it.Action == nil {
			mi.Disable()
			continue
		}
		go func() {
			for range mi.ClickedCh { // closed when the menu is reset
				it.Action()
			}
		}()
	}
}

// tray is the tray's menu: the recent checks, then "Open Hashdrop" and
// "Quit".
type tray struct {
	set  func(*fyne.Menu)
	read func() []watch.Recent
	open func(paths []string) // a Hashdrop window on paths (none: just the window)
	quit func()
	seen recentStamp
}

// menu is the tray's menu for rs.
func (t *tray) menu(rs []watch.Recent) *fyne.Menu {
	title := fyne.NewMenuItem(tr("Recent checks"), nil)
	title.Disabled = true
	items := []*fyne.MenuItem{title}
	items = append(items, recentMenuItems(rs, func(path string) { t.open([]string{path}) })...)
	items = append(items, fyne.NewMenuItemSeparator(), fyne.NewMenuItem(tr("Open Hashdrop"), func() { t.open(nil) }),
		fyne.NewMenuItem(tr("Quit"), t.quit))
	return fyne.NewMenu("Hashdrop", items...)
}

// refresh sets the menu from the list as it is now.
func (t *tray) refresh() { t.set(t.menu(t.read())) }

// recentStamp is what changes when the list is written again.
type recentStamp struct {
	mod  time.Time
	size int64
}

func stampOf(path string) recentStamp {
	fi, err := os.Stat(path)
	if err != nil {
		return recentStamp{}
	}
	return recentStamp{fi.ModTime(), fi.Size()}
}

// follow refreshes the menu when the list changes, until stop.
func (t *tray) follow(stop <-chan struct{}, every time.Duration) {
	path, err := watch.RecentPath()
	if err != nil {
		return
	}
	t.seen = stampOf(path)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		if s := stampOf(path); s != t.seen {
			t.seen = s
			t.refresh()
		}
	}
}

// openInWindow opens paths in Hashdrop's window: this program started
// again with them, which hands them to the running window or opens one
// (the path a file manager's "Open with Hashdrop" takes).
func openInWindow(paths []string) {
	exe, err := os.Executable()
	if err == nil {
		cmd := exec.Command(exe, paths...)
		if err = cmd.Start(); err == nil {
			go cmd.Wait()
			return
		}
	}
	log.Printf("hashdrop: cannot open the window: %s", app.ErrorWords(err))
}
