package ui

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// A rounded fill covers its whole size but the corners' curves, with plain
// rectangles but for the four corners, each rounded at its own corner only
// and lying in it; a radius larger than half the size is held to it.
func TestRoundedFillCoversItsSize(t *testing.T) {
	fill := color.NRGBA{R: 32, G: 32, B: 35, A: 255}
	for _, tc := range []struct {
		size   fyne.Size
		radius float32
	}{{fyne.NewSize(952, 354), 5}, {fyne.NewSize(120, 36), 10}, {fyne.NewSize(12, 8), 5}} {
		f := newRoundedFill(fill, tc.radius)
		f.layout(tc.size)
		r := min(tc.radius, tc.size.Width/2, tc.size.Height/2)
		inside := func(p *canvas.Rectangle, x, y float32) bool {
			at, s := p.Position(), p.Size()
			return x >= at.X && x <= at.X+s.Width && y >= at.Y && y <= at.Y+s.Height
		}
		for _, p := range f.parts {
			at, s := p.Position(), p.Size()
			if at.X < 0 || at.Y < 0 || at.X+s.Width > tc.size.Width+0.01 || at.Y+s.Height > tc.size.Height+0.01 {
				t.Errorf("%v r %v: a part at %v+%v lies outside", tc.size, tc.radius, at, s)
			}
			if p.FillColor != fill {
				t.Errorf("%v: a part is filled with %v", tc.size, p.FillColor)
			}
		}
		corners := []struct {
			radius []float32 // top left, top right, bottom left, bottom right
			x, y   float32   // the corner of the fill it is at
		}{
			{[]float32{r, 0, 0, 0}, 0, 0},
			{[]float32{0, r, 0, 0}, tc.size.Width, 0},
			{[]float32{0, 0, r, 0}, 0, tc.size.Height},
			{[]float32{0, 0, 0, r}, tc.size.Width, tc.size.Height},
		}
		for i, c := range corners {
			p := f.parts[i]
			got := []float32{p.TopLeftCornerRadius, p.TopRightCornerRadius, p.BottomLeftCornerRadius, p.BottomRightCornerRadius}
			if p.CornerRadius != 0 || got[0] != c.radius[0] || got[1] != c.radius[1] || got[2] != c.radius[2] || got[3] != c.radius[3] {
				t.Errorf("%v: corner %d has radii %v (all %v), want %v", tc.size, i, got, p.CornerRadius, c.radius)
			}
			if !inside(p, c.x, c.y) {
				t.Errorf("%v: corner %d at %v+%v is not at (%v, %v)", tc.size, i, p.Position(), p.Size(), c.x, c.y)
			}
		}
		for _, p := range f.parts[4:] {
			if p.CornerRadius != 0 || p.TopLeftCornerRadius != 0 || p.TopRightCornerRadius != 0 || p.BottomLeftCornerRadius != 0 || p.BottomRightCornerRadius != 0 {
				t.Errorf("%v: a plain part is rounded", tc.size)
			}
		}
		// Every point is under a plain part, or under a corner near its
		// corner of the fill (the one place its shader draws the curve).
		for x := float32(0); x <= tc.size.Width; x += tc.size.Width / 40 {
			for y := float32(0); y <= tc.size.Height; y += tc.size.Height / 40 {
				plain := inside(f.parts[4], x, y) || inside(f.parts[5], x, y) || inside(f.parts[6], x, y)
				nearCorner := (x <= r || x >= tc.size.Width-r) && (y <= r || y >= tc.size.Height-r)
				if !plain && !nearCorner {
					t.Errorf("%v r %v: (%v, %v) is not covered by a plain part", tc.size, tc.radius, x, y)
				}
				if nearCorner {
					covered := false
					for _, p := range f.parts[:4] {
						covered = covered || inside(p, x, y)
					}
					if !covered {
						t.Errorf("%v r %v: (%v, %v) by a corner is under no corner", tc.size, tc.radius, x, y)
					}
				}
			}
		}
	}
	f := newRoundedFill(color.Black, 5)
	f.fill(color.White, 8)
	if f.parts[0].FillColor != color.White || f.parts[5].FillColor != color.White || f.parts[3].BottomRightCornerRadius != 8 {
		t.Error("fill did not set the colour and the radius")
	}
}
