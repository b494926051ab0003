package linux

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "write icons/hicolor/*/apps/*.png again from assets/icon.png")

func iconPath(size int) string {
	return filepath.Join("icons", "hicolor", fmt.Sprintf("%dx%d", size, size), "apps", "io.github.hashdrop.hashdrop.png")
}

// Each hicolor icon is assets/icon.png shrunk to its size, pixel for pixel
// (go test ./assets/linux -run HicolorIcons -update writes them again), a
// PNG of exactly that size in the folder of that size (lintian's
// icon-size-and-directory-name-mismatch).
func TestHicolorIcons(t *testing.T) {
	data, err := os.ReadFile("../icon.png")
	if err != nil {
		t.Fatal(err)
	}
	src, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("../icon.png: %v", err)
	}
	for _, size := range IconSizes {
		want := Shrink(src, size)
		if *update {
			var buf bytes.Buffer
			enc := png.Encoder{CompressionLevel: png.BestCompression}
			if err := enc.Encode(&buf, want); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Dir(iconPath(size)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(iconPath(size), buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		f, err := os.ReadFile(iconPath(size))
		if err != nil {
			t.Errorf("%v (go test -run HicolorIcons -update writes it)", err)
			continue
		}
		got, err := png.Decode(bytes.NewReader(f))
		if err != nil {
			t.Errorf("%s: %v", iconPath(size), err)
			continue
		}
		if got.Bounds() != image.Rect(0, 0, size, size) {
			t.Errorf("%s is %v, not %d px", iconPath(size), got.Bounds(), size)
			continue
		}
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				if got.At(x, y) != want.At(x, y) {
					gr, gg, gb, ga := got.At(x, y).RGBA()
					wr, wg, wb, wa := want.At(x, y).RGBA()
					if gr != wr || gg != wg || gb != wb || ga != wa {
						t.Fatalf("%s differs from icon.png shrunk at (%d,%d): run go test -run HicolorIcons -update", iconPath(size), x, y)
					}
				}
			}
		}
	}
}

// Shrinking a plain square gives the same colour, and a half-transparent
// edge is averaged in premultiplied alpha.
func TestShrink(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 3, 3))
	for i := range src.Pix {
		src.Pix[i] = 0
	}
	for y := 0; y < 3; y++ {
		src.SetNRGBA(0, y, colorOf(200, 100, 50, 255))
		src.SetNRGBA(1, y, colorOf(200, 100, 50, 255))
	}
	got := Shrink(src, 1).NRGBAAt(0, 0)
	if got.A != 170 || got.R != 200 || got.G != 100 || got.B != 50 {
		t.Errorf("2/3 opaque orange: %v", got)
	}
	same := Shrink(src, 3)
	if same.NRGBAAt(1, 1) != src.NRGBAAt(1, 1) || same.NRGBAAt(2, 2) != src.NRGBAAt(2, 2) {
		t.Errorf("shrinking to the same size changes pixels")
	}
}

func colorOf(r, g, b, a uint8) color.NRGBA { return color.NRGBA{R: r, G: g, B: b, A: a} }
