package whirlpool

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
)

const family = "whirlpool"

// The test vectors of the Whirlpool reference (the first nine are also those of
// ISO/IEC 10118-3), and the 56-byte NIST string, whose digest is not in the
// reference and was taken from rhash and openssl, which agree.
var golden = []hashtest.Vector{
	{Out: "19fa61d75522a4669b44e39c1d2e1726c530232130d407f89afee0964997f7a73e83be698b288febcf88e3e03c4f0757ea8964e59b63d93708b138cc42a66eb3", In: ""},
	{Out: "8aca2602792aec6f11a67206531fb7d7f0dff59413145e6973c45001d0087b42d11bc645413aeff63a42391a39145a591a92200d560195e53b478584fdae231a", In: "a"},
	{Out: "4e2448a4c6f486bb16b6562c73b4020bf3043e3a731bce721ae1b303d97e6d4c7181eebdb6c57e277d0e34957114cbd6c797fc9d95d8b582d225292076d4eef5", In: "abc"},
	{Out: "378c84a4126e2dc6e56dcc7458377aac838d00032230f53ce1f5700c0ffb4d3b8421557659ef55c106b4b52ac5a4aaa692ed920052838f3362e86dbd37a8903e", In: "message digest"},
	{Out: "f1d754662636ffe92c82ebb9212a484a8d38631ead4238f5442ee13b8054e41b08bf2a9251c30b6a0b8aae86177ab4a6f68f673e7207865d5d9819a3dba4eb3b", In: "abcdefghijklmnopqrstuvwxyz"},
	{Out: "dc37e008cf9ee69bf11f00ed9aba26901dd7c28cdec066cc6af42e40f82f3a1e08eba26629129d8fb7cb57211b9281a65517cc879d7b962142c65f5a7af01467", In: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"},
	{Out: "466ef18babb0154d25b9d38a6414f5c08784372bccb204d6549c4afadb6014294d5bd8df2a6c44e538cd047b2681a51a2c60481e88c5a20b2c2a80cf3a9a083b", In: "1234567890", Repeat: 8},
	{Out: "2a987ea40f917061f5d6f0a0e4644f488a7a5a52deee656207c562f988e95c6916bdc8031bc5be1b7b947639fe050b56939baaa0adff9ae6745b7b181c3be3fd", In: "abcdbcdecdefdefgefghfghighijhijk"},
	{Out: "0c99005beb57eff50a7cf005560ddf5d29057fd86b20bfd62deca0f1ccea4af51fc15490eddc47af32bb2b66c34ff9ad8c6008ad677f77126953b226e4ed8b01", In: "a", Repeat: 1000000},
	{Out: "526b2394d85683e24b29acd0fd37f7d5027f61366a1407262dc2a6a345d9e240c017c1833db1e6db6a46bd444b0c69520c856e7c6e9c366d150a7da3aeb160d1", In: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"},
}

func TestGolden(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		hashtest.TestVectors(t, New, golden)
	})
}

// TestCounting checks the digests of testdata/counting.txt, computed by rhash
// and openssl, which cover every padding case of the first blocks.
func TestCounting(t *testing.T) {
	f, err := os.Open("testdata/counting.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vectors []hashtest.Vector
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		nstr, out, ok := strings.Cut(line, " ")
		n, err := strconv.Atoi(nstr)
		if !ok || err != nil {
			t.Fatalf("bad line %q", line)
		}
		in := make([]byte, n)
		for i := range in {
			in[i] = byte(i)
		}
		vectors = append(vectors, hashtest.Vector{Out: out, In: string(in)})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(vectors) < 200 {
		t.Fatalf("only %d vectors in testdata/counting.txt", len(vectors))
	}
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		hashtest.TestVectors(t, New, vectors)
	})
}

func TestHash(t *testing.T) {
	hashtest.TestAllImplementations(t, family, func(t *testing.T) {
		hashtest.TestHash(t, New, Size, BlockSize)
	})
}

// TestTables spot-checks the derived tables against values printed in the
// specification.
func TestTables(t *testing.T) {
	if got := sbox[:4]; !bytes.Equal(got, []byte{0x18, 0x23, 0xc6, 0xe8}) {
		t.Errorf("S[0..3] = %x, want 1823c6e8", got)
	}
	if got := sbox[252:]; !bytes.Equal(got, []byte{0x28, 0x5c, 0xf8, 0x86}) {
		t.Errorf("S[252..255] = %x, want 285cf886", got)
	}
	seen := map[byte]bool{}
	for _, v := range sbox {
		seen[v] = true
	}
	if len(seen) != 256 {
		t.Errorf("S-box is not a permutation")
	}
	if rc[0] != 0x1823c6e887b8014f || rc[9] != 0xca2dbf07ad5a8333 {
		t.Errorf("rc[0], rc[9] = %#x, %#x", rc[0], rc[9])
	}
	// C0 of the reference tables: S[0]=0x18 times (1,1,4,1,8,5,2,9).
	if table[0][0] != 0x18186018c07830d8 {
		t.Errorf("table[0][0] = %#x", table[0][0])
	}
}

// reference is an independent hash.Hash for the streaming tests: it keeps the
// whole message and pads it in one piece, with the length computed by math/big.
type reference struct{ msg []byte }

func (r *reference) Write(p []byte) (int, error) { r.msg = append(r.msg, p...); return len(p), nil }
func (r *reference) Reset()                      { r.msg = r.msg[:0] }
func (r *reference) Size() int                   { return Size }
func (r *reference) BlockSize() int              { return BlockSize }
func (r *reference) Sum(in []byte) []byte {
	d := new(digest)
	return append(in, padAndHash(d, r.msg, uint64(len(r.msg)))...)
}

// padAndHash hashes tail, the last partial block of a message of total bytes,
// into d with the padding built from the specification, and returns the digest.
func padAndHash(d *digest, tail []byte, total uint64) []byte {
	msg := append([]byte(nil), tail...)
	msg = append(msg, 0x80)
	for len(msg)%BlockSize != 32 {
		msg = append(msg, 0)
	}
	bits := new(big.Int).Lsh(new(big.Int).SetUint64(total), 3)
	msg = append(msg, bits.FillBytes(make([]byte, 32))...)
	blockGeneric(d, msg)
	out := make([]byte, 0, Size)
	for _, v := range d.h {
		out = binary.BigEndian.AppendUint64(out, v)
	}
	return out
}

// TestLengthCounter checks, white-box, that the byte count and the 256-bit
// length in the padding are right past 2^32 bytes (where a 32-bit counter would
// wrap) and past 2^64 bits (2^61 bytes).
func TestLengthCounter(t *testing.T) {
	state := [8]uint64{1, 2, 3, 4, 5, 6, 7, 0x0123456789abcdef}
	for _, total := range []uint64{
		1<<32 - 1, 1 << 32, 1<<32 + 5, 1<<33 + 100, 1<<40 + 63,
		1<<61 - 1, 1 << 61, 1<<61 + 33, 1<<64 - 1,
	} {
		rem := total % BlockSize
		// Pretend total-rem-64 bytes went into state already, then write a
		// block and the tail so that Write's own counting crosses the value.
		buf := make([]byte, BlockSize+rem)
		for i := range buf {
			buf[i] = byte(i*7 + 1)
		}
		d := &digest{h: state, len: total - rem - BlockSize}
		d.Write(buf)
		if d.len != total {
			t.Fatalf("after Write: len = %d, want %d", d.len, total)
		}
		got := d.Sum(nil)

		ref := &digest{h: state}
		blockGeneric(ref, buf[:BlockSize])
		want := padAndHash(ref, buf[BlockSize:], total)
		if !bytes.Equal(got, want) {
			t.Errorf("total %d bytes: got %x, want %x", total, got, want)
		}
	}
}

func TestAllocs(t *testing.T) {
	if n := testing.AllocsPerRun(10, func() { New() }); n > 1 {
		t.Errorf("New allocates %v times", n)
	}
}

// FuzzWrite streams fuzz-chosen data in fuzz-chosen chunks through every core
// and compares with the reference, which pads the whole message at once.
func FuzzWrite(f *testing.F) {
	f.Add([]byte("abc"), []byte{0})
	f.Add(bytes.Repeat([]byte{0xa5}, 200), []byte{31, 0, 63, 64, 65})
	f.Add(make([]byte, 1000), []byte{127, 1})
	f.Fuzz(func(t *testing.T, data, chunkSizes []byte) {
		chunks := make([]int, len(chunkSizes))
		for i, c := range chunkSizes {
			chunks[i] = int(c)
		}
		for _, name := range impl.Available(family) {
			if !impl.Select(family, name) {
				t.Fatalf("cannot select %s", name)
			}
			hashtest.CompareStreams(t, data, chunks, &reference{}, New())
			impl.Reset(family)
		}
	})
}

func BenchmarkHash(b *testing.B) {
	hashtest.BenchmarkImplementations(b, family, hashtest.Named{Name: "whirlpool", New: New})
}
