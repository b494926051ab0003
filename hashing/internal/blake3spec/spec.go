// Package blake3spec holds BLAKE3's constants (the BLAKE3 specification,
// section 2), shared by the portable core in hashing/blake3 and the
// generators of its assembly in hashing/_asm, so that they cannot drift
// apart.
package blake3spec

// IV is BLAKE3's IV (the specification's table 1), the key of the hash
// mode: SHA-256's initial hash value.
var IV = [8]uint32{0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19}

// Permutation is the message permutation applied between rounds (section
// 2.2): word i of the next round's message is word Permutation[i] of this
// one's.
var Permutation = [16]int{2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8}
