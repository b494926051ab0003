package ui

import (
	"errors"
	"os"
	"os/exec"
	"time"

	"fyne.io/fyne/v2"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/desktop"
	"github.com/hashdrop/hashdrop/app/watch"
)

// prefCheckDownloads is the setting "Check new downloads" (off at first,
// issue 52): on, "hashdrop watch --notify" runs in the background on the
// Downloads folder, started now and at each login; off, it is stopped and
// its login entry removed. The watcher is a process of its own, the same
// one the login starts, so that it outlives the window and a second
// session finds it (app/desktop's one watcher a folder).
const prefCheckDownloads = "watch.downloads"

// downloadWatcher starts and stops the watcher; tests replace it.
var downloadWatcher = struct {
	start func(fetch bool) error
	stop  func() error
}{start: startDownloadWatcher, stop: stopDownloadWatcher}

// checkDownloadsItem is the ☰ menu's setting; the login entry is written
// off the Fyne goroutine.
func (w *Window) checkDownloadsItem() *fyne.MenuItem {
	item := fyne.NewMenuItem(tr("Check new downloads"), nil)
	item.Checked = w.app.Preferences().Bool(prefCheckDownloads)
	item.Action = func() {
		on := !item.Checked
		fetch := w.offer.always()
		w.background(func() {
			err := downloadWatcher.stop()
			if on {
				err = downloadWatcher.start(fetch)
			}
			w.do(func() {
				if err != nil {
					w.dialogs.Error(err)
					return
				}
				w.app.Preferences().SetBool(prefCheckDownloads, on)
				item.Checked = on
			})
		})
	}
	return item
}

// restartDownloadWatcher starts the watcher again with the fetch setting
// changed, when it runs.
func (w *Window) restartDownloadWatcher(fetch bool) {
	if !w.app.Preferences().Bool(prefCheckDownloads) {
		return
	}
	w.background(func() {
		err := downloadWatcher.start(fetch)
		if err != nil {
			w.do(func() { w.dialogs.Error(err) })
		}
	})
}

// watchArgs are the watcher's arguments: the watch command with the
// tray's icon (TrayFlag).
func watchArgs(fetch bool) []string {
	if fetch {
		return []string{TrayFlag, "watch", "--notify", "--fetch"}
	}
	return []string{TrayFlag, "watch", "--notify"}
}

func startDownloadWatcher(fetch bool) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	args := watchArgs(fetch)
	if err := desktop.EnableAutostart(exe, args); err != nil {
		return err
	}
	dir, err := watch.DownloadsDir()
	if err != nil {
		return errors.New(tr("Cannot find the Downloads folder: {{.Cause}}", "Cause", app.ErrorWords(err)))
	}
	if err := stopAndWait(dir); err != nil {
		return err
	}
	cmd := exec.Command(exe, args...)
	if err := cmd.Start(); err != nil {
		return errors.New(tr("Cannot start the download checker ({{.Program}}): {{.Cause}}", "Program", exe, "Cause", app.ErrorWords(err)))
	}
	go cmd.Wait()
	return nil
}

func stopDownloadWatcher() error {
	if err := desktop.DisableAutostart(); err != nil {
		return err
	}
	dir, err := watch.DownloadsDir()
	if err != nil {
		return nil // nothing can watch a folder that cannot be found
	}
	return stopAndWait(dir)
}

// stopAndWait stops the watcher of dir, if one runs, and waits (up to five
// seconds) until it has let go of the folder.
func stopAndWait(dir string) error {
	stopped, err := desktop.StopWatch(dir)
	if err != nil || !stopped {
		return err
	}
	for range 50 {
		if l, _ := desktop.ClaimWatch(dir); l != nil {
			l.Release()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New(tr("The download checker of {{.Folder}} did not stop", "Folder", dir))
}
