package ui

import (
	"os"
	"runtime/debug"
	"sync"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

// sumsResults is what the checksum-file view keeps of each entry's check:
// one byte, or two when the entry alone does not say which algorithm
// matched, whatever the file names, so that a checksum file of millions of
// lines stays small (the entries themselves are parsed again for the rows
// shown, from app.checksum.File's text or from the disk). The check's goroutine sets results;
// Fyne's reads them.
type sumsResults struct {
	mu    sync.Mutex
	marks []entryMark
	// details are, for OK and FAILED, the algorithm that matched or was
	// compared (its index in algs + 1) when the entry has more than one
	// candidate, and for the other statuses an error the window has no
	// words for (its index in errs + 1); 0 for none. Nil until one is
	// needed.
	details []uint8
	// errs are the errors the window has no words of its own for, one of
	// each kind the system words differently: a few, however many
	// entries have them.
	errs    []error
	counts  [checksum.StatusSkipped + 1]int
	checked int
	algs    []*hashing.Algorithm // hashing.All(), which details index
}

// entryMark is one entry's result: its status (0 while unchecked, else
// the app.Status + 1) in the low bits, above them the app.Cause of a
// MISSING, UNREADABLE, REFUSED or SKIPPED status.
type entryMark uint8

const markStatusBits = 3

// Every status and cause fits a mark (the last of each).
const (
	_ = uint8(1<<markStatusBits - 1 - (checksum.StatusSkipped + 1))
	_ = uint8(app.CauseIsInput << markStatusBits)
)

func newMark(st checksum.Status, c app.Cause) entryMark {
	return entryMark(st+1) | entryMark(c)<<markStatusBits
}

// status is the mark's status; false while unchecked.
func (m entryMark) status() (checksum.Status, bool) {
	return checksum.Status(m&(1<<markStatusBits-1)) - 1, m != 0
}

func (m entryMark) cause() app.Cause { return app.Cause(m >> markStatusBits) }

// maxErrs bounds sumsResults.errs (a detail).
const maxErrs = 255

func newSumsResults(entries int) *sumsResults {
	return &sumsResults{marks: make([]entryMark, entries), algs: hashing.All()}
}

// set records r, the result of entry r.Index.
func (s *sumsResults) set(r *checksum.EntryResult) {
	m := newMark(r.Status, r.Kind)
	var detail uint8
	if r.Algorithm != nil && (r.Entry == nil || len(r.Entry.Algorithms) != 1 || r.Entry.Algorithms[0] != r.Algorithm) {
		for k, a := range s.algs {
			if a == r.Algorithm {
				detail = uint8(k + 1)
			}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.Status != checksum.StatusOK && r.Status != checksum.StatusFailed && r.Err != nil && r.Kind == app.CauseOther {
		detail = s.errIndex(r.Err)
	}
	if s.marks[r.Index] == 0 {
		s.checked++
		s.counts[r.Status]++
	}
	s.marks[r.Index] = m
	if detail != 0 && s.details == nil {
		s.details = make([]uint8, len(s.marks))
	}
	if s.details != nil {
		s.details[r.Index] = detail
	}
}

// errIndex returns err's place in errs + 1, as a detail: that of an error
// the system words alike, or a new one (0 when errs is full).
func (s *sumsResults) errIndex(err error) uint8 {
	words := app.SystemWords(err)
	for k, e := range s.errs {
		if app.SystemWords(e) == words {
			return uint8(k + 1)
		}
	}
	if len(s.errs) == maxErrs {
		return 0
	}
	s.errs = append(s.errs, err)
	return uint8(len(s.errs))
}

// result returns the result of entry i (e, as app.checksum.File.EntryAt gives
// it), rebuilt for words; false while it is unchecked.
func (s *sumsResults) result(i int, e *checksum.Entry) (checksum.EntryResult, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, checked := s.marks[i].status()
	if !checked {
		return checksum.EntryResult{}, false
	}
	r := checksum.EntryResult{Index: i, Entry: e, Status: st, Kind: s.marks[i].cause()}
	var detail uint8
	if s.details != nil {
		detail = s.details[i]
	}
	switch {
	case (st == checksum.StatusOK || st == checksum.StatusFailed) && detail != 0:
		r.Algorithm = s.algs[detail-1]
	case st == checksum.StatusOK || st == checksum.StatusFailed:
		if len(e.Algorithms) == 1 {
			r.Algorithm = e.Algorithms[0]
		}
	case detail != 0:
		r.Err = s.errs[detail-1]
	}
	return r, true
}

// status returns the status of entry i; false while it is unchecked.
func (s *sumsResults) status(i int) (checksum.Status, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.marks[i].status()
}

// count returns how many entries have status st, and how many were checked.
func (s *sumsResults) count(st checksum.Status) (n, checked int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.counts[st], s.checked
}

// A big checksum file (up to app.checksum.MaxFileSize) is read, looked through
// and checked entry by entry, and every entry makes garbage: with the
// garbage collector's default (GOGC=100), the heap would grow to twice
// what is live before each collection. While that runs, the heap grows
// only a quarter above what is live; what is kept is mostly without
// pointers (sumsResults, the index of names, a kept text), cheap to
// collect around.
const (
	thriftyAbove   = 8 << 20 // bytes of checksum file
	thriftyPercent = 25
)

var thrift struct {
	mu      sync.Mutex
	running int
	was     int
}

// thriftyGC lowers the garbage collector's percentage while the checksum
// file at path is read, looked through or checked, if it is big; the
// function it returns, called at the end, restores it. It reads the disk:
// not on the Fyne goroutine.
func thriftyGC(path string) (restore func()) {
	if st, err := os.Stat(path); err != nil || st.Size() < thriftyAbove {
		return func() {}
	}
	return thrifty()
}

// thrifty lowers the garbage collector's percentage until the function it
// returns is called, as thriftyGC does for a big checksum file.
func thrifty() (restore func()) {
	thrift.mu.Lock()
	defer thrift.mu.Unlock()
	if thrift.running++; thrift.running == 1 {
		thrift.was = debug.SetGCPercent(thriftyPercent)
	}
	return func() {
		thrift.mu.Lock()
		defer thrift.mu.Unlock()
		if thrift.running--; thrift.running == 0 {
			debug.SetGCPercent(thrift.was)
		}
	}
}
