package ui

import (
	"image/color"
	"math"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
	"github.com/hashdrop/hashdrop/ui/internal/units"
)

// benchView measures every algorithm in memory, one after the other in the
// background, and draws a bar of MB/s for each as its figure comes in.
type benchView struct {
	w       *Window
	bars    []*benchBar
	status  *widget.Label
	run     *button
	stopped *atomic.Bool // of the run in progress
	obj     fyne.CanvasObject
}

// benchBar is one algorithm's row of the chart.
type benchBar struct {
	alg   *hashing.Algorithm
	value float64 // bytes per second; 0 while unknown
	rect  *canvas.Rectangle
	text  *widget.Label // the figure, white on the bar once measured
	note  *widget.Label // "waiting", "measuring…" before
	frac  float32       // the bar's share of the row, from the scale
	obj   *fyne.Container
}

// minBarShare is the share of the row the slowest bar takes: the scale is
// logarithmic above it, so that a 100 MB/s Whirlpool and a 20 GB/s CRC32
// are both bars one can read.
const minBarShare = 0.2

// barLayout draws its first object (the bar) as frac of the width, never
// narrower than its second (the figure), which is drawn on the bar.
type barLayout struct{ b *benchBar }

func (l barLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	t := objs[1].MinSize().Max(objs[2].MinSize())
	return fyne.NewSize(t.Width+40, t.Height)
}

func (l barLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	t := objs[1].MinSize()
	w := max(t.Width, size.Width*l.b.frac)
	if l.b.value == 0 {
		w = 0
	}
	objs[0].Move(fyne.Position{})
	objs[0].Resize(fyne.NewSize(w, size.Height))
	objs[1].Move(fyne.Position{})
	objs[1].Resize(fyne.NewSize(max(w, t.Width), size.Height))
	objs[2].Move(fyne.Position{})
	objs[2].Resize(size)
}

func (w *Window) showBench() {
	if w.bench == nil {
		w.bench = newBenchView(w)
	}
	w.show(w.bench.obj)
	if w.bench.stopped == nil {
		w.bench.start()
	}
}

func newBenchView(w *Window) *benchView {
	v := &benchView{w: w, status: widget.NewLabel("")}
	rows := container.NewVBox()
	for _, a := range hashing.All() {
		b := &benchBar{alg: a, rect: canvas.NewRectangle(barColour), text: widget.NewLabel(""), note: widget.NewLabel("")}
		b.rect.CornerRadius = 3
		b.obj = container.New(barLayout{b}, b.rect, container.NewThemeOverride(b.text, bannerTheme{}), b.note)
		name := widget.NewLabelWithStyle(a.Name, fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
		rows.Add(container.NewBorder(nil, nil, container.New(fixedWidth(algNameWidth), name), nil, b.obj))
		v.bars = append(v.bars, b)
	}
	back := w.newButton(tr("Back to files"), theme.NavigateBackIcon(), func() {
		v.stop()
		w.show(nil)
	})
	v.run = w.newButton(tr("Run again"), theme.ViewRefreshIcon(), v.start)
	title := widget.NewLabelWithStyle(tr("Speed of each algorithm on this computer"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	explain := widget.NewLabel(tr("In memory, one core, {{.MiB}} MiB each; the core in use is named beside each figure. "+
		"Reading from disk is usually slower than the fastest of these. MB = 1,000,000 bytes. "+
		"The bars are on a logarithmic scale: each step of length is the same ratio of speed, so a bar half as long is far more than half as fast.", "MiB", benchMiB))
	explain.Wrapping = fyne.TextWrapWord
	top := container.NewVBox(container.NewBorder(nil, nil, back, v.run, title), explain, v.status)
	v.obj = container.NewBorder(top, nil, nil, nil, container.NewVScroll(rows))
	return v
}

// start measures every algorithm again, in the background.
func (v *benchView) start() {
	v.stop()
	stopped := new(atomic.Bool)
	v.stopped = stopped
	for _, b := range v.bars {
		b.value = 0
		b.text.SetText("")
		b.note.SetText(tr("waiting"))
	}
	v.run.Disable()
	v.layoutBars()
	w := v.w
	w.background(func() {
		for i, b := range v.bars {
			if stopped.Load() {
				break
			}
			w.do(func() {
				if !stopped.Load() {
					v.status.SetText(tr("Measuring {{.Algorithm}} ({{.I}} of {{.N}})…", "Algorithm", b.alg.Name, "I", i+1, "N", len(v.bars)))
					b.note.SetText(tr("measuring…"))
				}
			})
			r := w.core.Bench(b.alg)
			w.do(func() {
				if !stopped.Load() {
					v.result(b, r)
				}
			})
		}
		w.do(func() {
			if v.stopped == stopped {
				if !stopped.Load() {
					v.status.SetText(tr("Done. Figures vary by a few percent from run to run."))
					w.tracef("benchmark done")
				}
				v.run.Enable()
			}
		})
	})
}

func (v *benchView) stop() {
	if v.stopped != nil {
		v.stopped.Store(true)
		v.run.Enable()
	}
}

func (v *benchView) result(b *benchBar, r app.BenchResult) {
	b.value = r.MBPerSec * 1e6
	b.note.SetText("")
	b.text.SetText(units.Rate(b.value) + "  ·  " + r.Implementation)
	v.layoutBars()
}

// layoutBars scales the bars to the figures so far: the fastest fills the
// row, the slowest takes minBarShare of it, and the scale between is
// logarithmic (equal ratios, equal steps), as the figures span a hundredfold.
func (v *benchView) layoutBars() {
	lo, hi := 0.0, 0.0
	for _, b := range v.bars {
		if b.value > 0 {
			if lo == 0 || b.value < lo {
				lo = b.value
			}
			hi = max(hi, b.value)
		}
	}
	for _, b := range v.bars {
		b.frac = barShare(b.value, lo, hi)
		b.obj.Refresh()
	}
}

// barShare is the share of the row a bar of value takes on the scale from
// lo to hi (0 for no figure yet).
func barShare(value, lo, hi float64) float32 {
	switch {
	case value <= 0:
		return 0
	case hi <= lo:
		return 1
	}
	return float32(minBarShare + (1-minBarShare)*math.Log(value/lo)/math.Log(hi/lo))
}

// barColour is dark enough for the white figure drawn on it (WCAG AA) in
// light and dark themes.
var barColour = color.NRGBA{R: 0x1f, G: 0x5f, B: 0xa8, A: 0xff}
