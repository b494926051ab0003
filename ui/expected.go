package ui

import (
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/hashing"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// expectedField is where the published digest goes: pasted at any time,
// before, during or after hashing. Under it a line says what was
// understood, and a button offers a digest found on the clipboard.
type expectedField struct {
	w          *Window
	entry      *expectedEntry
	understood *widget.Label
	icon       *widget.Icon
	compare    *button
	last       string                   // the text as last changed
	typedAt    time.Time                // the last keystroke, by the window's clock, while typing is not judged yet
	typing     bool                     // keys typed since the text was last judged
	typed      bool                     // the text judged was typed, not pasted: no file is read again for it
	parsed     *checksum.ExpectedDigest // nil when empty or not understood
	problem    string                   // why the text is not a digest
	forItems   map[*fileItem]bool       // the files the digest was pasted for
	awaiting   bool                     // pasted before any file: for the next files added
	offered    string                   // the clipboard text the button offers
	seen       string                   // clipboard text already offered or copied by us
	obj        fyne.CanvasObject
	cue        *dropCue // over the entry while a file is dragged on it (droptarget.go)
}

func newExpectedField(w *Window) *expectedField {
	f := &expectedField{w: w, understood: widget.NewLabel(""), icon: widget.NewIcon(nil), cue: newDropCue()}
	f.entry = &expectedEntry{escEntry{onEscape: w.escape}}
	f.entry.ExtendBaseWidget(f.entry)
	f.entry.SetPlaceHolder(tr("Paste the digest published on the download page (Ctrl+V)"))
	f.entry.TextStyle = fyne.TextStyle{Monospace: true}
	f.entry.OnChanged = func(string) { f.changed() }
	f.entry.OnSubmitted = func(string) { f.submit() }
	f.understood.Wrapping = fyne.TextWrapWord // "compared with NAME" is read whole, on two lines if need be
	f.understood.Importance = widget.MediumImportance
	f.compare = w.newButton(tr("Compare with clipboard"), theme.ContentPasteIcon(), f.compareClipboard)
	f.compare.Importance = widget.HighImportance
	f.compare.Hide()
	clearBtn := w.newButton("", theme.ContentClearIcon(), func() { f.SetText("") })
	clearBtn.Importance = widget.LowImportance

	label := widget.NewLabelWithStyle(tr("Expected digest"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	lw := label.MinSize().Width
	f.obj = container.NewVBox(
		container.NewBorder(nil, nil, label, clearBtn, f.cue.over(f.entry)),
		container.NewBorder(nil, nil, container.New(fixedWidth(lw)), w.cmpRow(f.compare),
			container.NewBorder(nil, nil, sized(fyne.NewSquareSize(18), f.icon), nil, f.understood)),
	)
	f.changed()
	return f
}

func (f *expectedField) object() fyne.CanvasObject { return f.obj }

// Text is what the field holds.
func (f *expectedField) Text() string { return f.entry.Text }

// SetText replaces the field's text, as a paste does.
func (f *expectedField) SetText(s string) { f.entry.SetText(s) }

// Understood is the line under the field.
func (f *expectedField) Understood() string { return f.understood.Text }

// changed follows the text: a paste (the text changed by more than a
// key) is parsed and judged at once; a key typed is not, so that the
// prefixes of a digest typed by hand (8 digits: CRC32; 32: MD5) neither
// flash verdicts nor start reading files. Typing is judged when it has
// stopped for typingPause (Tick) or on Enter.
func (f *expectedField) changed() {
	text := strings.TrimSpace(f.entry.Text)
	if strings.Contains(text, "\n") && f.w.expected == f && f.w.takePastedSums(text) {
		f.entry.SetText("") // taken as a checksum file, not a digest
		return
	}
	if f.w.expected == f && f.w.takePastedURL(text) {
		f.entry.SetText("") // fetched as a checksum file, not a digest
		return
	}
	typed := len(text)-len(f.last) == 1 && strings.HasPrefix(text, f.last) ||
		len(f.last)-len(text) == 1 && strings.HasPrefix(f.last, text)
	f.last = text
	if f.w.expected != f || !typed || text == "" {
		f.typing = false
		f.parse(text)
		if f.w.expected == f {
			f.typed = false
			f.judge()
		}
		return
	}
	was := f.parsed != nil || f.problem != ""
	f.parsed, f.problem, f.forItems, f.awaiting = nil, "", nil, false
	f.typing, f.typedAt = true, f.w.now()
	f.understood.Importance = widget.MediumImportance // no alarm while typing
	f.understood.SetText(trn(hexDigits(text), "{{.N}} digit so far · compared when you stop typing or press Enter",
		"{{.N}} digits so far · compared when you stop typing or press Enter", "N", hexDigits(text)))
	f.icon.SetResource(theme.NewDisabledResource(theme.InfoIcon()))
	if was {
		f.judge() // the verdict on the text before is gone
	}
}

// hexDigits counts the hex digits in text.
func hexDigits(text string) int {
	n := 0
	for _, c := range text {
		if c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' {
			n++
		}
	}
	return n
}

// tick judges typing that has stopped for typingPause by the window's
// clock, once the text is a whole digest. It compares with the digests
// computed already, and reads no file again: that waits for Enter, or a
// paste.
func (f *expectedField) tick() {
	if f.typing && f.w.now().Sub(f.typedAt) >= typingPause {
		f.typing = false
		if _, err := checksum.ParseExpected(f.last); err != nil {
			return // not complete (a length no digest has): the count stays, without alarm, until Enter
		}
		f.parse(f.last)
		f.typed = true
		f.judge()
		if needs := f.waiting(); len(needs) > 0 {
			// Typed and whole, but no file could be compared with it (half
			// a SHA-256 is an MD5's length, and no MD5 matched): understood,
			// not compared, so no tick; Enter computes the rest (rule 3).
			f.icon.SetResource(theme.NewDisabledResource(theme.InfoIcon()))
			f.understood.SetText(f.understood.Text + " · " + tr("Enter computes {{.Algorithms}} to compare", "Algorithms", algAnd(needs)))
		}
	}
}

// waiting returns, when the digest decided nothing for any file it is
// compared with (every verdict pending), what its verdicts wait for; nil
// when one was decided, or no file is listed yet.
func (f *expectedField) waiting() []*hashing.Algorithm {
	var needs []*hashing.Algorithm
	for it := range f.forItems {
		switch v := it.pasted; {
		case v == nil:
		case v.Outcome != checksum.Pending:
			return nil
		default:
			for _, a := range v.Needs {
				if !containsAlg(needs, a) {
					needs = append(needs, a)
				}
			}
		}
	}
	return needs
}

// submit is Enter in the field: the text is judged at once, as a paste.
func (f *expectedField) submit() {
	f.typing = false
	f.parse(strings.TrimSpace(f.entry.Text))
	f.typed = false
	f.judge()
}

// parse reads text as a digest and says under the field what it understood.
func (f *expectedField) parse(text string) {
	f.parsed, f.problem, f.forItems, f.awaiting = nil, "", nil, false
	switch {
	case text == "":
		f.understood.SetText(tr("Or open the checksum file (SHA256SUMS…) published with the download"))
		f.icon.SetResource(theme.NewDisabledResource(theme.InfoIcon()))
	default:
		e, err := checksum.ParseExpected(text)
		if err != nil {
			f.problem = digestProblem(err)
			f.understood.SetText(tr("Not understood: {{.Problem}}", "Problem", f.problem))
			f.understood.Importance = widget.DangerImportance
			f.icon.SetResource(theme.NewErrorThemedResource(theme.ErrorIcon()))
			break
		}
		f.parsed = e
		f.forItems = make(map[*fileItem]bool)
		if f.w.files != nil {
			for _, it := range f.w.files.items {
				f.forItems[it] = true
			}
		}
		f.awaiting = len(f.forItems) == 0
		f.describe()
		f.understood.Importance = widget.MediumImportance
		f.icon.SetResource(theme.NewSuccessThemedResource(theme.ConfirmIcon()))
	}
	if f.parsed == nil && f.problem == "" {
		f.understood.Importance = widget.MediumImportance
	}
	f.understood.Refresh()
	if f.offered != "" && strings.TrimSpace(f.offered) == text {
		f.compare.Hide()
	}
}

// typingPause is how long typing must stop before the text is judged.
const typingPause = 800 * time.Millisecond

func (f *expectedField) judge() {
	f.w.tracef("expected %q: %s", f.last, f.understood.Text)
	f.w.judge()
	f.w.refreshChrome() // a re-read may have started: Cancel all
}

// appliesTo reports whether the pasted digest is compared with it: it was
// listed when the digest was pasted (or came first after it), and a whole
// checksum line names it (or names no file listed).
func (f *expectedField) appliesTo(it *fileItem) bool {
	return f.parsed != nil && f.forItems[it] && verdict.PastedNames(f.parsed, it.path)
}

// rereads reports whether the digest may have it read again for a
// candidate the verdict still needs, before the verdict asks: pasted (not
// typed), for this file alone (of several, the one that matches ends the
// search; judge decides then).
func (f *expectedField) rereads(it *fileItem) bool {
	return f.appliesTo(it) && !f.typed && len(f.forItems) == 1
}

// adopt makes the digest pasted before any file the digest of the files
// added now.
func (f *expectedField) adopt(items []*fileItem) {
	if !f.awaiting || f.parsed == nil || len(items) == 0 {
		return
	}
	f.awaiting = false
	for _, it := range items {
		f.forItems[it] = true
	}
	f.describe()
}

// describe writes the line under the field: what was understood, and
// which files the digest is compared with.
func (f *expectedField) describe() {
	s := tr("Understood: {{.Digest}}", "Digest", describeDigest(f.parsed))
	switch n := len(f.forItems); {
	case f.awaiting:
		s += " · " + tr("now drop the file to compare")
	case n == 1:
		for it := range f.forItems {
			s += " · " + tr("compared with {{.Name}}", "Name", it.name)
		}
	default:
		s += " · " + tr("compared with the {{.N}} files listed when it was pasted", "N", units.Thousands(n))
	}
	f.understood.SetText(s)
}

// pasteClipboard puts the clipboard's text in the field (Ctrl+V anywhere).
func (f *expectedField) pasteClipboard() {
	text := strings.TrimSpace(f.w.app.Clipboard().Content())
	if text == "" {
		return
	}
	f.seen = text
	f.compare.Hide()
	if f.w.takePastedSums(text) || f.w.takePastedURL(text) {
		return
	}
	f.SetText(text)
}

// compareClipboard puts the clipboard's digest in the field: the one it
// holds now, which may not be the one offered when the window gained focus.
func (f *expectedField) compareClipboard() {
	text := strings.TrimSpace(f.w.app.Clipboard().Content())
	f.compare.Hide()
	f.offered = ""
	if !wholeDigest(text) {
		f.w.flash(tr("The clipboard holds no digest now"))
		return
	}
	f.seen = text
	f.SetText(text)
}

// checkClipboard offers "Compare with clipboard" when the clipboard holds a
// digest that is not in the field yet. Called as the window gains focus.
func (f *expectedField) checkClipboard() {
	text := strings.TrimSpace(f.w.app.Clipboard().Content())
	if text == "" || text == f.seen || text == strings.TrimSpace(f.entry.Text) || len(text) > 1024 {
		return
	}
	if _, err := checksum.ParseExpected(text); err != nil {
		return
	}
	f.offered = text
	f.seen = text
	short := text
	if len(short) > 14 {
		short = short[:12] + "…"
	}
	f.compare.SetText(tr("Compare with clipboard ({{.Digest}})", "Digest", short))
	f.compare.Show()
}

// sawClipboard notes text the window itself put on the clipboard, so that
// copying a digest does not offer it back.
func (f *expectedField) sawClipboard(text string) {
	f.seen = strings.TrimSpace(text)
	f.compare.Hide()
}

func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
