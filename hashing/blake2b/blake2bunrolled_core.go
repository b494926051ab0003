package blake2b

// useUnrolled selects blockUnrolled, portable Go with every round written
// out (hashing/_asm/blake2bgo). It needs no CPU feature and comes first on
// every CPU: on AMD Zen 4 it ran 1243 MB/s against 893 for the avx512 core
// and 701 for golang.org/x/crypto/blake2b (in turns, 64 KiB at a time), and
// 1.18 times b2sum's best. Intel CPUs have not been measured: there the
// vector core's chain may be the shorter one (HASHDROP_DISABLE=unrolled
// tries it). Each architecture's file registers it first.
var useUnrolled bool
