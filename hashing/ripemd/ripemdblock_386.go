//go:build !purego

package ripemd

import "github.com/hashdrop/hashdrop/hashing/internal/impl"

// The scalar 386 cores run on any 386 CPU Go supports; see the generator
// (hashing/_asm/x86) for how they fit two lines into seven registers.
var use386 bool

func init() {
	impl.Register("ripemd", "386", &use386)
}

func block(dig *digest, p []byte) {
	if !use386 {
		blockGeneric(dig, p)
		return
	}
	switch dig.size {
	case Size128:
		block128X86(dig, p)
	case Size160:
		block160X86(dig, p)
	case Size256:
		block256X86(dig, p)
	case Size320:
		block320X86(dig, p)
	}
}

//go:noescape
func block128X86(dig *digest, p []byte)

//go:noescape
func block160X86(dig *digest, p []byte)

//go:noescape
func block256X86(dig *digest, p []byte)

//go:noescape
func block320X86(dig *digest, p []byte)
