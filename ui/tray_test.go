package ui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/watch"
	"github.com/hashdrop/hashdrop/assets"
)

// twoRecent are a red check and an older green one, newest first.
func twoRecent(dir string) []watch.Recent {
	return []watch.Recent{
		{Path: filepath.Join(dir, "bad.iso"), Colour: "red", Checked: "beside", Headline: "FAILED: bad.iso does NOT match the digest published for it: do not use it", Time: time.Unix(2000, 0)},
		{Path: filepath.Join(dir, "ubuntu.iso"), Colour: "green", Checked: "beside", Headline: "OK: ubuntu.iso matches SHA256SUMS", Time: time.Unix(1000, 0)},
	}
}

func labels(items []*fyne.MenuItem) []string {
	var ls []string
	for _, it := range items {
		if it.IsSeparator {
			ls = append(ls, "---")
			continue
		}
		ls = append(ls, it.Label)
	}
	return ls
}

// The tray's menu: its title, the recent checks newest first with their
// colour's mark, then "Open Hashdrop"; a click opens the window on that
// file, and the menu follows the list when it is written again.
func TestTrayMenuListsRecentChecks(t *testing.T) {
	dir := t.TempDir()
	var opened [][]string
	var set []*fyne.Menu
	quits := 0
	list := twoRecent(dir)
	tr0 := &tray{set: func(m *fyne.Menu) { set = append(set, m) }, read: func() []watch.Recent { return list },
		open: func(paths []string) { opened = append(opened, paths) }, quit: func() { quits++ }}
	tr0.refresh()
	if len(set) != 1 {
		t.Fatalf("menu set %d times", len(set))
	}
	m := set[0]
	want := []string{tr("Recent checks"), "✗ bad.iso", "✓ ubuntu.iso", "---", tr("Open Hashdrop"), tr("Quit")}
	if got := labels(m.Items); !slices.Equal(got, want) {
		t.Fatalf("tray menu %q, want %q", got, want)
	}
	if !m.Items[0].Disabled || m.Items[1].Disabled {
		t.Error("the title is a title, an entry a choice")
	}
	m.Items[2].Action()
	m.Items[4].Action()
	m.Items[5].Action()
	if quits != 1 {
		t.Error("Quit did not quit")
	}
	if len(opened) != 2 || !slices.Equal(opened[0], []string{filepath.Join(dir, "ubuntu.iso")}) || len(opened[1]) != 0 {
		t.Fatalf("opened %q", opened)
	}

	list = nil
	tr0.refresh()
	if got := labels(set[1].Items); !slices.Equal(got, []string{tr("Recent checks"), tr("No recent checks"), "---", tr("Open Hashdrop"), tr("Quit")}) || !set[1].Items[1].Disabled {
		t.Fatalf("empty list: %q", got)
	}
}

// The tray looks again when the list's file changes, and only then.
func TestTrayFollowsTheRecentList(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	path, _ := watch.RecentPath()
	l := &watch.RecentList{Path: path}
	l.Add(twoRecent(state)[1])
	sets := make(chan *fyne.Menu, 10)
	reads := 0
	tr0 := &tray{set: func(m *fyne.Menu) { sets <- m }, read: func() []watch.Recent {
		reads++
		rs, _ := watch.ReadRecent(path)
		return rs
	}, open: func([]string) {}}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() { tr0.follow(stop, time.Millisecond); close(done) }()
	time.Sleep(20 * time.Millisecond) // several looks at an unchanged list
	if reads != 0 {
		t.Errorf("read %d times an unchanged list", reads)
	}
	l.Add(twoRecent(state)[0])
	select {
	case m := <-sets:
		if got := labels(m.Items); got[1] != "✗ bad.iso" || got[2] != "✓ ubuntu.iso" {
			t.Fatalf("menu %q", got)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the menu did not follow the list")
	}
	close(stop)
	<-done
}

// The ☰ menu's "Recent checks": the same entries; a click puts the file in
// the window, which checks it as any file given to it and shows the
// verdict.
func TestWindowMenuRecentChecksOpensTheFile(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "ubuntu.iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  ubuntu.iso\n")
	saved := recentChecks
	defer func() { recentChecks = saved }()
	recentChecks = func() []watch.Recent { return nil }
	item := findItem(h.w.menu(), tr("Recent checks"))
	if item == nil || item.ChildMenu == nil {
		t.Fatal("no Recent checks in the ☰ menu")
	}
	if got := labels(item.ChildMenu.Items); !slices.Equal(got, []string{tr("No recent checks")}) {
		t.Fatalf("empty: %q", got)
	}
	recentChecks = func() []watch.Recent { return twoRecent(dir) }
	item = findItem(h.w.menu(), tr("Recent checks"))
	if got := labels(item.ChildMenu.Items); !slices.Equal(got, []string{"✗ bad.iso", "✓ ubuntu.iso"}) {
		t.Fatalf("entries %q", got)
	}
	item.ChildMenu.Items[1].Action()
	h.waitFor("the verdict", func() bool { return h.allFinished() && h.w.banner.Outcome() == checksum.Match })
	if it := h.item("ubuntu.iso"); it.path != filepath.Join(dir, "ubuntu.iso") {
		t.Errorf("opened %s", it.path)
	}
	if hl := h.w.banner.Headline(); !strings.Contains(hl, "Matches") {
		t.Errorf("headline %q", hl)
	}
}

func TestIsTray(t *testing.T) {
	if !IsTray([]string{"--tray", "watch", "--notify"}) || IsTray([]string{"watch"}) || IsTray(nil) {
		t.Fatal("IsTray")
	}
	if got := watchArgs(true); !slices.Equal(got, []string{TrayFlag, "watch", "--notify", "--fetch"}) {
		t.Fatalf("watchArgs %q", got)
	}
}

func TestTrayIconICO(t *testing.T) {
	ico := pngICO(assets.IconPNG)
	if len(ico) != 22+len(assets.IconPNG) || string(ico[22:30]) != "\x89PNG\r\n\x1a\n" {
		t.Fatal("the PNG is not the .ico's image")
	}
	if ico[2] != 1 || ico[4] != 1 || ico[18] != 22 {
		t.Fatalf("header % x", ico[:22])
	}
}
