//go:build opensslpeer && cgo

package opensslpeer

import (
	"bytes"
	"flag"
	"fmt"
	"hash"
	"os"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/hashdrop/hashdrop/hashing"
	"github.com/hashdrop/hashdrop/hashing/internal/hashtest"
)

var (
	algorithms = flag.String("algorithms", "sha256,sha1", "algorithms to compare with OpenSSL: a comma list of "+strings.Join(names(), ", "))
	size       = flag.Int("size", 256<<10, "bytes in each message (pipeline pieces are 256 KiB; openssl speed's are 16 KiB)")
	messages   = flag.Int("n", 400, "messages each contender hashes")
)

// openSSLName is OpenSSL's name of each algorithm it shares with Hashdrop.
var openSSLName = map[string]string{
	"md5": "MD5", "sha1": "SHA1", "sha224": "SHA224", "sha256": "SHA256", "sha384": "SHA384", "sha512": "SHA512",
	"sha3-224": "SHA3-224", "sha3-256": "SHA3-256", "sha3-384": "SHA3-384", "sha3-512": "SHA3-512",
}

func names() []string {
	var out []string
	for id := range openSSLName {
		out = append(out, id)
	}
	return out
}

// TestOpenSSLAgrees checks the wrapper: OpenSSL and Hashdrop give the same
// digests, across writes of every size around a block and a Sum that does not
// end the stream.
func TestOpenSSLAgrees(t *testing.T) {
	for id, name := range openSSLName {
		a, _ := hashing.Lookup(id)
		theirs, err := newEVP(name)
		if err != nil {
			t.Fatal(err)
		}
		ours := a.New()
		msg := make([]byte, 3000)
		for i := range msg {
			msg[i] = byte(i*7 + len(id))
		}
		for k := 1; k < 300; k += 37 {
			for p := msg; len(p) > 0; p = p[min(k, len(p)):] {
				ours.Write(p[:min(k, len(p))])
				theirs.Write(p[:min(k, len(p))])
				if o, s := ours.Sum(nil), theirs.Sum(nil); !bytes.Equal(o, s) {
					t.Fatalf("%s, writes of %d bytes: Hashdrop %x, OpenSSL %x", id, k, o, s)
				}
			}
			ours.Reset()
			theirs.Reset()
		}
	}
}

// TestKernelsAgainstOpenSSL times Hashdrop's core in use and OpenSSL's in
// turns and prints MB/s and cycles a block; a core slower than OpenSSL's at
// the fastest 10 % of messages is marked. It measures; it fails only when a
// digest differs or a name is unknown.
func TestKernelsAgainstOpenSSL(t *testing.T) {
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "ALGORITHM\tCONTENDER\tp1 MB/s\tp10\tp50\tp10 cycles/block\tp50\tp10 Hashdrop/OpenSSL\t\n")
	for _, id := range strings.Split(*algorithms, ",") {
		a, ok := hashing.Lookup(id)
		name, peer := openSSLName[a.ID]
		if !ok || !peer {
			t.Fatalf("%q: not an algorithm OpenSSL shares with Hashdrop (%s)", id, strings.Join(names(), ", "))
		}
		theirs, err := newEVP(name)
		if err != nil {
			t.Fatal(err)
		}
		cs := []hashtest.Contender{
			{Name: "hashdrop " + a.Core(), New: a.New},
			{Name: "openssl", New: func() hash.Hash { return theirs }},
		}
		res := hashtest.AlternateClocked(*size, *messages, cs)
		block := float64(a.New().BlockSize())
		for i, r := range res {
			fmt.Fprintf(w, "%s\t%s\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t", a.ID, r.Name, r.P1, r.P10, r.P50, r.C10*block, r.C50*block)
			if i == 0 {
				ratio := res[0].P10 / res[1].P10
				mark := ""
				if ratio < 0.99 {
					mark = " SLOWER than OpenSSL"
				}
				fmt.Fprintf(w, "%.3f%s\t", ratio, mark)
			} else {
				fmt.Fprint(w, "\t") // an empty cell keeps the column aligned
			}
			fmt.Fprintln(w)
		}
	}
	w.Flush()
	fmt.Printf("%d messages of %d bytes per contender, in turns; cycles from a clock measured before each round\n", *messages, *size)
}
