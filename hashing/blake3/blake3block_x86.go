//go:build (amd64 || 386) && !purego

package blake3

import "encoding/binary"

// subtree4 is subtreeGeneric for more than one chunk, level by level:
// the chaining values of the chunks, then of their parents, two children's
// side by side in memory as the parent's block, an odd one at the end
// moved up a level as it is (which gives the specification's tree, whose
// left subtrees are complete). The kernel (hash4, of the core in use)
// hashes four of a level at once, the Go twin those left over.
func subtree4(buf *[groupLen]byte, n int, counter uint64) node {
	var a, b [groupChunks * 32]byte
	cvs, next := a[:], b[:]
	k := (n + chunkLen - 1) / chunkLen
	whole := n / chunkLen &^ 3
	for i := 0; i < whole; i += 4 {
		hash4(buf[i*chunkLen:], chunkLen/BlockSize, &iv, counter+uint64(i), 1, 0, flagChunkStart, flagChunkEnd, (*[128]byte)(cvs[32*i:]))
	}
	for i := whole; i < k; i++ {
		putCV(cvs[32*i:], chainingValue(chunkNode(buf[i*chunkLen:min(n, (i+1)*chunkLen)], counter+uint64(i))))
	}
	for ; k > 2; k = (k + 1) / 2 {
		pairs := k / 2
		for i := 0; i < pairs&^3; i += 4 {
			hash4(cvs[64*i:], 1, &iv, 0, 0, flagParent, 0, 0, (*[128]byte)(next[32*i:]))
		}
		for i := pairs &^ 3; i < pairs; i++ {
			left, right := getCV(cvs[64*i:]), getCV(cvs[64*i+32:])
			putCV(next[32*i:], chainingValue(parentNode(&left, &right)))
		}
		copy(next[32*pairs:], cvs[64*pairs:32*k]) // the odd one, if any
		cvs, next = next, cvs
	}
	left, right := getCV(cvs), getCV(cvs[32:])
	return parentNode(&left, &right)
}

func putCV(p []byte, cv [8]uint32) {
	for i, w := range cv {
		binary.LittleEndian.PutUint32(p[4*i:], w)
	}
}

func getCV(p []byte) [8]uint32 {
	var cv [8]uint32
	for i := range cv {
		cv[i] = binary.LittleEndian.Uint32(p[4*i:])
	}
	return cv
}
