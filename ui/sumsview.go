package ui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// sumsView checks the files a checksum file lists: one row per entry with
// a status icon and word, overall progress, and a summary in the banner.
// It keeps a few bytes an entry (sumsResults); the rows shown parse their
// entries again from the checksum file's text (app.checksum.File.EntryAt).
type sumsView struct {
	w        *Window
	path     string
	sf       *checksum.File      // streamed: no Entries
	plan     *checksum.CheckPlan // the check's, until it starts
	results  *sumsResults        // nil until the file is read
	checked  int                 // the entries checked, as the window shows them
	files    int                 // the files the entries name (CheckPlan.Files)
	title    *widget.RichText
	where    *widget.Label
	banner   *verdictBanner
	bar      *slimBar
	progress *widget.Label
	notes    *widget.Label
	detail   *widget.Label // the entry chosen, in full: long reasons are cut in the rows
	auth     *widget.Label // the verdict on the checksum file's signature
	authIcon *widget.Icon
	authRow  *fyne.Container
	list     *keyList
	filter   *widget.Select // by status (statusFilter's choices)
	shown    []int          // the entries the filter keeps, in the order shown; nil: all, in file order
	stopBtn  *button
	againBtn *button
	nextBtn  *button // the next checksum file given with this one
	stop     context.CancelFunc
	job      *app.Job // the file being read now
	jobName  string   // its name
	jobEntry int      // the entry that asked for it
	obj      fyne.CanvasObject
}

func newSumsView(w *Window) *sumsView {
	v := &sumsView{
		w:        w,
		title:    widget.NewRichText(),
		where:    widget.NewLabel(""),
		banner:   newVerdictBanner(),
		bar:      newSlimBar(),
		progress: widget.NewLabel(""),
		notes:    widget.NewLabel(""),
		detail:   widget.NewLabel(""),
		auth:     widget.NewLabel(""),
		authIcon: widget.NewIcon(nil),
	}
	v.auth.Wrapping = fyne.TextWrapWord
	v.authRow = container.NewBorder(nil, nil, sized(fyne.NewSquareSize(20), v.authIcon), nil, v.auth)
	v.authRow.Hide()
	v.title.Truncation = fyne.TextTruncateEllipsis
	v.title.Segments = []widget.RichTextSegment{&widget.TextSegment{
		Style: widget.RichTextStyle{SizeName: theme.SizeNameSubHeadingText, TextStyle: fyne.TextStyle{Bold: true}}}}
	v.where.Truncation = fyne.TextTruncateEllipsis
	v.progress.Truncation = fyne.TextTruncateEllipsis
	v.notes.Wrapping = fyne.TextWrapWord
	v.notes.Importance = widget.WarningImportance
	back := w.newButton(tr("Back to files"), theme.NavigateBackIcon(), func() {
		v.cancel()
		w.show(nil)
	})
	v.stopBtn = w.newButton(tr("Cancel"), theme.CancelIcon(), v.cancel)
	v.againBtn = w.newButton(tr("Check again"), theme.ViewRefreshIcon(), func() { w.openSums(v.path) })
	open := w.newButton(tr("Open another…"), theme.DocumentIcon(), w.openChecksumFile)
	v.nextBtn = w.newButton("", theme.NavigateNextIcon(), w.checkNext)
	v.nextBtn.Hide()
	v.list = newKeyList(
		func() int {
			if v.sf == nil {
				return 0
			}
			if v.shown != nil {
				return len(v.shown)
			}
			return v.sf.EntryCount
		},
		newEntryRow,
		func(id widget.ListItemID, o fyne.CanvasObject) { v.bindRow(v.entryAt(id), o.(*fyne.Container)) }, w.escape)
	v.filter = widget.NewSelect(statusFilterWords(), func(string) { v.refilter() })
	v.filter.SetSelectedIndex(int(showAll))
	v.detail.Wrapping = fyne.TextWrapWord
	v.detail.Hide()
	v.list.OnSelected = func(id widget.ListItemID) { v.showEntry(v.entryAt(id)) }
	header := container.NewBorder(nil, nil, container.NewCenter(back),
		container.NewCenter(container.NewHBox(v.stopBtn, v.againBtn, v.nextBtn, open)),
		container.NewVBox(v.title, v.where))
	top := container.NewVBox(header, v.authRow, v.banner,
		container.NewBorder(nil, nil, nil, container.New(fixedWidth(360), v.progress), v.bar), v.notes, v.detail)
	v.obj = container.NewBorder(container.NewVBox(top, container.NewBorder(nil, nil, nil, v.filter)), nil, nil, nil, v.list)
	v.banner.shown = w.traceVerdict
	return v
}

// statusWords are the status words and icons; the word is always shown, so
// the icon's colour is never the only clue.
func statusIcon(s checksum.Status) fyne.Resource {
	switch s {
	case checksum.StatusOK:
		return theme.NewSuccessThemedResource(theme.ConfirmIcon())
	case checksum.StatusFailed:
		return theme.NewErrorThemedResource(theme.CancelIcon())
	case checksum.StatusMissing:
		return theme.NewWarningThemedResource(theme.QuestionIcon())
	case checksum.StatusUnreadable:
		return theme.NewErrorThemedResource(theme.ErrorIcon())
	case checksum.StatusRefused:
		return theme.NewWarningThemedResource(theme.WarningIcon())
	}
	return theme.NewDisabledResource(theme.MediaSkipNextIcon())
}

func newEntryRow() fyne.CanvasObject {
	icon := widget.NewIcon(nil)
	name := widget.NewLabel("")
	name.Truncation = fyne.TextTruncateEllipsis
	status := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	reason := widget.NewLabel("")
	reason.Truncation = fyne.TextTruncateEllipsis
	return container.NewBorder(nil, nil,
		container.NewHBox(sized(fyne.NewSquareSize(20), icon), container.New(fixedWidth(112), status)),
		nil,
		container.NewGridWithColumns(2, name, reason))
}

func (v *sumsView) bindRow(id int, row *fyne.Container) {
	left := row.Objects[1].(*fyne.Container)
	icon := left.Objects[0].(*fyne.Container).Objects[0].(*widget.Icon)
	status := left.Objects[1].(*fyne.Container).Objects[0].(*widget.Label)
	grid := row.Objects[0].(*fyne.Container)
	name, reason := grid.Objects[0].(*widget.Label), grid.Objects[1].(*widget.Label)
	if v.sf == nil || id < 0 || id >= v.sf.EntryCount {
		return
	}
	e := v.sf.EntryAt(id)
	setText(name, app.VisibleText(e.Name))
	r, checked := v.results.result(id, &e)
	switch {
	case checked:
		setIcon(icon, statusIcon(r.Status))
		setText(status, statusWord(r.Status))
		setText(reason, entryReason(&r))
	case v.job != nil && v.jobEntry == id:
		setIcon(icon, theme.HistoryIcon())
		setText(status, tr("checking…"))
		setText(reason, "")
	default:
		setIcon(icon, nil)
		setText(status, "")
		setText(reason, algAnd(e.Algorithms))
	}
}

// setText changes a row's label only when it says something else: each
// change lays out and shapes its words again.
func setText(l *widget.Label, s string) {
	if l.Text != s {
		l.SetText(s)
	}
}

// setIcon changes a row's icon only when it shows another: a running check
// refreshes the rows shown at every batch of results.
func setIcon(i *widget.Icon, res fyne.Resource) {
	if i.Resource == nil && res == nil || i.Resource != nil && res != nil && i.Resource.Name() == res.Name() {
		return
	}
	i.SetResource(res)
}

// showEntry writes the entry chosen in the list in full above it: its
// name, status and reason, wrapped.
func (v *sumsView) showEntry(id widget.ListItemID) {
	if v.sf == nil || id < 0 || id >= v.sf.EntryCount {
		return
	}
	e := v.sf.EntryAt(id)
	if r, ok := v.results.result(id, &e); ok {
		v.detail.SetText(tr("{{.Name}}: {{.Status}}, {{.Reason}}", "Name", app.VisibleText(e.Name), "Status", statusWord(r.Status), "Reason", entryReason(&r)))
	} else {
		v.detail.SetText(tr("{{.Name}}: not checked yet", "Name", app.VisibleText(e.Name)))
	}
	v.detail.Show()
}

// EntryStatus is the status of entry i as the command line words it ("" while unchecked).
func (v *sumsView) EntryStatus(i int) string {
	if v.results == nil {
		return ""
	}
	if s, ok := v.results.status(i); ok {
		return s.String()
	}
	return ""
}

func (v *sumsView) running() bool { return v.stop != nil }

func (v *sumsView) cancel() {
	if v.stop != nil {
		v.stop()
	}
}

// openSums shows the checksum-file view and checks path: reading and
// checking happen in the background; entries naming files outside the
// checksum file's folder are read only if the user agrees.
func (w *Window) openSums(path string) { w.openSumsFile(path, nil) }

// openSumsFile is openSums of a checksum file read already (streamed:
// app.checksum.ReadSignedStreamed), or, when sf is nil, to be read.
func (w *Window) openSumsFile(path string, sf *checksum.File) {
	if w.sums != nil {
		w.sums.cancel()
	}
	v := newSumsView(w)
	w.sums = v
	v.path = path
	v.title.Segments[0].(*widget.TextSegment).Text = tr("Checking {{.Name}}", "Name", filepath.Base(path))
	v.title.Refresh()
	v.where.SetText(tr("in {{.Folder}}", "Folder", homeTilde(filepath.Dir(path))))
	v.progress.SetText(tr("Reading the checksum file…"))
	v.notes.Hide()
	v.authRow.Hide()
	v.stopBtn.Disable()
	if n := len(w.sumsNext); n > 0 {
		next := filepath.Base(w.sumsNext[n-1].path)
		if n == 1 {
			v.nextBtn.SetText(tr("Next: {{.Name}}", "Name", next))
		} else {
			v.nextBtn.SetText(tr("Next: {{.Name}} (and {{.N}} more)", "Name", next, "N", n-1))
		}
		v.nextBtn.Show()
	}
	w.show(v.obj)
	w.tracef("checksum file %s", path)
	w.background(func() {
		restore := thriftyGC(path)
		var err error
		if sf == nil {
			sf, err = checksum.ReadSignedStreamed(path, trustedKeys.get())
		}
		var outside outsideNames
		var plan *checksum.CheckPlan
		if err == nil {
			plan = sf.Plan(outside.add(sf)) // one reading of the entries for both
		}
		restore()
		w.do(func() {
			if w.sums != v {
				return
			}
			if err != nil {
				v.progress.SetText("")
				v.banner.set(checksum.Unknown, tr("Cannot use this checksum file"), tr("{{.Reason}}.", "Reason", errorText(err)))
				w.tracef("checksum file: %v", err)
				return
			}
			v.loaded(sf, outside, plan)
		})
	})
}

// outsideNames counts the entries naming files outside the checksum
// file's folder, with the first as an example.
type outsideNames struct {
	n     int
	first string
}

// add returns what counts the entries of sf naming files outside its
// folder. Resolving may look at the disk: not on the Fyne goroutine.
func (o *outsideNames) add(sf *checksum.File) func(*checksum.Entry) {
	return func(e *checksum.Entry) {
		if e.Unsupported == "" && !within(sf.Dir, sf.Resolve(e)) {
			if o.n == 0 {
				o.first = e.Name
			}
			o.n++
		}
	}
}

// loaded lists the entries and asks about those outside the folder; plan
// is the check's (kept only until it starts).
func (v *sumsView) loaded(sf *checksum.File, outside outsideNames, plan *checksum.CheckPlan) {
	v.sf = sf
	v.plan = plan
	v.files = plan.Files()
	v.results = newSumsResults(sf.EntryCount)
	v.list.Refresh()
	v.showAuthenticity(sf.Authenticity)
	var notes []string
	if n := sf.ProblemCount; n > 0 && len(sf.Problems) > 0 {
		first := lineProblem(sf.Problems[0])
		if n > 1 {
			first = tr("{{.Problem}}, …", "Problem", first)
		}
		notes = append(notes, trn(n, "{{.N}} line not understood and left out: {{.Problem}}", "{{.N}} lines not understood and left out: {{.Problem}}",
			"N", units.Thousands(n), "Problem", first))
	}
	if len(notes) > 0 {
		v.notes.SetText(strings.Join(notes, "\n"))
		v.notes.Show()
	}
	if sf.EntryCount == 0 {
		v.progress.SetText("")
		v.banner.set(checksum.Unknown, tr("This checksum file lists no file Hashdrop can check"), "")
		return
	}
	if outside.n == 0 {
		v.check(false)
		return
	}
	msg := outsideQuestion(filepath.Base(v.path), outside.n, outside.first)
	v.w.dialogs.Caution(tr("Files outside the folder"), msg, trn(outside.n, "Read it too", "Read them too"), tr("Only the folder"), func(yes bool) {
		if v.w.sums == v {
			v.check(yes)
		}
	})
}

// outsideQuestion asks whether to read the n files outside its folder the
// checksum file name names (example is one).
func outsideQuestion(name string, n int, example string) string {
	return trn(n,
		"{{.Name}} names {{.N}} file outside its folder:\n\n    {{.Example}}\n\nA checksum file from the internet has no business reading other files on this computer.\nRead it too?",
		"{{.Name}} names {{.N}} files outside its folder, for example\n\n    {{.Example}}\n\nA checksum file from the internet has no business reading other files on this computer.\nRead them too?",
		"Name", name, "N", units.Thousands(n), "Example", example)
}

// check runs the check in the background, each file through the core's
// queue so that its progress shows.
func (v *sumsView) check(allowOutside bool) {
	ctx, stop := context.WithCancel(context.Background())
	v.stop = stop
	v.stopBtn.Enable()
	v.againBtn.Disable()
	headline := tr("Checking {{.Name}}", "Name", filepath.Base(v.path)) // only algorithms Hashdrop lacks
	if v.files > 0 {
		headline = trn(v.files, "Checking the {{.N}} file listed in {{.Name}}…", "Checking the {{.N}} files listed in {{.Name}}…",
			"N", units.Thousands(v.files), "Name", filepath.Base(v.path))
	}
	v.banner.set(checksum.Pending, headline, "")
	v.tick()
	w := v.w
	// The check runs far ahead of the window on small or missing files: its
	// results go straight into v.results, three bytes each, and its news is
	// batched, with one update at a time waiting for the Fyne goroutine, so
	// that Cancel and closing the window stay prompt and memory small
	// whatever the number of entries.
	news := &checkNews{batch: checkBatch{first: 1}}
	results := v.results
	plan := v.plan
	v.plan = nil // the check keeps it while it runs
	update := func() {
		if w.sums == v {
			v.apply(news.take())
		}
	}
	w.background(func() {
		defer thriftyGC(v.path)()
		rep, err := v.sf.Check(ctx, checksum.CheckOptions{
			AllowOutside: allowOutside,
			Queue:        w.core.Queue(),
			OnlyOnEntry:  true, // the view keeps its own results
			Plan:         plan,
			OnStart: func(job *app.Job) {
				if news.started(job) {
					w.do(update)
				}
			},
			OnEntry: func(r checksum.EntryResult, done, total int) {
				results.set(&r)
				if w.trace != nil {
					w.tracef("entry %s: %s %s", r.Entry.Name, r.Status, entryReason(&r))
				}
				if news.add(r.Index, done) {
					w.do(update)
				}
			},
		})
		w.do(func() {
			if w.sums == v {
				v.apply(news.take())
				v.finished(rep, err)
			}
		})
	})
}

// checkNews collects what a running check reported since the window last
// looked (the results themselves are in sumsResults); add and started say
// when an update must be queued (none is).
type checkNews struct {
	mu     sync.Mutex
	batch  checkBatch
	queued bool
}

// checkBatch is one update of a check's view.
type checkBatch struct {
	first, last int      // the entries checked since, by index; first > last: none
	done        int      // entries checked in all
	job         *app.Job // the file being read now, if it changed
	jobEntry    int      // the entry that asked for it
}

func (n *checkNews) add(index, done int) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.batch.first > n.batch.last {
		n.batch.first, n.batch.last = index, index
	}
	n.batch.first, n.batch.last = min(n.batch.first, index), max(n.batch.last, index)
	n.batch.done = done
	return n.queue()
}

// started: job reads the file of the entry after the last one added
// (entries are reported in file order).
func (n *checkNews) started(job *app.Job) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.batch.job, n.batch.jobEntry = job, n.batch.done
	return n.queue()
}

func (n *checkNews) queue() bool {
	was := n.queued
	n.queued = true
	return !was
}

// take returns the news and forgets it; the next add queues an update.
func (n *checkNews) take() checkBatch {
	n.mu.Lock()
	defer n.mu.Unlock()
	got := n.batch
	n.batch = checkBatch{first: 1, last: 0, done: got.done}
	n.queued = false
	return got
}

// apply shows a batch of news: the entries checked, the file now read.
func (v *sumsView) apply(n checkBatch) {
	if n.done > v.checked {
		v.checked = n.done
	}
	if n.job != nil {
		v.job, v.jobName, v.jobEntry = n.job, filepath.Base(n.job.Path()), n.jobEntry
	}
	v.list.RefreshRows(n.first, n.last) // only the rows shown of the entries checked
	if n.job != nil {
		v.list.RefreshRows(n.jobEntry, n.jobEntry)
	}
	// The words and the bar follow at the window's next tick: a text
	// changed at every batch, hundreds of times a second, would be
	// unreadable, and each one is drawn and kept in Fyne's caches.
}

// tick shows the overall progress and the speed of the file being read.
func (v *sumsView) tick() {
	if v.sf == nil || v.sf.EntryCount == 0 {
		return
	}
	total := v.sf.EntryCount
	v.bar.SetValue(float64(v.checked) / float64(total))
	if !v.running() {
		return
	}
	s := tr("{{.Done}} of {{.N}} checked", "Done", units.Thousands(v.checked), "N", units.Thousands(total))
	if v.job != nil {
		p := v.job.Progress()
		if p.State == app.Hashing {
			s += " · " + v.jobName + " " + progressText(p.Fraction(), p.Done, p.BytesPerSec, p.Remaining)
		}
	}
	v.progress.SetText(s)
}

// showAuthenticity shows who signed the checksum file, on its own line
// above the files' verdict: two facts, two lines.
func (v *sumsView) showAuthenticity(a *checksum.Authenticity) {
	o, text := authenticityWords(a)
	if text == "" {
		v.authRow.Hide()
		return
	}
	v.auth.SetText(text)
	v.auth.Importance = map[checksum.Outcome]widget.Importance{checksum.Match: widget.SuccessImportance, checksum.Mismatch: widget.DangerImportance}[o]
	if o == checksum.Unknown {
		v.auth.Importance = widget.WarningImportance
	}
	v.auth.Refresh()
	v.authIcon.SetResource(authenticityIcon(o))
	v.authRow.Show()
	v.w.tracef("signature of %s: %s: %s", filepath.Base(v.path), a.Verdict.Kind, text)
}

// badSignature reports whether the checksum file's signature is BAD: then
// no match it gives can be trusted, and the banner says so in red.
func (v *sumsView) badSignature() bool {
	return v.sf != nil && v.sf.Authenticity != nil && v.sf.Authenticity.Verdict.Kind == signature.Bad
}

func (v *sumsView) finished(rep *checksum.CheckReport, err error) {
	v.stop = nil
	v.job = nil
	v.stopBtn.Disable()
	v.againBtn.Enable()
	v.refilter()
	v.list.Refresh()
	base := displayName(v.path)
	summary := summaryText(func(s checksum.Status) int { return rep.Counts[s] })
	v.progress.SetText(summary)
	v.tick()
	v.w.tracef("checksum file %s: %v", base, rep) // the command line's words: logs are read in English

	checked := 0 // files, as the headline counts them
	for _, n := range rep.Files {
		checked += n
	}
	checkedOf := trn(v.files, "{{.Done}} of {{.N}} file was checked.", "{{.Done}} of {{.N}} files were checked.",
		"Done", units.Thousands(checked), "N", units.Thousands(v.files))
	switch {
	case v.badSignature():
		v.banner.set(checksum.Mismatch, tr("BAD signature: do not trust {{.Name}}", "Name", base),
			tr("The checksum file was changed after it was signed, so its digests prove nothing ({{.Summary}}).", "Summary", summary))
	case err != nil && !errors.Is(err, context.Canceled):
		// The folder cannot be opened, or the checksum file changed
		// while its entries were read again (app.checksum.File.TextErr).
		v.banner.set(checksum.Unknown, errorText(err), checkedOf)
	case err != nil:
		v.banner.set(checksum.Unknown, tr("Cancelled: {{.Summary}}", "Summary", summary), checkedOf)
	default:
		v.banner.set(v.fileVerdict(rep, base, summary))
	}
}

// fileVerdict words the verdict on the files a checksum file lists,
// counted as files (Qubes' DIGESTS, four digests of one ISO, is one):
// the files present that match are the main job, and green; those it
// lists that were not downloaded are a detail; FAILED, UNREADABLE and
// REFUSED win; an algorithm Hashdrop lacks leaves a file not verified.
func (v *sumsView) fileVerdict(rep *checksum.CheckReport, base, summary string) (checksum.Outcome, string, string) {
	ok, missing, failed := rep.Files[checksum.StatusOK], rep.Files[checksum.StatusMissing], rep.Files[checksum.StatusFailed]
	notVerified := ""
	if len(rep.Unsupported) > 0 {
		notVerified = trn(len(rep.Unsupported), "Hashdrop cannot compute {{.Algorithms}}: the digests of that algorithm were not verified.",
			"Hashdrop cannot compute {{.Algorithms}}: the digests of those algorithms were not verified.", "Algorithms", listText(rep.Unsupported, "and"))
	}
	// Which headline is app/verdict's, from the count of each status (the
	// entries of a big checksum file are never all held as evidence).
	var count [verdict.NumStatus]int
	count[verdict.OK], count[verdict.Failed], count[verdict.Missing] = ok, failed, missing
	count[verdict.Unreadable], count[verdict.Refused] = rep.Files[checksum.StatusUnreadable], rep.Files[checksum.StatusRefused]
	if len(rep.Unsupported) > 0 {
		count[verdict.NotVerified] = 1
	}
	h := verdict.Tally(count)
	switch h.Reason {
	case verdict.PublishedMismatch:
		// The banner names the files that fail: among thousands, the
		// reader should not have to look for them (the Failed filter
		// lists them all).
		return checksum.Mismatch, trn(failed, "{{.N}} file does NOT match {{.Name}}: do not use it", "{{.N}} files do NOT match {{.Name}}: do not use them",
				"N", failed, "Name", base), joinSentences(tr("NOT matching: {{.Names}}.", "Names", v.failedNames(3)),
				tr("{{.Summary}}. The files marked FAILED are damaged or different.", "Summary", summary))
	case verdict.AllMatch:
		headline := trn(ok, "The file listed matches {{.Name}}", "All {{.N}} files match {{.Name}}", "N", units.Thousands(ok), "Name", base)
		detail := tr("Every file listed is the one the checksum file describes.")
		if missing > 0 {
			headline = trn(ok, "The file you have matches {{.Name}}", "The {{.N}} files you have match {{.Name}}", "N", units.Thousands(ok), "Name", base)
			detail = trn(missing, "{{.N}} other file it lists was not downloaded.", "{{.N}} other files it lists were not downloaded.", "N", units.Thousands(missing))
		}
		return checksum.Match, headline, joinSentences(joinSentences(detail, v.weakCaveat()), notVerified)
	case verdict.NotAllRead:
		return checksum.Unknown, tr("Not every file could be checked: {{.Summary}}", "Summary", summary),
			tr("No file that was read differs, but some are unreadable or refused.")
	case verdict.OnlyUnsupported:
		return checksum.Unknown, tr("Could not be verified: Hashdrop cannot compute {{.Algorithms}}", "Algorithms", listText(rep.Unsupported, "and")),
			tr("No file was compared. Look for a checksum file of another algorithm (SHA256SUMS, SHA512SUMS).")
	}
	return checksum.Unknown, trn(missing, "The file {{.Name}} lists is not here", "None of the {{.N}} files {{.Name}} lists is here", "N", units.Thousands(missing), "Name", base),
		joinSentences(tr("Put the checksum file in the folder of the files you downloaded, or open it from there."), notVerified)
}

// weakCaveat says, under a match, what a match by the checksum file's
// algorithm is worth when it is weak (XXH64, CRC32: accidents only; MD5,
// SHA-1: forgeable), as the main view says it; "" for a strong one.
func (v *sumsView) weakCaveat() string {
	if v.sf == nil || v.sf.EntryCount == 0 {
		return ""
	}
	e := v.sf.EntryAt(0)
	if len(e.Algorithms) == 0 {
		return ""
	}
	a := e.Algorithms[0]
	if !checksum.NonCryptographic(a) && a.ID != "md5" && a.ID != "sha1" {
		return ""
	}
	_, caveat := matchWords(nil, a, nil)
	return caveat
}

// homeTilde writes a path in the user's home folder as ~/...
func homeTilde(path string) string {
	home, err := os.UserHomeDir()
	if abs, err2 := filepath.Abs(path); err == nil && err2 == nil && home != "" && within(home, abs) {
		rel, _ := filepath.Rel(home, abs)
		return filepath.Join("~", rel)
	}
	return path
}

// statusOf is entry i's status as the status filter sees it.
func (v *sumsView) statusOf(i int) (verdict.Status, bool) {
	st, ok := v.results.status(i)
	if !ok {
		return verdict.Pending, false
	}
	switch st {
	case checksum.StatusOK:
		return verdict.OK, true
	case checksum.StatusFailed:
		return verdict.Failed, true
	case checksum.StatusMissing:
		return verdict.Missing, true
	case checksum.StatusUnreadable:
		return verdict.Unreadable, true
	case checksum.StatusRefused:
		return verdict.Refused, true
	}
	return verdict.NotVerified, true
}

// entryAt is the entry shown in row id.
func (v *sumsView) entryAt(id int) int {
	if v.shown != nil {
		if id < 0 || id >= len(v.shown) {
			return -1
		}
		return v.shown[id]
	}
	return id
}

// refilter chooses again the entries shown, after the filter changed or
// the check ended: those of a status, or all, the worst first.
func (v *sumsView) refilter() {
	if v.filter == nil || v.sf == nil || v.results == nil {
		return
	}
	f := showAll
	if i := v.filter.SelectedIndex(); i > 0 {
		f = statusFilter(i)
	}
	if f == showAll {
		v.shown = nil
		v.list.Refresh()
		return
	}
	shown := []int{}
	for i := range v.sf.EntryCount {
		st, _ := v.statusOf(i)
		if f.keepsStatus(st) {
			shown = append(shown, i)
		}
	}
	if f == showWorstFirst {
		slices.SortStableFunc(shown, func(a, b int) int {
			sa, _ := v.statusOf(a)
			sb, _ := v.statusOf(b)
			return int(sb) - int(sa)
		})
	}
	v.shown = shown
	v.list.UnselectAll()
	v.list.Refresh()
}

// failedNames names the first n entries that FAILED, and how many more.
func (v *sumsView) failedNames(n int) string {
	var names []string
	more := 0
	for i := range v.sf.EntryCount {
		if st, ok := v.results.status(i); ok && st == checksum.StatusFailed {
			if len(names) < n {
				e := v.sf.EntryAt(i)
				names = append(names, app.VisibleText(e.Name))
			} else {
				more++
			}
		}
	}
	s := listText(names, "and")
	if more > 0 {
		s = tr("{{.Names}} and {{.N}} more", "Names", strings.Join(names, ", "), "N", units.Thousands(more))
	}
	return s
}
