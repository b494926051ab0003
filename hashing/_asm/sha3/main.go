// Command sha3 generates the amd64 Keccak-f[1600] kernels of hashing/sha3.
package main

import (
	"fmt"
	"os"

	. "github.com/mmcloughlin/avo/build"
)

//go:generate go run . -out ../../sha3/keccakf_amd64.s

func main() {
	if err := checkRounds(); err != nil {
		fmt.Fprintln(os.Stderr, "sha3 generator:", err)
		os.Exit(1)
	}
	ConstraintExpr("!purego")
	rot8, rot56 := rotMasks()
	absorbAVX512()
	absorbBMI2()
	absorb4AVX512()
	absorb4AVX2(rot8, rot56)
	Generate()
}
