package ui

import (
	"testing"

	"fyne.io/fyne/v2"
)

// The first window shrinks to the room Windows gives it, in Fyne units at
// the screen's scale, and stays as it is where it fits.
func TestFitSize(t *testing.T) {
	for _, c := range []struct {
		name          string
		width, height int
		scale         float32
		want          fyne.Size
		smaller       bool
	}{
		{"1366 x 768 laptop at 100 %", 1350, 707, 1, defaultSize, false},
		{"1366 x 768 laptop at 125 %", 1350, 707, 1.25, fyne.NewSize(960, 565.6), true},
		{"1024 x 600 netbook", 1008, 537, 1, fyne.NewSize(960, 537), true},
		{"800 x 600", 784, 537, 1, fyne.NewSize(784, 537), true},
		{"no scale known", 100, 100, 0, defaultSize, false},
	} {
		got, smaller := fitSize(defaultSize, c.width, c.height, c.scale)
		d := got.Subtract(c.want)
		if smaller != c.smaller || max(d.Width, -d.Width, d.Height, -d.Height) > 0.01 {
			t.Errorf("%s: %v (smaller %v), want %v (%v)", c.name, got, smaller, c.want, c.smaller)
		}
	}
}
