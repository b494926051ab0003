package signature

import (
	"encoding/binary"
	"fmt"
)

// Bounds on one OpenPGP key. Publishers' keys have one to a few user ids,
// a few subkeys (Tails: 15, over ten years) and a few dozen signatures;
// each one costs parsing, memory and often a public-key operation on every
// run, so a key with 100,000 user ids would cost seconds and hundreds of MB
// each time. Keys beyond the bounds are refused before anything is parsed.
const (
	// MaxUserIDs bounds a key's user ids and user attributes (photos).
	MaxUserIDs = 256
	// MaxSubkeys bounds a key's subkeys.
	MaxSubkeys = 256
	// MaxKeySignatures bounds the signatures on one key: its
	// self-signatures, certifications by other keys and revocations.
	MaxKeySignatures = 4096
	// maxKeyPackets and maxFileSignatures bound a whole key file (many
	// keys): go-crypto keeps every signature it reads, parsed, at some
	// twenty times its size.
	maxKeyPackets     = 1 << 16
	maxFileSignatures = 2 * MaxKeySignatures
	// maxKeyBytes bounds one key's packets so that the armored form the
	// store keeps (64 base64 digits, 48 bytes, a line, plus a header and
	// a checksum) fits in a key file: a key that could be imported but
	// not read back could not be used or removed either.
	maxKeyBytes = (MaxKeyFileSize - 4096) / 65 * 48
)

// OpenPGP packet tags (RFC 9580, section 5).
const (
	tagSignature     = 2
	tagSecretKey     = 5
	tagPublicKey     = 6
	tagSecretSubkey  = 7
	tagUserID        = 13
	tagPublicSubkey  = 14
	tagUserAttribute = 17
)

// checkKeyPackets walks the packet headers of binary OpenPGP key data,
// without parsing a packet, and refuses keys beyond the bounds above.
// Data it cannot walk further (damaged, cut short) is left to the
// parser to refuse in its own words.
func checkKeyPackets(data []byte) error {
	var keys, uids, subkeys, sigs, allSigs, packets, size int
	tooBig := func() error {
		return fmt.Errorf("key %d in it takes %.1f MiB, more than a key file Hashdrop stores can hold as text (%d MiB): refused",
			keys, float64(size)/(1<<20), MaxKeyFileSize>>20)
	}
	for len(data) > 0 {
		tag, hdr, n, ok := packetHeader(data)
		if !ok || n < 0 || n > len(data)-hdr {
			break
		}
		data = data[hdr+n:]
		if packets++; packets > maxKeyPackets {
			return fmt.Errorf("it holds more than %d OpenPGP packets, more than any key file Hashdrop reads: refused", maxKeyPackets)
		}
		if tag == tagPublicKey || tag == tagSecretKey {
			if size > maxKeyBytes {
				return tooBig()
			}
			size = 0
		}
		size += hdr + n
		switch tag {
		case tagPublicKey, tagSecretKey:
			keys++
			uids, subkeys, sigs = 0, 0, 0
		case tagUserID, tagUserAttribute:
			if uids++; uids > MaxUserIDs {
				return fmt.Errorf("key %d in it has more than %d user ids, far more than a real key: refused", keys, MaxUserIDs)
			}
		case tagPublicSubkey, tagSecretSubkey:
			if subkeys++; subkeys > MaxSubkeys {
				return fmt.Errorf("key %d in it has more than %d subkeys, far more than a real key: refused", keys, MaxSubkeys)
			}
		case tagSignature:
			if allSigs++; allSigs > maxFileSignatures {
				return fmt.Errorf("it carries more than %d signatures in all, more than Hashdrop reads in one key file: refused", maxFileSignatures)
			}
			if sigs++; sigs > MaxKeySignatures {
				return fmt.Errorf("key %d in it carries more than %d signatures, far more than a real key: refused", keys, MaxKeySignatures)
			}
		}
	}
	if size > maxKeyBytes {
		return tooBig()
	}
	return nil
}

// packetHeader reads the header of the packet at the start of data: its
// tag, the header's length and the body's. A body in partial lengths (only
// data packets may have one) is walked to its last part; n then counts the
// part headers too.
func packetHeader(data []byte) (tag, hdr, n int, ok bool) {
	if len(data) < 2 || data[0]&0x80 == 0 {
		return 0, 0, 0, false
	}
	if data[0]&0x40 == 0 { // the legacy format
		tag = int(data[0]>>2) & 0xf
		switch data[0] & 3 {
		case 0:
			return tag, 2, int(data[1]), true
		case 1:
			if len(data) < 3 {
				return 0, 0, 0, false
			}
			return tag, 3, int(binary.BigEndian.Uint16(data[1:])), true
		case 2:
			if len(data) < 5 {
				return 0, 0, 0, false
			}
			return tag, 5, int(binary.BigEndian.Uint32(data[1:])), true
		}
		return tag, 1, len(data) - 1, true // to the end of the data
	}
	tag = int(data[0] & 0x3f)
	at := 1
	for {
		l, size, partial, ok := newLength(data[at:])
		if !ok {
			return 0, 0, 0, false
		}
		if at == 1 {
			hdr = 1 + size
		} else {
			n += size
		}
		if n += l; !partial {
			return tag, hdr, n, true
		}
		if at += size + l; at >= len(data) {
			return 0, 0, 0, false
		}
	}
}

// newLength reads a length of the current packet format: the length, the
// bytes it took, and whether it is a partial one.
func newLength(b []byte) (l, size int, partial, ok bool) {
	switch {
	case len(b) < 1:
		return 0, 0, false, false
	case b[0] < 192:
		return int(b[0]), 1, false, true
	case b[0] < 224:
		if len(b) < 2 {
			return 0, 0, false, false
		}
		return (int(b[0])-192)<<8 + int(b[1]) + 192, 2, false, true
	case b[0] < 255:
		return 1 << (b[0] & 0x1f), 1, true, true
	}
	if len(b) < 5 {
		return 0, 0, false, false
	}
	return int(binary.BigEndian.Uint32(b[1:])), 5, false, true
}
