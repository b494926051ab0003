package linux

import (
	"image"
	"image/color"
)

// IconSizes are the hicolor sizes Hashdrop's icon ships in, besides the
// SVG: what software centres, menus, file managers' context menus and
// window lists ask for. icons/hicolor/NxN/apps holds each, scaled down
// from assets/icon.png (256 px) by Shrink; TestHicolorIcons keeps them so.
var IconSizes = []int{16, 24, 32, 48, 64, 128, 256}

// Shrink scales src down to size x size pixels by area averaging, in
// premultiplied alpha (a transparent pixel's colour counts for nothing).
// All in integers, so that every machine gives the same pixels: each
// source pixel is size units wide, each new one src's width, and a new
// pixel is the mean of the source pixels it covers, weighted by the area
// each covers.
func Shrink(src image.Image, size int) *image.NRGBA {
	b := src.Bounds()
	sw, sh := b.Dx(), b.Dy()
	dst := image.NewNRGBA(image.Rect(0, 0, size, size))
	for y := 0; y < size; y++ {
		y0, y1 := y*sh, (y+1)*sh // in units of 1/size source pixel
		for x := 0; x < size; x++ {
			x0, x1 := x*sw, (x+1)*sw
			var r, g, bl, a, total uint64
			for sy := y0 / size; sy*size < y1; sy++ {
				wy := uint64(min(y1, (sy+1)*size) - max(y0, sy*size))
				for sx := x0 / size; sx*size < x1; sx++ {
					wx := uint64(min(x1, (sx+1)*size) - max(x0, sx*size))
					w := wx * wy
					// RGBA is premultiplied, 16 bits a channel.
					pr, pg, pb, pa := src.At(b.Min.X+sx, b.Min.Y+sy).RGBA()
					r += uint64(pr) * w
					g += uint64(pg) * w
					bl += uint64(pb) * w
					a += uint64(pa) * w
					total += w
				}
			}
			r, g, bl, a = (r+total/2)/total, (g+total/2)/total, (bl+total/2)/total, (a+total/2)/total
			dst.Set(x, y, color.RGBA64{R: uint16(r), G: uint16(g), B: uint16(bl), A: uint16(a)})
		}
	}
	return dst
}
