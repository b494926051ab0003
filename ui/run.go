package ui

import (
	"log"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"github.com/BurntSushi/toml"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/desktop"
	"github.com/hashdrop/hashdrop/assets"
	_ "github.com/hashdrop/hashdrop/ui/internal/cenv" // before Fyne reads the locale
)

// AppID identifies Hashdrop to Fyne (preferences, single instance); it matches FyneApp.toml.
const AppID = desktop.AppID

// Version is Hashdrop's version, as FyneApp.toml says (UseMetadata sets it).
var Version string

// MetadataOf reads what FyneApp.toml tells Fyne about the app: its id,
// name, version and build ([Details]) and the migrations it has made
// ([Migrations]).
func MetadataOf(fyneAppTOML []byte) (fyne.AppMetadata, error) {
	var f struct {
		Details struct {
			ID, Name, Version string
			Build             int
		}
		Migrations map[string]bool
	}
	if _, err := toml.Decode(string(fyneAppTOML), &f); err != nil {
		return fyne.AppMetadata{}, err
	}
	return fyne.AppMetadata{ID: f.Details.ID, Name: f.Details.Name, Version: f.Details.Version,
		Build: f.Details.Build, Migrations: f.Migrations}, nil
}

// UseMetadata gives Fyne the metadata of FyneApp.toml (MetadataOf) and
// sets Version. `fyne package` compiles the same metadata into the
// program; `go build` (make build, the .deb) does not, and Fyne then
// looks for FyneApp.toml beside the program, finds none, and takes the
// app as not migrated to fyne.Do: it checks the goroutine of every call
// that must be made on its own (a runtime.Stack parsed each time), 12 ms
// of the 58 the window's goroutine spent laying out and drawing a file's
// row as its reading began. Hashdrop changes its widgets only through
// fyne.Do, as FyneApp.toml's [Migrations] fyneDo = true says.
func UseMetadata(fyneAppTOML []byte) error {
	m, err := MetadataOf(fyneAppTOML)
	if err != nil {
		return err
	}
	Version = m.Version
	fyneapp.SetMetadata(m)
	return nil
}

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
	raster := rasterThreads(os.Getenv, os.Setenv, runtime.GOMAXPROCS(0))
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
	core := newAppCore(app.Options{Cores: spareProcessor(os.Getenv)})
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
	if raster != "" {
		// The rasterizer has read it; the programs the window starts (a
		// file manager, a browser) do not inherit it.
		os.Unsetenv(rasterThreadsVar)
		w.tracef("%s=%s for Mesa's software OpenGL, if it draws the window", rasterThreadsVar, raster)
	}
	w.fitScreen(screenOf(), win.Canvas().Scale())
	w.dragAt = dragProbeOf(win)
	start.tracef("shown")
	w.filesGiven(earlyWait)
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

// spareProcessor gives Go's scheduler one processor more than the cores
// (GOMAXPROCS) unless the user set GOMAXPROCS, and returns the cores, for
// the queue to keep busy. The window's event loop is locked to the main
// thread and holds a processor whenever it runs Go code between its calls
// into GLFW and OpenGL, nearly all the time it lays out and draws. Meanwhile
// the reader of a file and its one hashing goroutine shared the other: Go's
// trace of the window reading the ISO showed the SHA-256 goroutine runnable
// and not running 30-45 ms a GiB, behind the reader in read(2), which kept
// the processor. The extra processor leaves the threads to the system,
// which shares the cores among them finely.
func spareProcessor(getenv func(string) string) (cores int) {
	cores = runtime.GOMAXPROCS(0)
	if getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(cores + 1)
	}
	return cores
}

// rasterThreadsVar is how many threads Mesa's software rasterizer
// (llvmpipe) draws on; it draws on one a core when it is not set.
const rasterThreadsVar = "LP_NUM_THREADS"

// rasterThreads has Mesa's software rasterizer, the OpenGL of a machine or
// virtual machine without a GPU's driver, draw the window on one thread
// fewer than the cores, unless the user said how many (LP_NUM_THREADS),
// and returns what it set ("" if nothing). A GPU's driver ignores it.
//
// The SHA-256 of an ISO is one thread, a core's work from the first MiB to
// the last. Drawn on a thread a core, each of the window's frames took
// both cores for 5-10 ms, the hasher's too, while the other core was idle
// 30-40 % of the reading (perf on two cores, the window under Xvfb reading
// the ISO beside its SHA256SUMS). On one thread, the hasher ran through
// the progress frames undisturbed (19-20 ms of CPU in every 20), and a
// frame of the window took 11-13 ms of the rasterizer's CPU.
func rasterThreads(getenv func(string) string, setenv func(string, string) error, cores int) string {
	if getenv(rasterThreadsVar) != "" {
		return ""
	}
	n := strconv.Itoa(max(1, cores-1))
	if setenv(rasterThreadsVar, n) != nil {
		return ""
	}
	return n
}

// filesGiven runs, on the main goroutine before the event loop, what the
// gathering of the files given handed the window (waiting at most wait
// for it), and judges them: the first frame draws their cards whole,
// with their verdict lines, and the banner over them. Judged at the first
// tick, a card grew in the next frame (the list laid out and every card
// drawn again) and the banner came in a frame of its own, while the ISO
// beside the SHA256SUMS had begun to be read.
func (w *Window) filesGiven(wait time.Duration) {
	w.early.run(wait, func() bool { return !w.Idle() })
	w.judgeNow()
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
