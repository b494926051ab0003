package ui

import (
	"errors"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
)

func TestAssociationSetting(t *testing.T) {
	h := newHarness(t)
	saved := fileAssociations
	defer func() { fileAssociations = saved }()

	fileAssociations.supported = false
	if findItem(h.w.menu(), tr("Open checksum files with Hashdrop")) != nil {
		t.Fatal("the association setting shows where the desktop entry does the job")
	}

	var mu sync.Mutex
	registered, fail := false, false
	fileAssociations.supported = true
	fileAssociations.registered = func() bool { mu.Lock(); defer mu.Unlock(); return registered }
	fileAssociations.set = func(on bool) error {
		mu.Lock()
		defer mu.Unlock()
		if fail {
			return errors.New("access denied")
		}
		registered = on
		return nil
	}

	item := findItem(h.w.menu(), tr("Open checksum files with Hashdrop"))
	if item == nil || item.Checked {
		t.Fatalf("setting missing or checked before it was set: %+v", item)
	}
	item.Action()
	h.waitFor("the associations to be written", func() bool { return item.Checked })
	if !fileAssociations.registered() {
		t.Fatal("ticking the setting did not register the associations")
	}
	if item = findItem(h.w.menu(), tr("Open checksum files with Hashdrop")); !item.Checked {
		t.Fatal("a new menu does not show the setting as on")
	}

	fail = true
	item.Action()
	h.waitFor("the error", func() bool { return len(h.dialogs.errs) > 0 })
	if !item.Checked || !fileAssociations.registered() {
		t.Error("a failed removal changed the setting")
	}
	fail = false
	item.Action()
	h.waitFor("the associations to be removed", func() bool { return !item.Checked })
	if fileAssociations.registered() {
		t.Error("unticking did not remove the associations")
	}
}

func findItem(m *fyne.Menu, label string) *fyne.MenuItem {
	for _, it := range m.Items {
		if it.Label == label {
			return it
		}
	}
	return nil
}
