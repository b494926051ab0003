package compare

import (
	"slices"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

func alg(t *testing.T, id string) *hashing.Algorithm {
	t.Helper()
	a, ok := hashing.Lookup(id)
	if !ok {
		t.Fatalf("no algorithm %s", id)
	}
	return a
}

// file is a file of the given content, hashed with ids, done.
func file(t *testing.T, content string, ids ...string) File {
	t.Helper()
	f := File{Size: int64(len(content)), Done: true}
	for _, id := range ids {
		a := alg(t, id)
		h := a.New()
		h.Write([]byte(content))
		f.Digests = append(f.Digests, app.Digest{Algorithm: a, Sum: h.Sum(nil)})
	}
	return f
}

func TestIdenticalNamesTheStrongestAlgorithmEveryFileHas(t *testing.T) {
	a := file(t, "same bytes", "crc32", "md5", "sha256", "sha512")
	b := file(t, "same bytes", "crc32", "sha256", "md5") // no SHA-512: SHA-256 decides
	r := Compare([]File{a, b})
	if r.Outcome != Identical || r.Algorithm.ID != "sha256" || r.Weak {
		t.Fatalf("got %v by %v (weak %v), want identical by SHA-256, not weak", r.Outcome, r.Algorithm, r.Weak)
	}
	if !slices.Equal(r.Groups[0], []int{0, 1}) || len(r.Groups) != 1 {
		t.Errorf("groups %v, want one of both", r.Groups)
	}
	if got := Summary(r, []string{"a.iso", "b.iso"}); got != "identical: a.iso and b.iso have the same size and the same SHA-256" {
		t.Errorf("summary %q", got)
	}
}

func TestIdenticalByCRC32IsWeak(t *testing.T) {
	r := Compare([]File{file(t, "x", "crc32"), file(t, "x", "crc32")})
	if r.Outcome != Identical || !r.Weak {
		t.Fatalf("got %v weak %v, want identical and weak", r.Outcome, r.Weak)
	}
	if got := Summary(r, []string{"a", "b"}); !strings.Contains(got, "CRC32 only catches accidental damage") {
		t.Errorf("summary %q, want the weakness said", got)
	}
}

func TestDifferentContentOfOneSize(t *testing.T) {
	r := Compare([]File{file(t, "abc", "sha256"), file(t, "abd", "sha256")})
	if r.Outcome != Differ || r.SizesDiffer || r.Algorithm.ID != "sha256" || len(r.Groups) != 2 {
		t.Fatalf("got %+v, want differ by SHA-256 in two groups, sizes the same", r)
	}
	if got := Summary(r, []string{"a", "b"}); got != "differ: a and b are not the same (SHA-256 differs)" {
		t.Errorf("summary %q", got)
	}
}

func TestThreeFilesInTwoGroups(t *testing.T) {
	files := []File{file(t, "one", "sha256"), file(t, "two", "sha256"), file(t, "one", "sha256")}
	r := Compare(files)
	if r.Outcome != Differ || len(r.Groups) != 2 || !slices.Equal(r.Groups[0], []int{0, 2}) || !slices.Equal(r.Groups[1], []int{1}) {
		t.Fatalf("got %v %v, want differ, groups [[0 2] [1]]", r.Outcome, r.Groups)
	}
	if r.GroupOf(2) != 0 || r.GroupOf(1) != 1 {
		t.Errorf("GroupOf: %d %d", r.GroupOf(2), r.GroupOf(1))
	}
	want := "differ: 3 files in 2 groups by size and SHA-256, the first column: 1: a, c; 2: b"
	if got := Summary(r, []string{"a", "b", "c"}); got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
}

// Sizes that differ decide before anything is read; the groups are by
// size until the digests are known.
func TestSizesDifferBeforeReading(t *testing.T) {
	files := []File{{Size: 10}, {Size: 11}, {Size: 10}}
	r := Compare(files)
	if r.Outcome != Differ || !r.SizesDiffer || r.Algorithm != nil {
		t.Fatalf("got %+v, want differ by size, no algorithm", r)
	}
	if !slices.Equal(r.Groups[0], []int{0, 2}) || !slices.Equal(r.Groups[1], []int{1}) {
		t.Errorf("groups %v, want by size [[0 2] [1]]", r.Groups)
	}
	two := Compare([]File{{Size: 10}, {Size: 11}})
	if got := Summary(two, []string{"a", "b"}); got != "differ: a and b are not the same size" {
		t.Errorf("summary %q", got)
	}
}

// Of one size and not all read, there is no verdict yet; a file of
// unknown size (standard input) makes no size difference.
func TestPendingUntilEveryFileIsDone(t *testing.T) {
	a := file(t, "abc", "sha256")
	b := File{Size: 3}
	if r := Compare([]File{a, b}); r.Outcome != Pending {
		t.Errorf("one file not read: %v, want pending", r.Outcome)
	}
	b = file(t, "abc", "sha256")
	b.Size = -1
	if r := Compare([]File{a, b}); r.Outcome != Identical {
		t.Errorf("size unknown, digests the same: %v, want identical", r.Outcome)
	}
}

// A file that failed is left out: the others are still compared.
func TestFailedFilesAreLeftOut(t *testing.T) {
	files := []File{file(t, "x", "sha256"), {Failed: true, Size: -1}, file(t, "x", "sha256")}
	r := Compare(files)
	if r.Outcome != Identical || !slices.Equal(r.Groups[0], []int{0, 2}) || r.GroupOf(1) != -1 {
		t.Fatalf("got %v %v, want the two read identical, the failed one in no group", r.Outcome, r.Groups)
	}
	if r := Compare(files[:2]); r.Outcome != TooFew {
		t.Errorf("one file read: %v, want too few", r.Outcome)
	}
}
