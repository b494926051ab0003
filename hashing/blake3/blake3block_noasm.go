//go:build (!amd64 && !386) || purego

package blake3

func subtree(buf *[groupLen]byte, n int, counter uint64) node { return subtreeGeneric(buf, n, counter) }

func nodeCV(n *node) [8]uint32 { return chainingValue(*n) }

func runCV(p *[runLen]byte, counter uint64) [8]uint32 { return runCVGeneric(p, counter) }
