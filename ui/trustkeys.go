package ui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/signature"
)

// showKeys opens the list of keys signatures are checked against: the
// publishers' keys Hashdrop ships and the user's own, which can be removed,
// with a button to import another.
func (w *Window) showKeys() {
	w.background(func() {
		keys := trustedKeys.get().Keys()
		store, err := signature.UserStore()
		gpg := signature.HaveGPG()
		w.do(func() {
			if err != nil {
				w.dialogs.Error(err)
				return
			}
			w.keysDialog(keys, store, gpg)
		})
	})
}

// keysDialog lists keys; gpg says whether GnuPG is there to import from.
func (w *Window) keysDialog(keys []*signature.Key, store *signature.Store, gpg bool) {
	var d dialog.Dialog
	rows := container.NewVBox()
	for _, k := range keys {
		who := widget.NewLabel("")
		who.Truncation = fyne.TextTruncateEllipsis
		if k.Origin == signature.Shipped {
			who.SetText(tr("{{.Publisher}}: {{.UserID}}", "Publisher", k.Publisher, "UserID", k.UserID))
		} else {
			who.SetText(tr("Yours: {{.UserID}}", "UserID", k.UserID))
		}
		fpr := widget.NewLabel("")
		fpr.SetText(signature.GroupFingerprint(k.Fingerprint))
		fpr.TextStyle = fyne.TextStyle{Monospace: true}
		var right fyne.CanvasObject
		if k.Origin == signature.Imported {
			k := k
			right = w.newButton(tr("Remove"), nil, func() {
				w.dialogs.Confirm(tr("Remove a key"), tr("Stop trusting signatures by {{.UserID}}?", "UserID", k.UserID), tr("Remove"), tr("Keep"), func(yes bool) {
					if yes {
						d.Hide()
						w.removeKey(store, k)
					}
				})
			})
		}
		rows.Add(container.NewBorder(nil, nil, nil, right, container.NewVBox(who, fpr)))
	}
	intro := widget.NewLabel("")
	intro.Wrapping = fyne.TextWrapWord
	intro.SetText(tr("Signatures are checked against these keys: the publishers' keys Hashdrop ships, and yours."))
	scroll := container.NewVScroll(rows)
	scroll.SetMinSize(fyne.NewSize(560, 360))
	importBtn := w.newButton(tr("Import a key…"), nil, func() {
		d.Hide()
		w.dialogs.OpenFiles(tr("Import a key"), func(paths []string) {
			if len(paths) > 0 {
				w.importKey(paths[0], store)
			}
		})
	})
	var imports fyne.CanvasObject = importBtn
	if gpg {
		imports = container.NewGridWithColumns(2, importBtn, w.newButton(tr("Import from GnuPG…"), nil, func() {
			d.Hide()
			w.askGPGKey(store)
		}))
	}
	c := dialog.NewCustomWithoutButtons(tr("Keys"), container.NewBorder(intro, imports, nil, nil, scroll), w.win)
	c.SetButtons([]fyne.CanvasObject{w.newButton(tr("Close"), nil, c.Hide)})
	d = c
	w.shown.show(c, c.Hide)
}

// importKey reads the key file at path, shows its fingerprint and user id
// and asks before trusting it.
func (w *Window) importKey(path string, store *signature.Store) {
	w.background(func() {
		data, err := os.ReadFile(path)
		var keys []*signature.Key
		if err == nil {
			keys, err = signature.ReadKeys(data)
		}
		w.do(func() {
			if err != nil {
				w.dialogs.Error(errors.New(tr("Cannot import {{.Name}}: {{.Reason}}", "Name", path, "Reason", err.Error())))
				return
			}
			w.confirmKeys(keys, store)
		})
	})
}

// askGPGKey asks which key of the user's GnuPG keyring to import.
func (w *Window) askGPGKey(store *signature.Store) {
	id := newEscEntry(w.escape) // Esc closes the question, as its Cancel does
	id.SetPlaceHolder(tr("Key ID, fingerprint or e-mail address"))
	var f *dialog.FormDialog
	id.OnSubmitted = func(string) { f.Submit() }
	f = dialog.NewForm(tr("Import from GnuPG"), tr("Import"), tr("Cancel"),
		[]*widget.FormItem{widget.NewFormItem(tr("Key"), id)}, func(ok bool) {
			if ok && strings.TrimSpace(id.Text) != "" {
				w.importGPGKey(strings.TrimSpace(id.Text), store)
			}
		}, w.win)
	f.Resize(fyne.NewSize(480, f.MinSize().Height))
	w.shown.show(f, nil)
	w.win.Canvas().Focus(id)
}

// importGPGKey reads the keys id names from the user's GnuPG keyring
// (gpg --export), shows each one's fingerprint and user id and asks before
// trusting it, as for a key file.
func (w *Window) importGPGKey(id string, store *signature.Store) {
	w.background(func() {
		keys, err := signature.GPGKeys(id)
		w.do(func() {
			if err != nil {
				w.dialogs.Error(errors.New(tr("Cannot import {{.Name}} from GnuPG: {{.Reason}}", "Name", id, "Reason", gpgErrorText(err))))
				return
			}
			w.confirmKeys(keys, store)
		})
	})
}

// gpgErrorText words why GnuPG gave no key.
func gpgErrorText(err error) string {
	switch {
	case errors.Is(err, signature.ErrNoGPGKey):
		return tr("GnuPG has no such key")
	case errors.Is(err, signature.ErrNoGPG):
		return tr("GnuPG is not installed")
	}
	return err.Error()
}

// ReadKeyFile, returns the public keys in the file at path when it is a key
// file (.asc, .gpg, .pub, .key holding a key: not a signature or a
// clear-signed checksum file), with the store to import them into; nil
// otherwise. It reads the disk: not on the Fyne goroutine.
func readKeyFile(path string) ([]*signature.Key, *signature.Store) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".asc", ".gpg", ".pub", ".key":
	default:
		return nil, nil
	}
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || st.Size() > signature.MaxKeyFileSize {
		return nil, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil
	}
	keys, err := signature.ReadKeys(data)
	store, serr := signature.UserStore()
	if err != nil || serr != nil || len(keys) == 0 {
		return nil, nil
	}
	return keys, store
}

// confirmKeys asks about each key in turn.
func (w *Window) confirmKeys(keys []*signature.Key, store *signature.Store) {
	if len(keys) == 0 {
		trustedKeys.reset()
		return
	}
	k := keys[0]
	msg := tr("Trust signatures by this key?\n\n{{.UserID}}\nFingerprint: {{.Fingerprint}}\n\nCheck this fingerprint against the publisher's own site (HTTPS) first. A key found next to a download proves nothing: whoever could replace the download could replace the key.",
		"UserID", k.UserID, "Fingerprint", signature.GroupFingerprint(k.Fingerprint))
	w.dialogs.Confirm(tr("Import a key"), msg, tr("Trust it"), tr("Cancel"), func(yes bool) {
		if !yes {
			w.confirmKeys(keys[1:], store)
			return
		}
		w.background(func() {
			_, err := store.Import(k)
			if errors.Is(err, signature.ErrKnown) {
				err = nil
			}
			trustedKeys.reset()
			w.do(func() {
				if err != nil {
					w.dialogs.Error(err)
				}
				w.tracef("key %s trusted", k.Fingerprint)
				w.confirmKeys(keys[1:], store)
			})
		})
	})
}

func (w *Window) removeKey(store *signature.Store, k *signature.Key) {
	w.background(func() {
		_, err := store.Remove(k.Fingerprint)
		trustedKeys.reset()
		w.do(func() {
			if err != nil {
				w.dialogs.Error(err)
				return
			}
			w.showKeys()
		})
	})
}
