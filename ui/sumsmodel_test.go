package ui

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// The checksum-file view keeps a few bytes an entry, whatever the entry,
// and not the text of a checksum file over a megabyte: a 64 MiB SFV file
// took 2 GB when it kept every entry, its result and a row's worth of
// strings, and 300 MB of the window's 310 while it kept its text.
func TestChecksumViewMemoryPerEntry(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	const n = 50_000
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "downloads/f%07d.bin %08x\n", i, uint32(i)*2654435761) // all missing: memory, not hashing
	}
	size := b.Len()
	sums := writeFile(t, filepath.Join(dir, "big.sfv"), b.String())
	b = strings.Builder{}
	// A small file first: what any check needs (fonts, glyphs) is then loaded.
	small := writeFile(t, filepath.Join(dir, "small.sfv"), "a.bin 352441c2\n")
	h.w.openSums(small)
	h.waitFor("the small check to finish", func() bool { v := h.w.sums; return v != nil && v.sf != nil && !v.running() && v.checked == 1 })
	h.settle()

	base := liveHeap()
	h.w.openSums(sums)
	h.waitFor("the check to finish", func() bool { v := h.w.sums; return v != nil && v.sf != nil && !v.running() && v.checked == n })
	h.settle()
	if got := h.w.sums.EntryStatus(n - 1); got != "MISSING" {
		t.Fatalf("last entry %q", got)
	}
	grown := liveHeap() - min(base, liveHeap())
	perEntry := float64(grown) / n
	t.Logf("%d entries, %d bytes of text: %d bytes held, %.1f an entry", n, size, grown, perEntry)
	if perEntry > 24 {
		t.Errorf("the view holds %.0f bytes an entry of %d bytes of text; want at most 24", perEntry, size/n)
	}
	runtime.KeepAlive(h)
}

// A result read back from its bytes says what it said: the status,
// the cause, the algorithm that matched, the system's words for an error
// the window has none for; errors are kept once per wording, however many
// entries have them.
func TestSumsResultsKeepWhatTheWordsNeed(t *testing.T) {
	sha256, _ := hashing.Lookup("sha256")
	loop := &os.PathError{Op: "stat", Path: "dl/loop/a.iso", Err: syscall.ELOOP}
	const n = 10_000
	s := newSumsResults(n + 4)
	s.set(&checksum.EntryResult{Index: n + 3, Status: checksum.StatusFailed, Algorithm: sha256})
	s.set(&checksum.EntryResult{Index: 0, Status: checksum.StatusOK, Algorithm: sha256})
	s.set(&checksum.EntryResult{Index: 1, Status: checksum.StatusMissing, Kind: app.CauseNotExist, Err: fs.ErrNotExist})
	for i := range n {
		err := &os.PathError{Op: "stat", Path: fmt.Sprintf("dl/loop/%d.iso", i), Err: syscall.ELOOP}
		s.set(&checksum.EntryResult{Index: 3 + i, Status: checksum.StatusUnreadable, Kind: app.CauseOf(err), Err: err})
	}
	s.set(&checksum.EntryResult{Index: 2, Status: checksum.StatusUnreadable, Kind: app.CauseOf(loop), Err: loop})
	if len(s.errs) != 1 {
		t.Errorf("%d errors kept for one wording", len(s.errs))
	}
	e := checksum.Entry{Name: "a.iso", Algorithms: []*hashing.Algorithm{sha256}}
	if r, ok := s.result(0, &e); !ok || r.Status != checksum.StatusOK || r.Algorithm != sha256 || entryReason(&r) != "SHA-256 matches" {
		t.Errorf("OK entry: %v %+v %q", ok, r, entryReason(&r))
	}
	if r, _ := s.result(1, &e); r.Status != checksum.StatusMissing || entryReason(&r) != "no such file" {
		t.Errorf("missing entry: %+v %q", r, entryReason(&r))
	}
	if r, _ := s.result(2, &e); r.Status != checksum.StatusUnreadable || entryReason(&r) != syscall.ELOOP.Error() {
		t.Errorf("unreadable entry: %+v %q", r, entryReason(&r))
	}
	if r, _ := s.result(n+3, &e); r.Status != checksum.StatusFailed || r.Algorithm != sha256 || r.Err != nil {
		t.Errorf("FAILED entry: %+v", r)
	}
	if ok, checked := s.count(checksum.StatusUnreadable); ok != n+1 || checked != n+4 {
		t.Errorf("counts: %d unreadable, %d checked", ok, checked)
	}
	if _, ok := s.status(n + 2); !ok {
		t.Error("the last entry is unchecked")
	}
}

// A result takes one byte an entry while each entry's one candidate says
// which algorithm matched; a second byte only once an entry has several.
// Every status and cause reads back from its byte.
func TestSumsResultsOneByteAnEntry(t *testing.T) {
	for st := checksum.StatusOK; st <= checksum.StatusSkipped; st++ {
		for c := app.CauseOther; c <= app.CauseIsInput; c++ {
			if got, ok := newMark(st, c).status(); !ok || got != st || newMark(st, c).cause() != c {
				t.Errorf("mark of %v, %v reads %v %v, %v", st, c, got, ok, newMark(st, c).cause())
			}
		}
	}
	sha256, _ := hashing.Lookup("sha256")
	sha3, _ := hashing.Lookup("sha3-256")
	ripemd, _ := hashing.Lookup("ripemd256")
	one := checksum.Entry{Name: "a.iso", Algorithms: []*hashing.Algorithm{sha256}}
	three := checksum.Entry{Name: "b.iso", Algorithms: []*hashing.Algorithm{sha256, sha3, ripemd}}
	s := newSumsResults(3)
	s.set(&checksum.EntryResult{Index: 0, Entry: &one, Status: checksum.StatusOK, Algorithm: sha256})
	s.set(&checksum.EntryResult{Index: 1, Entry: &one, Status: checksum.StatusMissing, Kind: app.CauseNotExist, Err: fs.ErrNotExist})
	if s.details != nil {
		t.Error("a second byte an entry kept for entries of one candidate")
	}
	s.set(&checksum.EntryResult{Index: 2, Entry: &three, Status: checksum.StatusFailed, Algorithm: sha3})
	for i, c := range []struct {
		e    *checksum.Entry
		st   checksum.Status
		alg  *hashing.Algorithm
		kind app.Cause
	}{{&one, checksum.StatusOK, sha256, app.CauseOther}, {&one, checksum.StatusMissing, nil, app.CauseNotExist}, {&three, checksum.StatusFailed, sha3, app.CauseOther}} {
		if r, ok := s.result(i, c.e); !ok || r.Status != c.st || r.Algorithm != c.alg || r.Kind != c.kind {
			t.Errorf("entry %d: %v %+v, want %v %v %v", i, ok, r, c.st, c.alg, c.kind)
		}
	}
}
