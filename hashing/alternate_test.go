package hashing

import (
	stdmd5 "crypto/md5"
	stdsha1 "crypto/sha1"
	stdsha256 "crypto/sha256"
	stdsha3 "crypto/sha3"
	stdsha512 "crypto/sha512"
	"flag"
	"fmt"
	"hash"
	stdcrc32 "hash/crc32"
	"os"
	"testing"
	"text/tabwriter"

	"github.com/hashdrop/hashdrop/hashing/blake2b"
	"github.com/hashdrop/hashdrop/hashing/blake3"
	"github.com/hashdrop/hashdrop/hashing/crc32"
	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
	"github.com/hashdrop/hashdrop/hashing/internal/impl"
	"github.com/hashdrop/hashdrop/hashing/md5"
	"github.com/hashdrop/hashdrop/hashing/ripemd"
	"github.com/hashdrop/hashdrop/hashing/sha1"
	"github.com/hashdrop/hashdrop/hashing/sha256"
	"github.com/hashdrop/hashdrop/hashing/sha3"
	"github.com/hashdrop/hashdrop/hashing/sha512"
	"github.com/hashdrop/hashdrop/hashing/whirlpool"
	"github.com/hashdrop/hashdrop/hashing/xxh3"
	"github.com/hashdrop/hashdrop/hashing/xxh32"
	"github.com/hashdrop/hashdrop/hashing/xxh64"
)

var (
	alternate     = flag.String("alternate", "", "algorithms to measure with TestAlternate: a comma list, or all")
	alternateSize = flag.Int("alternate.size", 16<<10, "bytes in each message of TestAlternate")
	alternateN    = flag.Int("alternate.n", 3000, "messages each contender of TestAlternate hashes")
)

// implementations maps each algorithm to Hashdrop's own constructor, whose
// digests run the family's selected core, and to the Go standard library's,
// where it has the algorithm.
var implementations = map[string]struct{ own, std func() hash.Hash }{
	"crc32":     {func() hash.Hash { return crc32.New() }, func() hash.Hash { return stdcrc32.NewIEEE() }},
	"md5":       {md5.New, stdmd5.New},
	"sha1":      {sha1.New, stdsha1.New},
	"sha224":    {sha256.New224, stdsha256.New224},
	"sha256":    {sha256.New, stdsha256.New},
	"sha384":    {sha512.New384, stdsha512.New384},
	"sha512":    {sha512.New, stdsha512.New},
	"sha3-224":  {sha3.New224, func() hash.Hash { return stdsha3.New224() }},
	"sha3-256":  {sha3.New256, func() hash.Hash { return stdsha3.New256() }},
	"sha3-384":  {sha3.New384, func() hash.Hash { return stdsha3.New384() }},
	"sha3-512":  {sha3.New512, func() hash.Hash { return stdsha3.New512() }},
	"ripemd128": {ripemd.New128, nil},
	"ripemd160": {ripemd.New160, nil},
	"ripemd256": {ripemd.New256, nil},
	"ripemd320": {ripemd.New320, nil},
	"whirlpool": {whirlpool.New, nil},
	// The libraries some of these run are their cores (impl), not "std".
	"blake2b":     {blake2b.New512, nil},
	"blake2b-256": {blake2b.New256, nil},
	"blake3":      {blake3.New, nil},
	"xxh32":       {func() hash.Hash { return xxh32.New() }, nil},
	"xxh64":       {xxh64.New, nil},
	"xxh3":        {xxh3.New, nil},
	"xxh128":      {xxh3.New128, nil},
}

func TestImplementationsCoverTheRegistry(t *testing.T) {
	for _, a := range All() {
		if _, ok := implementations[a.ID]; !ok {
			t.Errorf("%s: no entry in implementations", a.ID)
		}
	}
}

// TestAlternate compares every core of each algorithm this CPU can run, and
// the standard library's code, message by message in turns
// (hashtest.Alternate), which holds on a machine whose speed drifts:
//
//	go test -v -run Alternate ./hashing -alternate=sha512,md5
//
// Each line gives MB/s at the fastest 1 %, 10 % and half of the messages,
// and the first of those over the same figure of the core in use ("*").
func TestAlternate(t *testing.T) {
	if *alternate == "" {
		t.Skip("measures only when -alternate names algorithms")
	}
	algs, err := ParseList(*alternate)
	if err != nil {
		t.Fatal(err)
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "ALGORITHM\tCONTENDER\tp1 MB/s\tp10\tp50\tp1 ratio\t\n")
	for _, a := range algs {
		imp := implementations[a.ID]
		var cs []hashtest.Contender
		for _, core := range impl.Available(a.family) {
			cs = append(cs, hashtest.Contender{Name: core, Use: func() { impl.Select(a.family, core) }, New: imp.own})
		}
		if imp.std != nil {
			cs = append(cs, hashtest.Contender{Name: "go-std", New: imp.std})
		}
		res := hashtest.Alternate(*alternateSize, *alternateN, cs)
		impl.Reset(a.family)

		inUse := a.Core()
		if a.CoreInferred() {
			inUse = "go-std"
		}
		base := 0.0
		for _, r := range res {
			if r.Name == inUse {
				base = r.P1
			}
		}
		for _, r := range res {
			mark := ""
			if r.Name == inUse {
				mark = "*"
			}
			fmt.Fprintf(w, "%s\t%s%s\t%.1f\t%.1f\t%.1f\t%.3f\t\n", a.ID, mark, r.Name, r.P1, r.P10, r.P50, r.P1/base)
		}
	}
	w.Flush()
	fmt.Printf("%d messages of %d bytes per contender, in turns\n", *alternateN, *alternateSize)
}
