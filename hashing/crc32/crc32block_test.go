package crc32

import (
	"math/rand/v2"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// kernel runs the block function of the selected core on a bare CRC, as
// CrossCheckBlocks wants it.
func kernel(f func(*digest, []byte)) func(*uint32, []byte) {
	return func(crc *uint32, p []byte) {
		d := digest{crc: *crc}
		f(&d, p)
		*crc = d.crc
	}
}

func randomCRC(rng *rand.Rand) uint32 { return rng.Uint32() }

// TestBlockCrossCheck compares every assembly core with the generic one from
// random CRCs: every length 0..300 at misalignments 0..7 (the folding kernel
// takes over at 64 bytes, folds four registers per 64 and one per 16, and
// leaves up to 15 bytes to the tables), and 1..29 runs of 64 and 48 bytes.
func TestBlockCrossCheck(t *testing.T) {
	hashtest.TestCores(t, family, func(t *testing.T) {
		hashtest.CrossCheckBlocks(t, 64, randomCRC, kernel(block), kernel(blockGeneric))
		hashtest.CrossCheckBlocks(t, 48, randomCRC, kernel(block), kernel(blockGeneric))
		rng := rand.New(rand.NewPCG(5, 6))
		buf := make([]byte, 300+8)
		for i := range buf {
			buf[i] = byte(rng.Uint32())
		}
		for n := 0; n <= 300; n++ {
			for off := range 8 {
				p := buf[off : off+n]
				c0 := rng.Uint32()
				a, b := c0, c0
				kernel(block)(&a, p)
				kernel(blockGeneric)(&b, p)
				if a != b {
					t.Fatalf("%d bytes at offset %d from %08x: kernel %08x, generic %08x", n, off, c0, a, b)
				}
			}
		}
	})
}

// FuzzBlock compares every assembly core with the generic one on a
// fuzz-chosen CRC and input.
func FuzzBlock(f *testing.F) {
	f.Add(uint32(0), make([]byte, 64))
	f.Add(uint32(0xffffffff), make([]byte, 200))
	f.Fuzz(func(t *testing.T, c0 uint32, p []byte) {
		for _, name := range impl.Available(family) {
			if name == impl.Generic {
				continue
			}
			impl.Select(family, name)
			a, b := c0, c0
			kernel(block)(&a, p)
			kernel(blockGeneric)(&b, p)
			impl.Reset(family)
			if a != b {
				t.Fatalf("%s, %d bytes from %08x: kernel %08x, generic %08x", name, len(p), c0, a, b)
			}
		}
	})
}
