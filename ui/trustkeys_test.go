package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/signature/sigtest"
)

// find returns the first object under o (o included) that ok accepts,
// looking into containers and widgets' renderers.
func find(o fyne.CanvasObject, ok func(fyne.CanvasObject) bool) fyne.CanvasObject {
	if o == nil || !o.Visible() {
		return nil
	}
	if ok(o) {
		return o
	}
	var kids []fyne.CanvasObject
	switch v := o.(type) {
	case *fyne.Container:
		kids = v.Objects
	case fyne.Widget:
		kids = test.WidgetRenderer(v).Objects()
	}
	for _, k := range kids {
		if f := find(k, ok); f != nil {
			return f
		}
	}
	return nil
}

// tapText taps the button labelled text in the dialog on top.
func tapText(t *testing.T, h *harness, text string) {
	t.Helper()
	b := find(h.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
		f, ok := o.(fyne.Focusable)
		return ok && labelled(text)(f)
	})
	if b == nil {
		t.Fatalf("no %q button in the dialog on top", text)
	}
	test.Tap(b.(fyne.Tappable))
	h.settle()
}

// The Keys dialog imports from the user's GnuPG keyring: the key named is
// shown and asked about, as a key file is; a key GnuPG lacks says so.
func TestImportKeyFromGnuPG(t *testing.T) {
	h := newHarness(t)
	g := sigtest.NewGnuPG(t)
	t.Cleanup(g.Close)
	fpr := g.GenKey("Example Release <release@example.org>", "ed25519", "sign", "never")
	t.Setenv("GNUPGHOME", g.Home())
	store, _ := signature.UserStore()

	h.dialogs.confirm = true
	// Esc closes the question, importing nothing; Import and Enter import.
	for _, step := range []struct{ id, how string }{
		{"release@example.org", "Esc"}, {"nobody@example.org", "Import"}, {"release@example.org", "Enter"},
	} {
		h.w.showKeys()
		h.waitFor("the Keys dialog", func() bool { return h.win.Canvas().Overlays().Top() != nil })
		tapText(t, h, "Import from GnuPG…")
		entry, ok := h.win.Canvas().Focused().(*escEntry)
		if !ok {
			t.Fatalf("the focus is on %T, not on the field for the key", h.win.Canvas().Focused())
		}
		entry.SetText(step.id)
		switch step.how {
		case "Esc":
			typeKey(h, fyne.KeyEscape)
			if h.win.Canvas().Overlays().Top() != nil {
				t.Fatal("Esc in the field left the question open")
			}
		case "Import":
			tapText(t, h, "Import")
		case "Enter":
			typeKey(h, fyne.KeyReturn)
		}
		h.settle()
		if ks, _ := store.Load(); step.how != "Enter" && len(ks) != 0 {
			t.Fatalf("%s: a key was imported", step.how)
		}
	}
	h.waitFor("the key kept", func() bool { ks, _ := store.Load(); return len(ks) == 1 && ks[0].Fingerprint == fpr })
	if len(h.dialogs.errs) != 1 || h.dialogs.errs[0].Error() != "Cannot import nobody@example.org from GnuPG: GnuPG has no such key" {
		t.Errorf("errors %v", h.dialogs.errs)
	}
	if len(h.dialogs.asked) != 1 || !strings.Contains(h.dialogs.asked[0], signature.GroupFingerprint(fpr)) {
		t.Errorf("asked %q", h.dialogs.asked)
	}
	if k := trustedKeys.get().Find(signature.OpenPGP, fpr); k == nil || k.Origin != signature.Imported {
		t.Errorf("the window's keyring does not trust it: %+v", k)
	}
}
