// Package apptest is test support shared by the packages of app and nothing
// else: digests of "abc" from the specifications, files and folders made for
// a test, a download folder signed with a key made by gpg. It imports no
// package of app, so that each one's own tests can use it.
package apptest

import (
	"encoding/hex"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/signature/sigtest"
	"github.com/hashdrop/hashdrop/hashing"
)

// Digests of "abc", from the specifications and coreutils.
const (
	ABCSHA256    = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	ABCSHA512    = "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
	ABCMD5       = "900150983cd24fb0d6963f7d28e17f72"
	ABCSHA1      = "a9993e364706816aba3e25717850c26c9cd0d89d"
	ABCCRC32     = "352441c2"
	ABCBase64    = "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="
	ABCBase64URL = "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0"
)

// Alg returns the algorithm with id, failing the test run if there is none.
func Alg(id string) *hashing.Algorithm {
	a, ok := hashing.Lookup(id)
	if !ok {
		panic("no algorithm " + id)
	}
	return a
}

// Algs maps ids to algorithms.
func Algs(ids ...string) []*hashing.Algorithm {
	out := make([]*hashing.Algorithm, len(ids))
	for i, id := range ids {
		out[i] = Alg(id)
	}
	return out
}

// Sum is the digest of data with algorithm id.
func Sum(id string, data []byte) []byte {
	h := Alg(id).New()
	h.Write(data)
	return h.Sum(nil)
}

func Hex(id string, data []byte) string { return hex.EncodeToString(Sum(id, data)) }

func RandomBytes(n int, seed uint64) []byte {
	b := make([]byte, n)
	rand.NewChaCha8([32]byte{byte(seed), byte(seed >> 8), 'h', 'd'}).Read(b)
	return b
}

// SumWith hashes data with a without the pipeline.
func SumWith(a *hashing.Algorithm, data []byte) []byte {
	h := a.New()
	h.Write(data)
	return h.Sum(nil)
}

// AwkwardNames, are file names that need care in checksum files.
var AwkwardNames = []string{"plain.iso", "with space.txt", `back\slash`, "new\nline", "cr\rname", "ünï ☃ 日本.txt", " lead", "paren (1)) = x", "sub/deep.bin"}

// AwkwardFiles, makes a folder holding a file of each of awkwardNames, the
// i-th one of i bytes.
func AwkwardFiles(t *testing.T) string {
	t.Helper()
	files := map[string]string{}
	for i, n := range AwkwardNames {
		files[n] = strings.Repeat("x", i)
	}
	if runtime.GOOS == "windows" {
		t.Skip("names with backslashes and newlines are not possible here")
	}
	return Tree(t, files)
}

func Tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// SignedFolder is a download folder with a signing key made by gpg.
type SignedFolder struct {
	Dir  string
	G    *sigtest.GnuPG
	Fpr  string
	Ring *signature.Keyring // the key, as a shipped publisher's ("Example")
}

func NewSignedFolder(t *testing.T) *SignedFolder {
	t.Helper()
	g := sigtest.NewGnuPG(t)
	t.Cleanup(g.Close)
	fpr := g.GenKey("Example Release <release@example.org>", "ed25519", "sign", "never")
	ks, err := signature.ReadKeys(g.Export(false, fpr))
	if err != nil {
		t.Fatal(err)
	}
	ks[0].Origin, ks[0].Publisher = signature.Shipped, "Example"
	ring := &signature.Keyring{}
	ring.Add(ks...)
	return &SignedFolder{Dir: t.TempDir(), G: g, Fpr: fpr, Ring: ring}
}

func (s *SignedFolder) Write(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(s.Dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const ISOData = "an ISO image\n"

func (s *SignedFolder) Sums() []byte {
	return []byte(Hex("sha256", []byte(ISOData)) + "  ubuntu.iso\n" + Hex("sha256", []byte("other")) + "  other.iso\n")
}

// LiveHeap, is the bytes the heap holds after a collection.
func LiveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// HangDetector, is how long a test waits for something that should happen
// at once before calling it a hang; it is no speed bound.
const HangDetector = 30 * time.Second
