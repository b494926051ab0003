//go:build (!amd64 && !386) || purego

package sha3

func absorb(a *[25]uint64, p []byte, rate int) { absorbGeneric(a, p, rate) }

// haveAbsorb4 is false: absorb4 takes the states one by one.
func haveAbsorb4() bool { return false }

func absorb4(a *[4][25]uint64, in *lanes, blocks int) { absorb4Serial(a, in, blocks) }
