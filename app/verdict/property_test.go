package verdict

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"testing"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/signature"
)

// randomEvidence makes evidence of up to five files from rnd: any read
// state, digests published (right or wrong, signed or not), CRC32s in
// names, own signatures, a pasted digest, Compare.
func randomEvidence(t testing.TB, rnd *rand.Rand) Evidence {
	contents := []string{"good", "evil", "other"}
	pick := func() string { return contents[rnd.IntN(len(contents))] }
	kinds := []signature.Kind{signature.NoSignature, signature.Genuine, signature.UnknownKey, signature.Bad}
	var ev Evidence
	n := 1 + rnd.IntN(5)
	for i := range n {
		data := pick()
		f := file(t, fmt.Sprintf("/dl/f%d.iso", i), data, "sha256", "md5", "crc32")
		f.Read = Read(rnd.IntN(int(FileRefused) + 1))
		if !f.Read.Readable() {
			f.Digests = nil
		} else if f.Read != FileDone && rnd.IntN(2) == 0 {
			f.Digests = f.Digests[:rnd.IntN(len(f.Digests))]
		}
		for range rnd.IntN(3) {
			id := []string{"sha256", "md5", "sha512"}[rnd.IntN(3)]
			p := pub(t, []string{"/dl/SHA256SUMS", "/elsewhere/SHA256SUMS"}[rnd.IntN(2)], id, pick())
			if k := kinds[rnd.IntN(len(kinds))]; k != signature.NoSignature {
				p = signed(p, k)
			}
			f.Published = append(f.Published, p)
		}
		if rnd.IntN(4) == 0 {
			f.Path = fmt.Sprintf("/dl/f%d [%s].mkv", i, []string{"DEADBEEF", hexOf(t, "crc32", data)}[rnd.IntN(2)])
			f.InName = checksum.InName(f.Path)
		}
		if rnd.IntN(5) == 0 {
			f.Signature = &checksum.Authenticity{Verdict: signature.Result{Kind: kinds[rnd.IntN(len(kinds))]}}
		}
		f.Companion = rnd.IntN(10) == 0
		ev.Files = append(ev.Files, f)
	}
	switch rnd.IntN(4) {
	case 1:
		var targets []int
		for i := range n {
			if rnd.IntN(2) == 0 {
				targets = append(targets, i)
			}
		}
		ev.Pasted = pasted(t, "sha256:"+hexOf(t, "sha256", pick()), targets...)
		ev.Pasted.Typed = rnd.IntN(2) == 0
		if rnd.IntN(3) == 0 {
			ev.Pasted.Of = rnd.IntN(n)
		}
	case 2:
		ev.Compare = true
	}
	return ev
}

// TestNoGreenOverACondemnedOrUnreadFile: whatever the evidence, the
// headline is never green while a file is condemned (FAILED, a conflict,
// a BAD signature) or could not be read.
func TestNoGreenOverACondemnedOrUnreadFile(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	greens := 0
	for k := range 20000 {
		ev := randomEvidence(t, rnd)
		r := Decide(ev)
		if !r.Headline.Green() {
			continue
		}
		greens++
		for i, v := range r.Files {
			if !v.Companion && (v.Status.Condemns() || v.Status.Unread()) {
				t.Fatalf("case %d: headline %v %v green while file %d is %v\n%+v", k, r.Headline.Reason, r.Headline.Files, i, v.Status, ev)
			}
		}
	}
	if greens == 0 {
		t.Fatal("no case was green: the generator tests nothing")
	}
}

// TestHeadlineNamesItsFiles: the files a headline names are files of the
// list, and a red headline names at least one whose status condemns it.
func TestHeadlineNamesItsFiles(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for k := range 20000 {
		ev := randomEvidence(t, rnd)
		r := Decide(ev)
		h := r.Headline
		for _, i := range h.Files {
			if i < 0 || i >= len(ev.Files) {
				t.Fatalf("case %d: headline names file %d of %d", k, i, len(ev.Files))
			}
		}
		if h.Reason == PublishedMismatch || h.Reason == PublishedConflict || h.Reason == SourceBadSignature || h.Reason == OwnBadSignature {
			condemned := false
			for _, i := range h.Files {
				condemned = condemned || r.Files[i].Status.Condemns()
			}
			if !condemned {
				t.Fatalf("case %d: %v names %v, none condemned", k, h.Reason, h.Files)
			}
		}
	}
}

// TestTallyIsDecide: for files judged by checksum files alone, the
// headline from the counts of their statuses (Tally, for a checksum file
// too big to hold as evidence) has the colour of Decide's.
func TestTallyIsDecide(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	for k := range 20000 {
		ev := randomEvidence(t, rnd)
		ev.Pasted, ev.Compare = nil, false
		for i := range ev.Files {
			f := &ev.Files[i]
			f.InName, f.Signature, f.Companion = nil, nil, false
			if f.Read == FileWaiting || f.Read == FileReading {
				f.Read = FileDone
			}
			if len(f.Published) == 0 && f.Read.Readable() {
				f.Read = FileMissing // an entry whose file is gone
			}
			if len(f.Published) > 1 {
				f.Published = f.Published[:1] // one entry a file, as in one checksum file
			}
		}
		r := Decide(ev)
		if got, want := Tally(r.Count).Outcome, r.Headline.Outcome; got != want {
			t.Fatalf("case %d: Tally %v (%v), Decide %v (%v), counts %v", k, got, Tally(r.Count).Reason, want, r.Headline.Reason, r.Count)
		}
	}
}

// TestNoGreenBeforeEveryPublishedDigestIsCompared: whatever the evidence,
// no file is OK and no headline green while a digest published for a
// readable file (in any source, or the CRC32 in its name beside them) is
// not compared yet (rule 6).
func TestNoGreenBeforeEveryPublishedDigestIsCompared(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	greens := 0
	for k := range 20000 {
		ev := randomEvidence(t, rnd)
		r := Decide(ev)
		for i, v := range r.Files {
			f := &ev.Files[i]
			if v.Companion || !f.Read.Readable() {
				continue
			}
			uncompared := ""
			for _, p := range f.Published {
				if p.Expected.Judge(f.Digests).Outcome == checksum.Pending {
					uncompared = p.Expected.Candidates[0].ID + " of " + p.Source
				}
			}
			if uncompared == "" {
				continue
			}
			if v.Status == OK {
				t.Fatalf("case %d: file %d is OK with the %s not compared\n%+v", k, i, uncompared, f)
			}
			if r.Headline.Green() {
				t.Fatalf("case %d: headline %s is green with the %s of file %d not compared", k, r.Headline.Reason, uncompared, i)
			}
			if len(v.Needs) == 0 { // nothing is running or declined here

				t.Fatalf("case %d: file %d needs nothing though the %s is not compared", k, i, uncompared)
			}
		}
		if r.Headline.Green() {
			greens++
		}
	}
	if greens < 100 {
		t.Fatalf("only %d green headlines in 20000 cases: the property was hardly tried", greens)
	}
}

// TestJudgedInHalvesAsInOnePass: a release of many files, judged in two
// halves at once, gets the verdicts and the headline of one pass, file by
// file.
func TestJudgedInHalvesAsInOnePass(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	old := judgeSplit
	defer func() { judgeSplit = old }()
	rnd := rand.New(rand.NewPCG(5, 6))
	for round := range 20 {
		var ev Evidence
		for len(ev.Files) < 500+round*50 {
			ev.Files = append(ev.Files, randomEvidence(t, rnd).Files...)
		}
		ev.Compare = round%4 == 3
		if round%4 == 2 {
			ev.Pasted = pasted(t, "sha256:"+hexOf(t, "sha256", "good"), 1, 7, len(ev.Files)-1)
		}
		judgeSplit = 1 << 30
		one := Decide(ev)
		judgeSplit = 2
		halves := Decide(ev)
		if !reflect.DeepEqual(one, halves) {
			for i := range one.Files {
				if !reflect.DeepEqual(one.Files[i], halves.Files[i]) {
					t.Errorf("round %d, file %d: %+v in one pass, %+v in halves", round, i, one.Files[i], halves.Files[i])
				}
			}
			t.Fatalf("round %d: headline %+v in one pass, %+v in halves", round, one.Headline, halves.Headline)
		}
	}
}
