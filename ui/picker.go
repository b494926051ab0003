package ui

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/hashing"
)

// Preference keys.
const (
	prefAlgorithms = "algorithms" // comma list of algorithm ids
)

// Presets of the algorithm picker.
const (
	presetCommon = iota
	presetAll
	presetCustom
)

// presetNames are the presets as the picker shows them.
func presetNames() []string { return []string{tr("Common"), tr("All"), tr("Custom")} }

// commonIDs are the algorithms download pages publish.
var commonIDs = []string{"crc32", "md5", "sha1", "sha256", "sha512"}

// algorithmPicker chooses the algorithms new files are hashed with: a preset
// (Common, All) or any set of checkboxes. The choice is kept in the app's
// preferences.
type algorithmPicker struct {
	w       *Window
	chosen  []*hashing.Algorithm
	preset  *choice
	summary *widget.Label
	checks  map[string]*checkBox
	fit     *namesFit // the summary's names, as many as its width holds
	fitBox  *fyne.Container
	choose  *button
	obj     fyne.CanvasObject
}

func newAlgorithmPicker(w *Window) *algorithmPicker {
	p := &algorithmPicker{w: w, summary: widget.NewLabel(""), checks: make(map[string]*checkBox)}
	p.summary.Truncation = fyne.TextTruncateEllipsis
	p.chosen = p.load()
	p.preset = w.newSelect(presetNames(), func(s string) {
		switch slices.Index(presetNames(), s) {
		case presetCommon:
			p.set(common())
		case presetAll:
			p.set(hashing.All())
		case presetCustom:
			if p.presetOf(p.chosen) != presetCustom {
				p.showChooser()
			}
		}
	})
	choose := w.newButton(tr("Choose…"), theme.SettingsIcon(), p.showChooser)
	p.choose = choose
	bench := w.newButton(tr("Benchmark"), theme.ComputerIcon(), w.showBench)
	label := widget.NewLabelWithStyle(tr("Algorithms"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.fit = &namesFit{label: p.summary}
	p.fitBox = container.New(p.fit, p.summary)
	p.obj = container.NewBorder(nil, nil, container.NewHBox(label, p.preset), container.NewHBox(choose, bench), p.fitBox)
	p.show()
	return p
}

func (p *algorithmPicker) object() fyne.CanvasObject { return p.obj }

// selected returns the algorithms chosen, in table order.
func (p *algorithmPicker) selected() []*hashing.Algorithm { return slices.Clone(p.chosen) }

func common() []*hashing.Algorithm {
	algs, _ := hashing.ParseList(strings.Join(commonIDs, ","))
	return algs
}

// load reads the choice from the preferences; Common when there is none.
func (p *algorithmPicker) load() []*hashing.Algorithm {
	s := p.w.app.Preferences().StringWithFallback(prefAlgorithms, strings.Join(commonIDs, ","))
	algs, err := hashing.ParseList(s)
	if err != nil {
		return common()
	}
	return algs
}

// set chooses algs (at least one), keeps the choice and shows it.
func (p *algorithmPicker) set(algs []*hashing.Algorithm) {
	if len(algs) == 0 {
		return
	}
	ids := make([]string, len(algs))
	for i, a := range algs {
		ids[i] = a.ID
	}
	p.chosen, _ = hashing.ParseList(strings.Join(ids, ","))
	p.w.app.Preferences().SetString(prefAlgorithms, strings.Join(ids, ","))
	p.show()
	if p.w.computeMore != nil { // not while the window is being built
		p.w.refreshChrome()
	}
}

func (p *algorithmPicker) presetOf(algs []*hashing.Algorithm) int {
	switch {
	case slices.Equal(algs, common()):
		return presetCommon
	case slices.Equal(algs, hashing.All()):
		return presetAll
	}
	return presetCustom
}

func (p *algorithmPicker) show() {
	names := make([]string, len(p.chosen))
	for i, a := range p.chosen {
		names[i] = a.Name
	}
	p.summary.SetText(strings.Join(names, "  "))
	if p.fit != nil {
		p.fit.names = names
		p.fit.fitted = -1
		p.fitBox.Refresh()
	}
	if name := presetNames()[p.presetOf(p.chosen)]; p.preset != nil && p.preset.Selected != name {
		p.preset.SetSelected(name)
	}
	for id, c := range p.checks {
		a, _ := hashing.Lookup(id)
		c.SetChecked(slices.Contains(p.chosen, a))
	}
}

// showChooser opens the checkboxes: one per algorithm, with the presets.
func (p *algorithmPicker) showChooser() {
	grid := container.NewGridWithColumns(4)
	p.checks = make(map[string]*checkBox)
	for _, a := range hashing.All() {
		c := p.w.newCheck(a.Name, nil)
		c.SetChecked(slices.Contains(p.chosen, a))
		a := a
		c.OnChanged = func(on bool) {
			algs := p.selected()
			if on && !slices.Contains(algs, a) {
				algs = append(algs, a)
			} else if !on {
				algs = slices.DeleteFunc(algs, func(x *hashing.Algorithm) bool { return x == a })
			}
			if len(algs) == 0 {
				c.SetChecked(true) // one at least
				return
			}
			p.set(algs)
		}
		p.checks[a.ID] = c
		grid.Add(c)
	}
	presets := container.NewHBox(
		p.w.newButton(tr("Common"), nil, func() { p.set(common()) }),
		p.w.newButton(tr("All"), nil, func() { p.set(hashing.All()) }),
	)
	note := widget.NewLabel(tr("New files are hashed with these. Each file is read once, whatever the number of algorithms."))
	note.Wrapping = fyne.TextWrapWord
	body := container.NewVBox(presets, grid, note)
	fit := &upTo{content: body}
	box := container.New(fit, container.NewVScroll(body))
	d := dialog.NewCustomWithoutButtons(tr("Algorithms"), box, p.w.win)
	d.SetButtons([]fyne.CanvasObject{p.w.newButton(tr("Done"), nil, func() { d.Hide() })})
	d.SetOnClosed(func() { p.checks = make(map[string]*checkBox) })
	c := p.w.win.Canvas()
	d.Resize(fyne.NewSize(min(560, c.Size().Width), 0))
	p.w.shown.show(d, d.Hide)
	// On a short window (a small screen at twice the scale) the checkboxes
	// scroll between the title and Done rather than under Done: what the
	// dialog takes around them is measured once it is shown.
	if top := c.Overlays().Top(); top != nil {
		chrome := top.MinSize().Height - box.MinSize().Height
		fit.room = func() float32 { return c.Size().Height - chrome }
		d.Resize(fyne.NewSize(min(560, c.Size().Width), 0))
	}
}

// namesFit writes in its label as many of names as its width holds and
// "+N" for the others, rather than cutting a name in the middle (a small
// screen at twice the scale).
type namesFit struct {
	label  *widget.Label
	names  []string
	fitted float32 // the width the label's text was chosen for; -1: choose again
}

func (f *namesFit) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(0, f.label.MinSize().Height)
}

func (f *namesFit) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if f.fitted != size.Width && len(f.names) > 0 {
		f.fitted = size.Width
		room := size.Width - 2*theme.InnerPadding()
		text := ""
		for k := len(f.names); k >= 1; k-- {
			text = strings.Join(f.names[:k], "  ")
			if k < len(f.names) {
				text += "  +" + strconv.Itoa(len(f.names)-k)
			}
			if fyne.MeasureText(text, theme.TextSize(), f.label.TextStyle).Width <= room {
				break
			}
		}
		if text != f.label.Text {
			f.label.SetText(text)
		}
	}
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
}
