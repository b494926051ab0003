//go:build (!amd64 && !386) || purego

package xxh32

func accumulate(v *[4]uint32, p []byte) { stripesGeneric(v, p) }
