package main

import "github.com/hashdrop/hashdrop/hashing/internal/ripemdspec"

// The constants of the specification, shared with the portable cores in
// hashing/ripemd; the tests there check the generated cores against them.
var (
	rL, rR = ripemdspec.RL, ripemdspec.RR
	sL, sR = ripemdspec.SL, ripemdspec.SR

	kL, kR160, kR128 = ripemdspec.KL, ripemdspec.KR160, ripemdspec.KR128
)
