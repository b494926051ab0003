//go:build !purego

package ripemd

import (
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/klauspost/cpuid/v2"
)

// The scalar assembly cores: one using ANDN (BMI1) and RORX (BMI2), and one
// for any x86-64. Both run the two lines of a block interleaved.
var (
	useBMI2  bool
	useAMD64 bool
)

func init() {
	impl.Register("ripemd", "bmi2", &useBMI2, cpuid.BMI1, cpuid.BMI2)
	impl.Register("ripemd", "amd64", &useAMD64)
}

func block(dig *digest, p []byte) {
	switch {
	case useBMI2:
		switch dig.size {
		case Size128:
			block128BMI2(dig, p)
		case Size160:
			block160BMI2(dig, p)
		case Size256:
			block256BMI2(dig, p)
		case Size320:
			block320BMI2(dig, p)
		}
	case useAMD64:
		switch dig.size {
		case Size128:
			block128AMD64(dig, p)
		case Size160:
			block160AMD64(dig, p)
		case Size256:
			block256AMD64(dig, p)
		case Size320:
			block320AMD64(dig, p)
		}
	default:
		blockGeneric(dig, p)
	}
}

//go:noescape
func block128BMI2(dig *digest, p []byte)

//go:noescape
func block160BMI2(dig *digest, p []byte)

//go:noescape
func block256BMI2(dig *digest, p []byte)

//go:noescape
func block320BMI2(dig *digest, p []byte)

//go:noescape
func block128AMD64(dig *digest, p []byte)

//go:noescape
func block160AMD64(dig *digest, p []byte)

//go:noescape
func block256AMD64(dig *digest, p []byte)

//go:noescape
func block320AMD64(dig *digest, p []byte)
