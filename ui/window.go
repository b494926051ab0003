// Package ui is Hashdrop's window: Fyne views over the app core. Nothing
// here hashes, walks or reads files on the Fyne goroutine; background work
// reports back through Window.do (fyne.Do), and progress is redrawn by a
// 10 Hz ticker that samples the jobs' lock-free counters.
package ui

import (
	"context"
	"log"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/release"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// tickEvery is the progress redraw period: 10 times a second, smooth to the
// eye and cheap even where OpenGL is drawn in software.
const tickEvery = time.Second / 10

// progressTicks is how many of the ticker's ticks apart the progress of
// the files being read is drawn: 5 times a second. Each redraw paints the
// whole window again, which under software OpenGL takes CPU from the
// reading; a file that starts, and everything else, is drawn at a tick.
const progressTicks = 2

// listRoom is the least height the list of files asks for: a card or two;
// the rest of a long card scrolls.
const listRoom = 160

// maxJudgedAtOnce bounds the list that is judged again as soon as a file
// read for its verdict is done, rather than at the next tick.
const maxJudgedAtOnce = 64

// Config holds what New needs besides the app, the window and the core. The
// zero value is what Run uses.
type Config struct {
	Dialogs Dialogs      // nil: native dialogs where available, else Fyne's
	Do      func(func()) // runs a function on the Fyne goroutine; nil: fyne.Do
	Manual  bool         // no ticker: the caller calls Tick (tests)
	Version string       // for About; "": the build's metadata
}

// Window is Hashdrop's main window.
type Window struct {
	app          fyne.App
	win          fyne.Window
	core         Core
	dialogs      Dialogs
	shown        *dialogStack // the Fyne dialogs open, for Esc
	version      string
	do           func(func())
	now          func() time.Time // the window's clock: the core's queue's (app.Options.Now)
	busy         atomic.Int32     // background work running (background)
	early        earlyQueue       // what background work gives the window before its event loop runs (Run)
	ended        atomic.Bool      // the event loop has ended: what w.do is given is dropped
	trace        *log.Logger
	traceOut     *traceWriter           // trace's lines, held while they come fast
	reads        map[*fileItem]readMark // large files being read, traced (traceRead)
	ticks        int                    // ticks so far, traced
	tickCPU      time.Duration          // the CPU time they took on the window's thread, traced
	traced       string                 // the banner as last traced
	tracedReport string                 // the report's reason and statuses as last traced
	laidOut      string                 // the layout as last traced (traceLayout)

	picker   *algorithmPicker
	expected *expectedField
	banner   *verdictBanner
	files    *fileList
	status   *widget.Label
	note     *widget.Label
	noteSeq  int

	copyAll, save, clear, cancelAll *button
	computeMore                     *button // shown when the choice of algorithms grew
	copied                          copiedDigest

	toolbar  *fyne.Container // the status line and its buttons (fitToolbar)
	dropZone fyne.CanvasObject
	dropHint fyne.CanvasObject
	body     *fyne.Container
	mainView fyne.CanvasObject
	layout   *mainLayout // mainView's
	digits   int         // hex digits a line of a card's digest holds (filecard.go; setDigits)
	fit      *screenFit  // holds body within the screen (fitScreen), or nil
	sums     *sumsView
	saving   *saveForm         // the Save checksums form shown last
	given    []*checksum.Index // checksum files dropped or opened, for the files listed (until Clear)
	sumsNext []givenSums       // checksum files given with the one in view, checked after it (Next), the next last
	bench    *benchView

	computeGen int // bumped by Cancel all: stops "Compute new algorithms" queueing
	walking    int // folder walks in progress
	walkFound  int // files found by them so far
	walkCtx    context.Context
	walkCancel context.CancelFunc // stops them (Clear, Cancel all)
	gen        int                // bumped by Clear: late results of older walks are dropped
	started    time.Time          // when the current batch began
	stale      bool               // files finished since the last verdict and count
	lastJudge  time.Time          // when the files were last judged (judgeDue)
	counts     statusCounts       // the status line's counts, and when they were made
	judged     int                // files judged so far: what the engine weighed (tests)
	gathered   int                // files whose evidence was gathered again so far (tests)
	marked     int                // files whose new verdict was marked on their rows so far (tests)
	judgeSeq   int                // judges so far: a verdict decided aside is shown if no judge followed it
	aside      chan struct{}      // closed when the verdict decided aside is (judgeSoon); nil when none is
	judgeAgain bool               // judgeSoon was called meanwhile: it is called again when it lands
	counted    int                // files counted for the status line so far (tests)
	stop       chan struct{}
	cmp        comparing          // files compared with each other (compare.go)
	report     verdict.Report     // the verdict engine's last report (judge)
	offer      *offer             // fetching a publisher's checksums (issue 40)
	fetched    []*release.Fetched // what was fetched, in temporary folders (until Clear)
	sources    []verdict.Source   // checksum files beside files nothing names, for renamed downloads (until Clear)
	dragAt     dragProbe          // where a drag is over the window, or nil (droptarget.go)
	moreSmall  *smallStart        // while small files' results are recorded: those to read again, together (smallDone)
	thrift     func()             // ends the garbage collector's thrift while a long list is read (thriftyFiles)
	// verdictPasses counts the files whose verdict's reading is still to
	// end; passesRead is set when the last ends, and judgeDue judges.
	verdictPasses int
	passesRead    bool
	// gatheredFiles is each file's evidence as last gathered (gather).
	gatheredFiles []verdict.File
}

// New builds the window's content for core and returns it; call Add to
// queue files and win.ShowAndRun to show it.
func New(a fyne.App, win fyne.Window, core Core, cfg Config) *Window {
	w := &Window{app: a, win: win, core: core, dialogs: cfg.Dialogs, version: cfg.Version, now: core.Queue().Now, stop: make(chan struct{}),
		digits: digestLine}
	run := cfg.Do
	if run == nil {
		run = fyne.Do
	}
	w.do = func(f func()) {
		if w.early.hold(f) || w.ended.Load() {
			return
		}
		defer droppedAfterTheEnd()
		run(f)
	}
	w.shown = &dialogStack{}
	if w.dialogs == nil {
		w.dialogs = defaultDialogs(win, w.shown)
	}
	if os.Getenv("HASHDROP_TRACE") != "" {
		w.traceOut = &traceWriter{out: os.Stderr}
		w.trace = log.New(w.traceOut, "hashdrop: ", log.Lmicroseconds)
	}
	w.build()
	win.SetOnDropped(w.dropAt)
	a.Lifecycle().SetOnEnteredForeground(w.expected.checkClipboard)
	w.shortcuts()
	if !cfg.Manual {
		go w.ticker()
		win.SetOnClosed(func() { close(w.stop) })
	}
	return w
}

// traceVerdict logs a headline a banner shows (HASHDROP_TRACE), in the
// main view or the checksum file's, once until it changes, as "verdict
// OUTCOME: HEADLINE", so that a script can follow the real window.
func (w *Window) traceVerdict(o checksum.Outcome, headline string) {
	if w.trace == nil {
		return
	}
	if v := o.String() + ": " + headline; v != w.traced {
		w.traced = v
		w.tracef("verdict %s", v)
	}
}

func (w *Window) tracef(format string, args ...any) {
	if w.trace != nil {
		w.trace.Printf(format, args...)
	}
}

// flushTrace writes the trace's lines held.
func (w *Window) flushTrace() {
	if w.traceOut != nil {
		w.traceOut.flush()
	}
}

func (w *Window) ticker() {
	t := time.NewTicker(tickEvery)
	defer t.Stop()
	for n := 1; ; n++ {
		select {
		case <-t.C:
			progress := n%progressTicks == 0
			w.do(func() { w.tick(progress) })
		case <-w.stop:
			return
		}
	}
}

func (w *Window) build() {
	w.picker = newAlgorithmPicker(w)
	w.files = newFileList(w)
	w.files.reset(w.picker.selected())
	w.banner = newVerdictBanner()
	w.banner.shown = w.traceVerdict
	w.cmp.button = w.newCompareButton() // shown under the expected field
	w.expected = newExpectedField(w)
	w.offer = newOffer(w)
	w.status = widget.NewLabel("")
	w.status.Truncation = fyne.TextTruncateEllipsis
	w.note = widget.NewLabel("")
	w.note.Importance = widget.SuccessImportance

	w.copyAll = w.newButton(tr("Copy all"), theme.ContentCopyIcon(), w.copyAllDigests)
	w.save = w.newButton(tr("Save checksums…"), theme.DocumentSaveIcon(), w.saveChecksums)
	w.computeMore = w.newButton(tr("Compute new algorithms"), theme.ViewRefreshIcon(), w.computeNew)
	w.computeMore.Hide()
	w.clear = w.newButton(tr("Clear"), theme.ContentClearIcon(), w.Clear)
	w.cancelAll = w.newButton(tr("Cancel all"), theme.CancelIcon(), w.CancelAll)
	for _, b := range []*button{w.copyAll, w.save, w.clear, w.cancelAll} {
		b.Importance = widget.LowImportance
	}

	icon := canvas.NewImageFromResource(w.app.Icon())
	icon.FillMode = canvas.ImageFillContain
	title := canvas.NewText("Hashdrop", theme.Color(theme.ColorNameForeground))
	title.TextSize = theme.TextHeadingSize()
	title.TextStyle.Bold = true
	openFiles := w.newButton(tr("Open files…"), theme.FolderOpenIcon(), w.openFiles)
	openFiles.Importance = widget.HighImportance
	openSums := w.newButton(tr("Open checksum file…"), theme.DocumentIcon(), w.openChecksumFile)
	menu := w.newButton("", theme.MenuIcon(), nil)
	menu.OnTapped = func() {
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(menu).Add(fyne.NewPos(0, menu.Size().Height))
		widget.ShowPopUpMenuAtPosition(w.menu(), w.win.Canvas(), pos)
	}
	header := container.NewBorder(nil, nil,
		container.NewHBox(sized(fyne.NewSquareSize(32), icon), title),
		container.NewHBox(openFiles, openSums, menu))

	w.note.Wrapping = fyne.TextWrapWord
	w.note.Hide()
	w.toolbar = container.NewStack(container.New(&toolbarRow{}, w.status, w.computeMore, w.copyAll, w.save, w.clear, w.cancelAll))
	top := container.NewVBox(header, w.expected.object(), w.banner, w.offer.obj, w.toolbar, w.note)

	w.dropZone = newDropZone(w)
	hint := widget.NewLabelWithStyle(tr("Drop more files or folders anywhere on the window, or a SHA256SUMS file to check them"),
		fyne.TextAlignCenter, fyne.TextStyle{Italic: true})
	hint.Wrapping = fyne.TextWrapWord // a narrow window: two lines, not a wider window
	w.dropHint = hint
	hintRoom := container.NewStack(w.dropHint) // shown or not by the window's height (mainLayout); the hint itself, by the list
	bottom := container.NewVBox(hintRoom, widget.NewSeparator(), w.picker.object())
	w.layout = &mainLayout{top: top, hint: hintRoom}
	page := container.New(pageLayout{}, top, container.New(scrollRoom(listRoom), w.files.holder, w.dropZone))
	w.mainView = container.New(w.layout, container.NewVScroll(page), bottom)
	w.body = container.NewStack(w.mainView)
	w.win.SetContent(w.body)
	w.refreshChrome()
	w.fitToolbar()
}

func (w *Window) menu() *fyne.Menu {
	m := fyne.NewMenu("",
		fyne.NewMenuItem(tr("Open files…"), w.openFiles),
		fyne.NewMenuItem(tr("Open folder…"), w.openFolder),
		fyne.NewMenuItem(tr("Open checksum file…"), w.openChecksumFile),
		fyne.NewMenuItemSeparator(),
		w.listItem(tr("Copy all digests"), w.copyAllDigests, w.hasDigests()),
		w.listItem(tr("Save checksums…"), w.saveChecksums, w.hasDigests()),
		w.compareItem(),
		w.listItem(tr("Clear the list"), w.Clear, len(w.files.items) > 0),
		w.listItem(tr("Cancel all (Esc)"), w.CancelAll, !w.files.allFinished() || w.walking > 0),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr("Keys…"), w.showKeys),
		w.alwaysFetchItem(),
		w.checkDownloadsItem(),
		w.recentItem(),
		w.languageItem(),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr("Benchmark"), w.showBench),
		fyne.NewMenuItem(tr("About this computer"), w.showAbout),
	)
	if v := w.sums; v != nil && v.sf != nil {
		// "Back to files" keeps the check of a checksum file: it is one
		// click away until another is opened or the list is cleared.
		back := fyne.NewMenuItem(tr("Back to the check of {{.Name}}", "Name", filepath.Base(v.path)), func() { w.show(v.obj) })
		m.Items = append([]*fyne.MenuItem{back, fyne.NewMenuItemSeparator()}, m.Items...)
	}
	if fileAssociations.supported {
		m.Items = append(m.Items, fyne.NewMenuItemSeparator(), w.associationItem())
	}
	return m
}

// listItem is a menu item that acts on the list, disabled when there is
// nothing for it to act on.
func (w *Window) listItem(label string, action func(), enabled bool) *fyne.MenuItem {
	m := fyne.NewMenuItem(label, action)
	m.Disabled = !enabled
	return m
}

// hasDigests reports whether a file of the list has a digest to copy or
// save.
func (w *Window) hasDigests() bool {
	for _, it := range w.files.items {
		if len(it.digests) > 0 {
			return true
		}
	}
	return false
}

func (w *Window) shortcuts() {
	c := w.win.Canvas()
	c.SetOnTypedKey(func(e *fyne.KeyEvent) {
		if e.Name == fyne.KeyEscape {
			w.escape()
		}
	})
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault},
		func(fyne.Shortcut) { w.openFiles() })
	c.AddShortcut(&fyne.ShortcutPaste{}, func(fyne.Shortcut) { w.expected.pasteClipboard() })
}

// show replaces the window's content with view (nil: the main view).
func (w *Window) show(view fyne.CanvasObject) {
	if view == nil {
		view = w.mainView
	}
	w.body.Objects = []fyne.CanvasObject{view}
	w.body.Refresh()
}

// background runs f on a goroutine of its own, for work that must not run
// on the Fyne goroutine (reading files, walking folders); f reports back
// through w.do. Tests wait for all of it to end (Idle).
func (w *Window) background(f func()) {
	w.busy.Add(1)
	go func() {
		defer w.busy.Add(-1)
		f()
	}()
}

// Idle reports whether no background work of the window is running.
func (w *Window) Idle() bool { return w.busy.Load() == 0 }

// judgeNow judges the files and counts them again if any finished since
// the last time.
func (w *Window) judgeNow() {
	if w.stale {
		w.stale = false
		w.lastJudge = w.now()
		w.judgeSoon()
		w.refreshChrome()
	}
}

// judgeDue judges the files, as judgeNow, when files finished since the
// last verdict and it is time: a verdict weighs every file of the list,
// so while files are being read it is given at most every judgeEvery of
// the list's length (a bounded share of the time, whatever the length:
// the window stays linear), and at once when the last file is read, or
// the last of the readings the verdicts need (the preset's other
// algorithms are read after them).
func (w *Window) judgeDue() {
	if !w.stale {
		return
	}
	if w.passesRead || len(w.files.active(1)) == 0 || w.now().Sub(w.lastJudge) >= judgeEvery(len(w.files.items)) {
		w.passesRead = false
		w.judgeNow()
	}
}

// judgeEvery is how often a list of n files is judged while it is read:
// every tick for a short list, about every 50 µs a file for a long one
// (a second for 20,000), which keeps judging to a few per cent of the
// time the files take to read.
func judgeEvery(n int) time.Duration {
	return max(tickEvery, time.Duration(n)*50*time.Microsecond)
}

// Tick samples the running jobs and redraws their cards and the status
// line. Tests call it; the ticker calls tick 10 times a second.
func (w *Window) Tick() { w.tick(true) }

// tick is Tick; the progress of the files being read is drawn only when
// progress is true.
func (w *Window) tick(progress bool) {
	if w.trace != nil {
		start, cpu := w.now(), threadCPUTime()
		defer func() {
			used := threadCPUTime() - cpu
			w.ticks++
			w.tickCPU += used
			if d := w.now().Sub(start); d > 20*time.Millisecond {
				w.tracef("slow tick: %v (%v CPU)", d, used.Round(time.Microsecond))
			}
		}()
	}
	defer w.flushTrace()
	w.expected.tick()
	w.followDrag()
	w.judgeDue()
	if w.thrift != nil && w.walking == 0 && len(w.files.active(1)) == 0 {
		w.unthrift()
	}
	for _, it := range w.files.active(16) {
		p := it.job.Progress()
		it.prog = p
		if p.State == app.Hashing && it.state == stateWaiting {
			it.state = stateHashing
			w.files.changed(it)
		}
		if p.State == app.Hashing && it.started.IsZero() {
			it.started = w.now() // reading begins: the wait in the queue is not counted
		}
		if progress {
			w.files.changed(it)
		}
	}
	w.forgetCopied()
	w.files.redraw()
	if progress {
		w.refreshStatus()
	}
	if w.sums != nil && w.sums.running() {
		w.sums.tick()
	}
	w.fitTop()
}

// fitTop lays the main view out again when its top (the banner, the
// notes) changed height since it was laid out, and the window's content
// when it is held within the screen: the scrolls they are in hide that
// from Fyne.
func (w *Window) fitTop() {
	w.fitToolbar()
	if h := w.layout.top.MinSize().Height; h != w.layout.laidAt {
		c := w.mainView.(*fyne.Container)
		w.layout.Layout(c.Objects, c.Size())
		relayout(c.Objects[0].(*container.Scroll))
	}
	if w.fit != nil {
		w.fit.follow()
	}
	w.traceLayout()
}

// relayout has s lay its page out again at the page's new height, and
// place its bar. s.Refresh would do it too, but it refreshes everything on
// the page as well: every text and image drawn again into a new texture
// at the next frame (the header's icon scaled down from 256 pixels again),
// 20-30 ms of the window's goroutine each time the banner changed height,
// the first time while the ISO beside it started to be read.
func relayout(s *container.Scroll) {
	s.Base.Refresh() // the scroll's own renderer: the page's size and the bars, not what is on the page
	if page, ok := s.Content.(*fyne.Container); ok && page.Layout != nil {
		page.Layout.Layout(page.Objects, page.Size()) // a page of the same size is not laid out by its resize
	}
	if end := max(0, s.Content.Size().Height-s.Size().Height); s.Offset.Y > end {
		s.ScrollToOffset(fyne.NewPos(s.Offset.X, end)) // a shorter page: its end stays at the bottom
	}
}

// fitToolbar shows the status line only when it says or offers something:
// an empty window does not spend a row of a small screen on four buttons
// that cannot be used.
func (w *Window) fitToolbar() {
	show := w.status.Text != ""
	for _, b := range []*button{w.computeMore, w.copyAll, w.save, w.clear, w.cancelAll} {
		show = show || b.Visible() && !b.Disabled()
	}
	if show != w.toolbar.Visible() {
		if show {
			w.toolbar.Show()
		} else {
			w.toolbar.Hide()
		}
	}
}
