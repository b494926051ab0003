package ui

import (
	"fyne.io/fyne/v2"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/watch"
)

// The recent checks (issue 52): what the download checker told, as app/watch
// keeps it (values: the file, its colour, the time); here only shown, in the
// ☰ menu's "Recent checks" and in the tray's menu. A click opens the file in
// the window, which checks it again the way it checks any file it is given
// and shows the verdict: the list says what was, the window what is.

// recentChecks reads the list of recent checks, newest first; none when
// there is none yet or it cannot be read. Tests replace it.
var recentChecks = func() []watch.Recent {
	path, err := watch.RecentPath()
	if err != nil {
		return nil
	}
	rs, _ := watch.ReadRecent(path)
	return rs
}

// recentLabel is a recent check as a menu shows it: its colour's mark and
// the file's name ("✓ ubuntu-24.04.1-desktop-amd64.iso", "✗ bad.iso").
func recentLabel(r watch.Recent) string {
	return r.Mark() + " " + app.VisibleText(r.Name())
}

// recentMenuItems are the menu items of rs, newest first: a click gives
// open the file's path. With none, one disabled item says so.
func recentMenuItems(rs []watch.Recent, open func(path string)) []*fyne.MenuItem {
	if len(rs) == 0 {
		none := fyne.NewMenuItem(tr("No recent checks"), nil)
		none.Disabled = true
		return []*fyne.MenuItem{none}
	}
	items := make([]*fyne.MenuItem, len(rs))
	for i, r := range rs {
		items[i] = fyne.NewMenuItem(recentLabel(r), func() { open(r.Path) })
	}
	return items
}

// recentItem is the ☰ menu's "Recent checks", read each time the menu
// opens (a file of twenty short entries).
func (w *Window) recentItem() *fyne.MenuItem {
	item := fyne.NewMenuItem(tr("Recent checks"), nil)
	item.ChildMenu = fyne.NewMenu("", recentMenuItems(recentChecks(), w.openRecent)...)
	return item
}

// openRecent puts a recent check's file in the list, checked as any file
// given to the window.
func (w *Window) openRecent(path string) {
	w.Add([]string{path})
}
