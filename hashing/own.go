package hashing

import "hash"

// pick returns a constructor that chooses at each call between Hashdrop's
// own core of family and the standard library's (ownActive decides, by
// architecture), so that a core switched with impl.Select (tests,
// HASHDROP_DISABLE) is honoured.
func pick(family string, mine, std func() hash.Hash) func() hash.Hash {
	return func() hash.Hash {
		if ownActive(family) {
			return mine()
		}
		return std()
	}
}
