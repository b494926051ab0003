//go:build (amd64 || 386) && !purego

package blake3

import "encoding/binary"

// subtree4 is subtreeLanes on the four-input kernel alone.
func subtree4(buf *[groupLen]byte, n int, counter uint64) node {
	return subtreeLanes(buf, n, counter, four)
}

var four = []int{4}

// subtreeLanes is subtreeGeneric for more than one chunk, level by level:
// the chaining values of the chunks, then of their parents, two children's
// side by side in memory as the parent's block, an odd one at the end
// moved up a level as it is (which gives the specification's tree, whose
// left subtrees are complete). The kernels (hashLanes, of the widths
// given, widest first) hash the whole chunks, as many at once as a kernel
// takes, the Go twin those left over; a level of parents is hashed by the
// narrowest kernel that takes it whole, its lanes past the level's last
// pair hashing whatever the scratch holds, thrown away.
func subtreeLanes(buf *[groupLen]byte, n int, counter uint64, widths []int) node {
	// A level's parents are read 64 bytes a lane: room for 16 lanes.
	var a, b [groupChunks * 64]byte
	cvs, next := a[:], b[:]
	k := (n + chunkLen - 1) / chunkLen
	whole, i := n/chunkLen, 0
	for _, w := range widths {
		for ; whole-i >= w; i += w {
			hashLanes(w, buf[i*chunkLen:], chunkLen/BlockSize, &iv, counter+uint64(i), 1, 0, flagChunkStart, flagChunkEnd, cvs[32*i:])
		}
	}
	for ; i < k; i++ {
		putCV(cvs[32*i:], chainingValue(chunkNode(buf[i*chunkLen:min(n, (i+1)*chunkLen)], counter+uint64(i))))
	}
	for ; k > 2; k = (k + 1) / 2 {
		pairs, w := k/2, widths[0]
		for _, x := range widths {
			if x >= pairs {
				w = x
			}
		}
		for i := 0; i < pairs; i += w {
			hashLanes(w, cvs[64*i:], 1, &iv, 0, 0, flagParent, 0, 0, next[32*i:])
		}
		copy(next[32*pairs:], cvs[64*pairs:32*k]) // the odd one, if any
		cvs, next = next, cvs
	}
	left, right := getCV(cvs), getCV(cvs[32:])
	return parentNode(&left, &right)
}

// nodeCV is chainingValue(*n), by the four-input kernel when a core that
// has one is in use and the node's block is whole (a parent, or a chunk's
// full last block), the other three lanes hashing zeros: a group's root
// and the merges above it, two compressions a group, take some 10 % of the
// time of the group's kernels in the Go twin.
func nodeCV(n *node) [8]uint32 {
	if !lanesActive() || n.blockLen != BlockSize {
		return chainingValue(*n)
	}
	var p [4 * BlockSize]byte
	for i, w := range n.block {
		binary.LittleEndian.PutUint32(p[4*i:], w)
	}
	var out [128]byte
	hash4(p[:], 1, &n.cv, n.counter, 0, n.flags, 0, 0, &out)
	return getCV(out[:])
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
