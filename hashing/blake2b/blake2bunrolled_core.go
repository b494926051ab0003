package blake2b

// useUnrolled selects blockUnrolled, portable Go with every round written
// out (hashing/_asm/blake2bgo). It needs no CPU feature: it is the first
// core where there is no assembly, and second on amd64. On AMD Zen 4, in
// turns, 1 MiB at a time: the amd64 kernel 1673 MB/s, this 1238, the
// avx512 kernel 871, golang.org/x/crypto/blake2b's AVX2 700, blockGeneric
// 456. Intel CPUs have not been measured.
var useUnrolled bool
