//go:build !purego

package md5

import (
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/klauspost/cpuid/v2"
)

// The scalar assembly cores: one using ANDN (BMI1) for the G and I
// functions, and one for any x86-64.
var (
	useBMI1  = cpuid.CPU.Supports(cpuid.BMI1)
	useAMD64 = true
)

func init() {
	impl.Register("md5", "bmi1", &useBMI1)
	impl.Register("md5", "amd64", &useAMD64)
}

func block(dig *digest, p []byte) {
	switch {
	case useBMI1:
		blockBMI1(dig, p)
	case useAMD64:
		blockAMD64(dig, p)
	default:
		blockGeneric(dig, p)
	}
}

//go:noescape
func blockBMI1(dig *digest, p []byte)

//go:noescape
func blockAMD64(dig *digest, p []byte)
