package checksum

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// FuzzParseSums: any bytes under any name give a File or a *ReadError,
// never a panic or a hang; every entry and problem has a line number inside
// the file, in order, every entry that is not skipped has candidates of
// its digest's length, and a streamed file's EntryAt gives every entry as
// the whole parse does, also when it is read again from the disk in blocks
// of any size.
func FuzzParseSums(f *testing.F) {
	seeds := []struct{ name, text string }{
		{"SHA256SUMS", apptest.ABCSHA256 + "  a\n" + apptest.ABCSHA256 + " *b\n"},
		{"x.md5", `\` + apptest.ABCMD5 + `  a\\b\nc` + "\r\n"},
		{"CHECKSUM", "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nSHA256 (a) = " + apptest.ABCSHA256 + "\n- x\n-----BEGIN PGP SIGNATURE-----\nx\n-----END PGP SIGNATURE-----\nafter\n"},
		{"x.sfv", "; c\nname with space 352441C2\n"},
		{"x.DIGESTS", "# SHA512 HASH\n" + apptest.ABCSHA512 + "  a\n# BLAKE2B HASH\n" + apptest.ABCSHA512 + "  a\n"},
		{"CHECKSUMS", "SHA256 (new\nline) = " + apptest.ABCSHA256 + "\nSHA2-256(x)= " + apptest.ABCSHA256 + "\nBLAKE2b (y) = " + apptest.ABCSHA512 + "\n"},
		{"w.sha256", string(utf16With(true, false, apptest.ABCSHA256+" *a\\b\r\n"))},
		{"x", "\ufeff" + apptest.ABCCRC32 + "  z\n\n#\n"},
		{"SHA256SUMS", "SHA256 (a"},
	}
	for _, s := range seeds {
		f.Add(s.name, []byte(s.text))
	}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		if strings.ContainsAny(name, "/\\\x00") {
			return
		}
		sf, err := Parse(name, data)
		if name != "" && name != "." && name != ".." && len(name) < 200 {
			readAgainAsParsed(t, name, data, sf, err)
		}
		if err != nil {
			if _, ok := err.(*ReadError); !ok {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		lines := 1 + strings.Count(string(data), "\n") + len(data) // generous bound (UTF-16 changes counts)
		last := 0
		for _, e := range sf.Entries {
			if e.Line < 1 || e.Line > lines || e.Line < last {
				t.Fatalf("entry line %d after %d", e.Line, last)
			}
			last = e.Line
			if e.Name == "" {
				t.Fatal("entry without a name")
			}
			if e.Unsupported != "" {
				continue
			}
			if len(e.Algorithms) == 0 {
				t.Fatalf("line %d: no algorithm", e.Line)
			}
			for _, a := range e.Algorithms {
				if a.Size != len(e.Sum) {
					t.Fatalf("line %d: %s for %d bytes", e.Line, a.ID, len(e.Sum))
				}
			}
		}
		// Streamed, the same entries, each parsed again on its own.
		st, _, err := parseSumsAs(name, data, streamEntries)
		if err != nil || st.EntryCount != len(sf.Entries) || st.ProblemCount != len(sf.Problems) {
			t.Fatalf("streamed: %v, %d entries and %d problems, want %d and %d", err, st.EntryCount, st.ProblemCount, len(sf.Entries), len(sf.Problems))
		}
		for i := range sf.Entries {
			if got := st.EntryAt(i); !reflect.DeepEqual(got, sf.Entries[i]) {
				t.Fatalf("EntryAt(%d) = %+v, want %+v", i, got, sf.Entries[i])
			}
		}
		last = 0
		for _, p := range sf.Problems {
			if p.Line < 1 || p.Line > lines || p.Line < last || LineWords(p) == "" {
				t.Fatalf("problem %v after line %d", p, last)
			}
			last = p.Line
		}
	})
}

// readAgainAsParsed fails unless the checksum file name holding data, read
// again from the disk in blocks (of a size data chooses), gives what
// parsing it whole gave (whole, or the error err).
func readAgainAsParsed(t *testing.T, name string, data []byte, whole *File, err error) {
	block := 1 + len(data)%67
	if len(data) > 4<<10 {
		block += len(data) / 64 // a block is a reopening: a large input in tiny blocks would starve the fuzzer
	}
	rereadAll(t, block)
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	sf, _, _, got := readSumsAs(path, streamEntries)
	if err != nil || got != nil {
		if app.CauseOf(err) != app.CauseOf(got) {
			t.Fatalf("read again: %v, whole: %v", got, err)
		}
		return
	}
	if sf.EntryCount != len(whole.Entries) || sf.ProblemCount != len(whole.Problems) {
		t.Fatalf("read again: %d entries and %d problems, want %d and %d", sf.EntryCount, sf.ProblemCount, len(whole.Entries), len(whole.Problems))
	}
	for i := range whole.Entries {
		if e := sf.EntryAt(i); !reflect.DeepEqual(e, whole.Entries[i]) {
			t.Fatalf("read again: EntryAt(%d) = %+v, want %+v", i, e, whole.Entries[i])
		}
	}
	if !reflect.DeepEqual(sf.Problems, whole.Problems[:min(len(whole.Problems), maxKeptProblems)]) {
		t.Fatalf("read again: problems %+v, want %+v", sf.Problems, whole.Problems)
	}
}
