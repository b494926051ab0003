package ui

import (
	"encoding/binary"
	"runtime"
)

// trayIcon is the tray's icon from Hashdrop's PNG: the PNG itself, except
// on Windows, whose tray loads an .ico: there, an .ico of one image that
// is the PNG (Windows Vista and later read PNG images in .ico files).
func trayIcon(png []byte) []byte {
	if runtime.GOOS != "windows" {
		return png
	}
	return pngICO(png)
}

// pngICO is an .ico file holding png as its one image: the ICONDIR (6
// bytes), one ICONDIRENTRY (16 bytes), then the PNG.
func pngICO(png []byte) []byte {
	var w, h uint32
	if len(png) >= 24 {
		w, h = binary.BigEndian.Uint32(png[16:]), binary.BigEndian.Uint32(png[20:]) // IHDR
	}
	dim := func(n uint32) byte {
		if n == 0 || n >= 256 {
			return 0 // 0 means 256 or more
		}
		return byte(n)
	}
	b := make([]byte, 22, 22+len(png))
	binary.LittleEndian.PutUint16(b[2:], 1) // type: icon
	binary.LittleEndian.PutUint16(b[4:], 1) // one image
	b[6], b[7] = dim(w), dim(h)
	binary.LittleEndian.PutUint16(b[10:], 1)  // colour planes
	binary.LittleEndian.PutUint16(b[12:], 32) // bits per pixel
	binary.LittleEndian.PutUint32(b[14:], uint32(len(png)))
	binary.LittleEndian.PutUint32(b[18:], 22) // where the image starts
	return append(b, png...)
}
