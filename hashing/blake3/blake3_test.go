package blake3

import (
	"bytes"
	"encoding/hex"
	"hash"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

// The BLAKE3 team's test_vectors.json (BLAKE3-team/BLAKE3, test_vectors/):
// the input of length n is the bytes i mod 251; the hash is the first 32
// bytes of its "hash" output. b3sum 1.2.0 prints the same.
var official = []struct {
	n   int
	out string
}{
	{0, "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"},
	{1, "2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213"},
	{1023, "10108970eeda3eb932baac1428c7a2163b0e924c9a9e25b35bba72b28f70bd11"},
	{1024, "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7"},
	{1025, "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444"},
	{2048, "e776b6028c7cd22a4d0ba182a8bf62205d2ef576467e838ed6f2529b85fba24a"},
	{2049, "5f4d72f40d7a5f82b15ca2b2e44b1de3c2ef86c426c95c1af0b6879522563030"},
	{3072, "b98cb0ff3623be03326b373de6b9095218513e64f1ee2edd2525c7ad1e5cffd2"},
	{3073, "7124b49501012f81cc7f11ca069ec9226cecb8a2c850cfe644e327d22d3e1cd3"},
	{4096, "015094013f57a5277b59d8475c0501042c0b642e531b0a1c8f58d2163229e969"},
	{4097, "9b4052b38f1c5fc8b1f9ff7ac7b27cd242487b3d890d15c96a1c25b8aa0fb995"},
	{5120, "9cadc15fed8b5d854562b26a9536d9707cadeda9b143978f319ab34230535833"},
	{5121, "628bd2cb2004694adaab7bbd778a25df25c47b9d4155a55f8fbd79f2fe154cff"},
	{6144, "3e2e5b74e048f3add6d21faab3f83aa44d3b2278afb83b80b3c35164ebeca205"},
	{6145, "f1323a8631446cc50536a9f705ee5cb619424d46887f3c376c695b70e0f0507f"},
	{7168, "61da957ec2499a95d6b8023e2b0e604ec7f6b50e80a9678b89d2628e99ada77a"},
	{7169, "a003fc7a51754a9b3c7fae0367ab3d782dccf28855a03d435f8cfe74605e7817"},
	{8192, "aae792484c8efe4f19e2ca7d371d8c467ffb10748d8a5a1ae579948f718a2a63"},
	{8193, "bab6c09cb8ce8cf459261398d2e7aef35700bf488116ceb94a36d0f5f1b7bc3b"},
	{16384, "f875d6646de28985646f34ee13be9a576fd515f76b5b0a26bb324735041ddde4"},
	{31744, "62b6960e1a44bcc1eb1a611a8d6235b6b4b78f32e7abc4fb4c6cdcce94895c47"},
	{102400, "bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085"},
}

func pattern(n int) []byte {
	p := make([]byte, n)
	for i := range p {
		p[i] = byte(i % 251)
	}
	return p
}

func TestVectors(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		for _, v := range official {
			for _, workers := range []int{1, 3} {
				h := NewParallel(workers)
				h.Write(pattern(v.n))
				if got := hex.EncodeToString(h.Sum(nil)); got != v.out {
					t.Errorf("%d bytes, %d workers: %s, want %s", v.n, workers, got, v.out)
				}
			}
		}
		// b3sum 1.2.0 on "abc" and on one million 'a'.
		hashtest.TestVectors(t, New, []hashtest.Vector{
			{Out: "6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85", In: "abc"},
			{Out: "616f575a1b58d4c9797d4217b9730ae5e6eb319d76edef6549b46f4efe31ff8b", In: "a", Repeat: 1000000},
		})
	})
}

func TestHash(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) { hashtest.TestHash(t, New, Size, BlockSize) })
}

// TestSubtreeKernels compares every core's group kernel with the portable
// one on every length of a group at chunk-boundary and block-boundary
// cutoffs, at counters with high bits set.
func TestSubtreeKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	var buf [groupLen]byte
	for i := range buf {
		buf[i] = byte(rng.Uint32())
	}
	var lengths []int
	for c := 0; c <= groupChunks; c++ {
		for _, d := range []int{-65, -64, -63, -1, 0, 1, 63, 64, 65} {
			if n := c*chunkLen + d; n >= 1 && n <= groupLen {
				lengths = append(lengths, n)
			}
		}
	}
	hashtest.TestCores(t, family, func(t *testing.T) {
		for _, n := range lengths {
			for _, counter := range []uint64{0, 16, 1 << 32, 0xffff_fff0_0000_0010} {
				if got, want := subtree(&buf, n, counter), subtreeGeneric(&buf, n, counter); got != want {
					t.Fatalf("%d bytes at chunk %d: %v, generic %v", n, counter, got, want)
				}
			}
		}
	})
}

// TestEveryLength compares every core's group kernel with the portable
// one on every length up to six chunks and a block, and on random lengths
// up to a group, at counters whose low half overflows inside the group.
func TestEveryLength(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	var buf [groupLen]byte
	for i := range buf {
		buf[i] = byte(rng.Uint32())
	}
	lengths := make([]int, 0, 7000)
	for n := 0; n <= 6*chunkLen+BlockSize+1; n++ {
		lengths = append(lengths, n)
	}
	for range 300 {
		lengths = append(lengths, rng.IntN(groupLen+1))
	}
	hashtest.TestCores(t, family, func(t *testing.T) {
		for _, n := range lengths {
			for _, counter := range []uint64{0, 1<<32 - 2, 1<<64 - 3} {
				if got, want := subtree(&buf, n, counter), subtreeGeneric(&buf, n, counter); got != want {
					t.Fatalf("%d bytes at chunk %#x: %v, generic %v", n, counter, got, want)
				}
			}
		}
	})
}

// TestAgainstGeneric compares every core with the portable twin on lengths
// around the chunk and group cutoffs, and NewParallel's hashes with New's
// on large writes in random pieces.
func TestAgainstGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	data := make([]byte, 3<<20)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	generic := func(p []byte) []byte {
		impl.Select(family, impl.Generic)
		defer impl.Reset(family)
		h := New()
		h.Write(p)
		return h.Sum(nil)
	}
	var lengths []int
	for _, g := range []int{1, 2, 3, 4, 7, 8, 9, 33} {
		for _, d := range []int{-1025, -1024, -1, 0, 1, 1024, 1025} {
			lengths = append(lengths, g*groupLen+d)
		}
	}
	want := map[int][]byte{}
	for _, n := range lengths {
		want[n] = generic(data[:n])
	}
	wantAll := generic(data)
	hashtest.TestCores(t, family, func(t *testing.T) {
		for _, n := range lengths {
			h := New()
			h.Write(data[:n])
			if got := h.Sum(nil); !bytes.Equal(got, want[n]) {
				t.Fatalf("%d bytes: %x, generic %x", n, got, want[n])
			}
		}
		for _, workers := range []int{1, 2, 3, 8} {
			h := NewParallel(workers)
			for rest := data; len(rest) > 0; {
				k := min(rng.IntN(600<<10), len(rest))
				h.Write(rest[:k])
				rest = rest[k:]
			}
			if got := h.Sum(nil); !bytes.Equal(got, wantAll) {
				t.Fatalf("%d workers, 3 MiB in random pieces: %x, generic %x", workers, got, wantAll)
			}
		}
	})
}

// TestActiveCore fails when this CPU can run a faster core than the one
// the dispatch hands out (those HASHDROP_DISABLE names aside).
func TestActiveCore(t *testing.T) {
	got, want := impl.Active(family), expectedCore(strings.Split(strings.ToLower(os.Getenv("HASHDROP_DISABLE")), ","))
	t.Logf("active core %s", got)
	if got != want {
		t.Errorf("active core is %s on this CPU, want %s", got, want)
	}
}

// FuzzBlock compares the group kernel in use with the portable one on
// fuzz-chosen input, length and counter.
func FuzzBlock(f *testing.F) {
	f.Add([]byte("abc"), uint16(3), uint64(0))
	f.Add(make([]byte, 5000), uint16(groupLen), uint64(1<<40))
	f.Fuzz(func(t *testing.T, data []byte, n uint16, counter uint64) {
		var buf [groupLen]byte
		copy(buf[:], data)
		k := int(n)%groupLen + 1
		counter &^= groupChunks - 1
		if got, want := subtree(&buf, k, counter), subtreeGeneric(&buf, k, counter); got != want {
			t.Fatalf("%d bytes at chunk %d: %v, generic %v", k, counter, got, want)
		}
	})
}

// fuzzStream is the body of FuzzWrite and FuzzParallel: fuzz-chosen data,
// repeated a fuzz-chosen number of times to cross groups with small inputs
// (the fuzzer slows down on large ones), streamed in fuzz-chosen pieces
// into the core in use with the given number of workers, against the
// portable twin.
func fuzzStream(t *testing.T, workers int, data, chunks []byte, reps uint8) {
	if len(data) > 4096 {
		data = data[:4096]
	}
	data = bytes.Repeat(data, 1+int(reps))
	cs := make([]int, len(chunks))
	for i, c := range chunks {
		cs[i] = int(c) * 97
	}
	impl.Select(family, impl.Generic)
	g := New()
	g.Write(data)
	impl.Reset(family)
	h := newDigest(workers)
	hashtest.CompareStreams(t, data, cs, h)
	if got, want := h.Sum(nil), g.Sum(nil); !bytes.Equal(got, want) {
		t.Fatalf("%d workers: %x, generic %x", workers, got, want)
	}
}

func FuzzWrite(f *testing.F) {
	f.Add([]byte("abc"), []byte{1, 2, 3}, uint8(0))
	f.Add(make([]byte, 1000), []byte{255, 0, 64}, uint8(40))
	f.Fuzz(func(t *testing.T, data, chunks []byte, reps uint8) { fuzzStream(t, 1, data, chunks, reps) })
}

// FuzzParallel is FuzzWrite with three workers. Its goroutines make the
// fuzzer slow (a few hundred inputs a minute on a busy machine, where the
// same inputs take a millisecond in a test), so it is a target of its own.
func FuzzParallel(f *testing.F) {
	f.Add([]byte("abc"), []byte{}, uint8(255))
	f.Add(make([]byte, 1000), []byte{}, uint8(200))
	f.Fuzz(func(t *testing.T, data, chunks []byte, reps uint8) { fuzzStream(t, 3, data, chunks, reps) })
}

// BenchmarkHash measures every core, on one goroutine and (parallel2) on
// two: go test -run '^$' -bench Hash ./hashing/blake3
func BenchmarkHash(b *testing.B) {
	hashtest.BenchmarkImplementations(b, family, hashtest.Named{Name: "blake3", New: New},
		hashtest.Named{Name: "parallel2", New: func() hash.Hash { return NewParallel(2) }})
}
