// Package crc32 implements the IEEE CRC-32 of Ethernet, zip, PNG and SFV
// files (the same checksum as hash/crc32.NewIEEE) with Hashdrop's own cores:
// PCLMULQDQ folding for 32-bit x86, where the standard library has none, and
// portable slicing-by-8 everywhere else. On amd64 and arm64 Hashdrop keeps
// hash/crc32 (its hardware kernels are fast); there this package serves the
// tests only.
package crc32

import (
	"encoding/binary"
	"hash"
)

// Size is the size of the checksum in bytes. BlockSize is 1: CRC-32 takes any
// length; the kernels cut the input themselves.
const (
	Size      = 4
	BlockSize = 1
)

// poly is the IEEE polynomial x^32 + x^26 + ... + 1 with its bits reversed
// (the coefficient of x^0 in the top bit), as the reflected CRC uses it.
const poly = 0xedb88320

// digest is the running CRC of what was written so far.
type digest struct {
	crc uint32
}

// New returns a new hash.Hash32 computing the IEEE CRC-32.
func New() hash.Hash32 { return new(digest) }

func (d *digest) Reset()         { d.crc = 0 }
func (d *digest) Size() int      { return Size }
func (d *digest) BlockSize() int { return BlockSize }
func (d *digest) Sum32() uint32  { return d.crc }

func (d *digest) Write(p []byte) (int, error) {
	block(d, p)
	return len(p), nil
}

// Sum appends the checksum, big-endian as hash/crc32 writes it.
func (d *digest) Sum(in []byte) []byte { return binary.BigEndian.AppendUint32(in, d.crc) }

// Checksum returns the IEEE CRC-32 of data.
func Checksum(data []byte) uint32 {
	var d digest
	block(&d, data)
	return d.crc
}
