package ui

import (
	"errors"
	"slices"
	"sync"
	"testing"
)

func TestCheckDownloadsSetting(t *testing.T) {
	h := newHarness(t)
	saved := downloadWatcher
	defer func() { downloadWatcher = saved }()
	var (
		mu    sync.Mutex
		calls []string
		fail  bool
	)
	record := func(call string) error {
		mu.Lock()
		defer mu.Unlock()
		if fail {
			return errors.New("cannot write the autostart entry")
		}
		calls = append(calls, call)
		return nil
	}
	downloadWatcher.start = func(fetch bool) error {
		if fetch {
			return record("start --fetch")
		}
		return record("start")
	}
	downloadWatcher.stop = func() error { return record("stop") }
	got := func() []string { mu.Lock(); defer mu.Unlock(); return slices.Clone(calls) }

	item := findItem(h.w.menu(), tr("Check new downloads"))
	if item == nil || item.Checked {
		t.Fatalf("setting missing or on before it was set: %+v", item)
	}
	item.Action()
	h.waitFor("the watcher to start", func() bool { return item.Checked })
	if c := got(); !slices.Equal(c, []string{"stop", "start"}) || !h.app.Preferences().Bool(prefCheckDownloads) {
		t.Fatalf("calls %q, preference %v", c, h.app.Preferences().Bool(prefCheckDownloads))
	}
	if item = findItem(h.w.menu(), tr("Check new downloads")); !item.Checked {
		t.Fatal("a new menu does not show the setting as on")
	}

	// "Always fetch for known publishers" reaches the running watcher.
	findItem(h.w.menu(), tr("Always fetch for known publishers")).Action()
	h.waitFor("the watcher to restart with --fetch", func() bool { return slices.Contains(got(), "start --fetch") })

	mu.Lock()
	fail = true
	mu.Unlock()
	item.Action()
	h.waitFor("the error", func() bool { return len(h.dialogs.errs) > 0 })
	if !item.Checked || !h.app.Preferences().Bool(prefCheckDownloads) {
		t.Error("a failed stop changed the setting")
	}
	mu.Lock()
	fail, calls = false, nil
	mu.Unlock()
	item.Action()
	h.waitFor("the watcher to stop", func() bool { return !item.Checked })
	if c := got(); !slices.Equal(c, []string{"stop"}) || h.app.Preferences().Bool(prefCheckDownloads) {
		t.Fatalf("calls %q, preference %v", c, h.app.Preferences().Bool(prefCheckDownloads))
	}
}
