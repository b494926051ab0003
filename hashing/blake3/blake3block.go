package blake3

import (
	"encoding/binary"
	"math/bits"

	"github.com/hashdrop/hashdrop/hashing/internal/blake3spec"
)

// Domain flags of the BLAKE3 specification, section 2.1.
const (
	flagChunkStart = 1 << 0
	flagChunkEnd   = 1 << 1
	flagParent     = 1 << 2
	flagRoot       = 1 << 3
)

// iv (the key of the hash mode) and the message permutation between
// rounds are the specification's (hashing/internal/blake3spec).
var (
	iv          = blake3spec.IV
	permutation = blake3spec.Permutation
)

// A node is the input of one compression not yet made: a chunk's last
// block or a parent. Its chaining value is its output's first half; the
// root's is the compression with flagRoot.
type node struct {
	cv       [8]uint32
	block    [16]uint32
	counter  uint64
	blockLen uint32
	flags    uint32
}

func chainingValue(n node) [8]uint32 {
	out := compress(&n.cv, &n.block, n.counter, n.blockLen, n.flags)
	return [8]uint32(out[:8])
}

func parentNode(left, right *[8]uint32) node {
	n := node{cv: iv, blockLen: BlockSize, flags: flagParent}
	copy(n.block[:8], left[:])
	copy(n.block[8:], right[:])
	return n
}

// compress is BLAKE3's compression function (section 2.2).
func compress(cv *[8]uint32, m *[16]uint32, counter uint64, blockLen, flags uint32) [16]uint32 {
	v := [16]uint32{
		cv[0], cv[1], cv[2], cv[3], cv[4], cv[5], cv[6], cv[7],
		iv[0], iv[1], iv[2], iv[3], uint32(counter), uint32(counter >> 32), blockLen, flags,
	}
	msg := *m
	for r := range 7 {
		g(&v, 0, 4, 8, 12, msg[0], msg[1])
		g(&v, 1, 5, 9, 13, msg[2], msg[3])
		g(&v, 2, 6, 10, 14, msg[4], msg[5])
		g(&v, 3, 7, 11, 15, msg[6], msg[7])
		g(&v, 0, 5, 10, 15, msg[8], msg[9])
		g(&v, 1, 6, 11, 12, msg[10], msg[11])
		g(&v, 2, 7, 8, 13, msg[12], msg[13])
		g(&v, 3, 4, 9, 14, msg[14], msg[15])
		if r < 6 {
			var next [16]uint32
			for i, j := range permutation {
				next[i] = msg[j]
			}
			msg = next
		}
	}
	for i := range 8 {
		v[i] ^= v[i+8]
		v[i+8] ^= cv[i]
	}
	return v
}

func g(v *[16]uint32, a, b, c, d int, x, y uint32) {
	v[a] += v[b] + x
	v[d] = bits.RotateLeft32(v[d]^v[a], -16)
	v[c] += v[d]
	v[b] = bits.RotateLeft32(v[b]^v[c], -12)
	v[a] += v[b] + y
	v[d] = bits.RotateLeft32(v[d]^v[a], -8)
	v[c] += v[d]
	v[b] = bits.RotateLeft32(v[b]^v[c], -7)
}

// chunkNode hashes a chunk (0 to 1024 bytes, empty only for the empty
// message) but its last block, which it returns as a node.
func chunkNode(p []byte, counter uint64) node {
	n := node{cv: iv, counter: counter, flags: flagChunkStart}
	for len(p) > BlockSize {
		var m [16]uint32
		for i := range m {
			m[i] = binary.LittleEndian.Uint32(p[4*i:])
		}
		out := compress(&n.cv, &m, counter, BlockSize, n.flags)
		n.cv = [8]uint32(out[:8])
		n.flags = 0
		p = p[BlockSize:]
	}
	var last [BlockSize]byte
	copy(last[:], p)
	for i := range n.block {
		n.block[i] = binary.LittleEndian.Uint32(last[4*i:])
	}
	n.blockLen = uint32(len(p))
	n.flags |= flagChunkEnd
	return n
}

// treeNode returns the top node of the subtree over p, whose first chunk
// is chunk number counter: a chunk's last block, or a parent whose left
// side holds the largest power of two of chunks that leaves the right side
// at least one byte (section 2.1).
func treeNode(p []byte, counter uint64) node {
	if len(p) <= chunkLen {
		return chunkNode(p, counter)
	}
	leftChunks := 1 << (bits.Len(uint(len(p)-1)/chunkLen) - 1)
	left := chainingValue(treeNode(p[:leftChunks*chunkLen], counter))
	right := chainingValue(treeNode(p[leftChunks*chunkLen:], counter+uint64(leftChunks)))
	return parentNode(&left, &right)
}

// subtreeGeneric returns the top node of the subtree over the first n bytes
// of a group (all of them but for the message's last group), whose first
// chunk is number counter.
func subtreeGeneric(buf *[groupLen]byte, n int, counter uint64) node {
	return treeNode(buf[:n], counter)
}

// runCVGeneric is runCV one group at a time: each group's subtree, then
// the complete tree of their chaining values.
func runCVGeneric(p *[runLen]byte, counter uint64) [8]uint32 {
	var cvs [runGroups][8]uint32
	for i := range cvs {
		n := subtree((*[groupLen]byte)(p[i*groupLen:]), groupLen, counter+uint64(i)*groupChunks)
		cvs[i] = nodeCV(&n)
	}
	for k := runGroups; k > 1; k /= 2 {
		for i := range k / 2 {
			n := parentNode(&cvs[2*i], &cvs[2*i+1])
			cvs[i] = nodeCV(&n)
		}
	}
	return cvs[0]
}
