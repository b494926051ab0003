package ui

import (
	"log"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"github.com/hashdrop/hashdrop/app/desktop"
	"github.com/hashdrop/hashdrop/assets"
	_ "github.com/hashdrop/hashdrop/ui/internal/cenv" // before Fyne reads the locale
)

// AppID identifies Hashdrop to Fyne (preferences, single instance); it matches FyneApp.toml.
const AppID = desktop.AppID

// Version is Hashdrop's version, as FyneApp.toml says (main sets it).
var Version string

// VersionOf reads the version from FyneApp.toml's [Details]: Version = "0.1.0".
func VersionOf(fyneAppTOML []byte) string {
	if m := versionLine.FindSubmatch(fyneAppTOML); m != nil {
		return string(m[1])
	}
	return ""
}

var versionLine = regexp.MustCompile(`(?m)^\s*Version\s*=\s*"([^"]*)"`)

// defaultSize is the window's first size: within a 1366 x 768 laptop's
// screen less its panel and title bar (the window grew past it at 960 x 800).
var defaultSize = fyne.NewSize(960, 680)

// traceSize logs the window's laid-out size once the app has started: make
// test-windows compares it with the window's size on screen (a window
// Windows made smaller than the layout had its top cut off).
func traceSize(win fyne.Window, tracef func(string, ...any)) {
	s := win.Canvas().Size()
	tracef("window %.0fx%.0f at scale %.3g", s.Width, s.Height, win.Canvas().Scale())
}

// Run opens the window, with files queued, and returns when it is closed.
// Each started function is given, once the window exists, an open function
// that queues paths in it and brings it to the front; open may be called
// from any goroutine (a second launch handing its files over, say).
func Run(files []string, started ...func(open func(paths []string))) {
	// Before Fyne reads the preferences: those of an install of the old id.
	if changed, err := desktop.MigrateOldID(desktop.UserHome(os.Getenv)); err != nil {
		log.Printf("hashdrop: the settings of the previous app id: %v", err)
	} else if len(changed) > 0 {
		log.Printf("hashdrop: the settings of the previous app id: %s", strings.Join(changed, "; "))
	}
	start := newStartTrace()
	start.tracef("run")
	// The index of the system's fonts (go-text's fontscan, read once a
	// process) is read while the window's libraries start, not when Fyne
	// first measures a text: 30 ms of the content's making.
	go systemFonts()
	a := fyneapp.NewWithID(AppID)
	fontNote := useLanguageSetting(a)
	localizeExplorerMenu()
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.IconPNG))
	win := a.NewWindow("Hashdrop")
	start.tracef("app")
	core := NewAppCore()
	w := New(a, win, core, Config{Version: Version})
	if fontNote != "" {
		w.keepNote(fontNote)
	}
	start.log = w.tracef
	start.tracef("content")
	win.Resize(defaultSize) // the content's MinSize stays within a small screen (mainLayout)
	a.Lifecycle().SetOnStarted(func() {
		start.tracef("event loop")
		traceSize(win, w.tracef)
	})
	if abs, err := desktop.AbsPaths(files); err == nil {
		files = abs // else as given: the folder the process is in is gone
	}
	// The files given are gathered while the window is made, and queued
	// as soon as it is shown: what the gathering hands the window before
	// the event loop runs, the main goroutine runs after Show, waiting a
	// little for it, not after the first frames.
	w.early.start()
	w.Add(files)
	for _, f := range started {
		f(w.HandOver)
	}
	returned := make(chan struct{})
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM) // Fyne quits on them too, through its event queue
	go watchSignals(sigs, returned, signalGrace, os.Exit)
	win.Show() // creates the window: its scale is known from here on
	w.fitScreen(screenOf(), win.Canvas().Scale())
	w.dragAt = dragProbeOf(win)
	start.tracef("shown")
	w.early.run(earlyWait, func() bool { return !w.Idle() })
	start.tracef("files given")
	a.Run()
	w.ended.Store(true)
	// The states make test-windows waits on: the close arrived, then the
	// process is about to end.
	w.tracef("window closed: the event loop has ended")
	close(returned)
	signal.Stop(sigs)
	closeCore(core, closeGrace)
	w.tracef("quitting")
	w.flushTrace()
}

// earlyWait is how long Run waits, once the window is shown, for the files
// it was given to be gathered and queued: a SHA256SUMS and the file it
// lists take a few milliseconds; a folder of thousands is queued later,
// from the event loop. (Reading a large file while the window was being
// made slowed both: the window came up 0.1-0.3 s later, and the verdict
// no sooner.)
const earlyWait = 30 * time.Millisecond

// signalGrace is how long SIGINT or SIGTERM leaves the window to quit
// before the process ends anyway.
const signalGrace = time.Second

// watchSignals ends the process (exit) when, after a signal on sigs, the
// window has not returned within grace: a window whose event queue is far
// behind must still end promptly when told to.
func watchSignals(sigs <-chan os.Signal, returned <-chan struct{}, grace time.Duration, exit func(int)) {
	var s os.Signal
	select {
	case s = <-sigs:
	case <-returned:
		return
	}
	select {
	case <-returned:
	case <-time.After(grace):
		log.Printf("hashdrop: %v: the window did not close within %v; quitting", s, grace)
		code := 130 // as a shell reports SIGINT
		if s == syscall.SIGTERM {
			code = 143
		}
		exit(code)
	}
}

// closeGrace is how long a closed window waits for the core's goroutines: a
// read stuck in the kernel (a hung network share) must not keep the
// process, its lock and its socket alive without a window.
const closeGrace = 3 * time.Second

// closeCore closes core, giving up after grace; it reports whether the core
// ended in time.
func closeCore(core Core, grace time.Duration) bool {
	done := make(chan struct{})
	go func() {
		core.Close()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-time.After(grace):
		log.Printf("hashdrop: a file was still being read %v after the window closed; quitting anyway", grace)
		return false
	}
}

// HandOver takes the paths another launch of Hashdrop was given (none: it
// only asks for the window): it brings the window to the front and queues
// them as if they were dropped. It may be called from any goroutine.
func (w *Window) HandOver(paths []string) {
	w.do(func() {
		w.tracef("handed over %q", paths)
		w.win.RequestFocus()
		w.Add(paths)
	})
}
