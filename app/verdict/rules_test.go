package verdict

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/hashing"
)

func alg(t testing.TB, id string) *hashing.Algorithm {
	a, ok := hashing.Lookup(id)
	if !ok {
		t.Fatalf("no algorithm %q", id)
	}
	return a
}

func sum(a *hashing.Algorithm, data string) []byte {
	h := a.New()
	h.Write([]byte(data))
	return h.Sum(nil)
}

// file is a file read whole whose content is data, hashed with algs.
func file(t testing.TB, path, data string, algs ...string) File {
	f := File{Path: path, Read: FileDone, Size: int64(len(data))}
	for _, id := range algs {
		a := alg(t, id)
		f.Digests = append(f.Digests, app.Digest{Algorithm: a, Sum: sum(a, data)})
	}
	return f
}

// pub is the digest of data with algorithm id, published in source;
// id "" leaves the algorithm to the digest's length.
func pub(t testing.TB, source, id, data string) checksum.Published {
	a := alg(t, id)
	e, err := checksum.ParseExpected(a.Tag + ":" + hex.EncodeToString(sum(a, data)))
	if err != nil {
		t.Fatal(err)
	}
	return checksum.Published{Expected: e, Source: source, Line: 1}
}

func signed(p checksum.Published, k signature.Kind) checksum.Published {
	p.Authenticity = &checksum.Authenticity{Verdict: signature.Result{Kind: k}}
	return p
}

func pasted(t testing.TB, text string, targets ...int) *Pasted {
	e, err := checksum.ParseExpected(text)
	if err != nil {
		return &Pasted{Problem: err, Targets: targets, Of: -1}
	}
	return &Pasted{Digest: e, Targets: targets, Of: -1}
}

func hexOf(t testing.TB, id, data string) string { return hex.EncodeToString(sum(alg(t, id), data)) }

// TestRules is "The verdict, in rules" of the design, a row a rule
// or a case of one, each with the headline and the statuses it gives.
func TestRules(t *testing.T) {
	iso := func(data string, pubs ...checksum.Published) File {
		f := file(t, "/dl/ubuntu.iso", data, "sha256", "md5")
		f.Published = pubs
		return f
	}
	sums := "/dl/SHA256SUMS"
	rows := []struct {
		rule   string
		ev     func() Evidence
		reason Reason
		files  []int
		status []Status
	}{
		{"1: a file with nothing published is counted, not compared", func() Evidence {
			return Evidence{Files: []File{iso("good")}}
		}, NoVerdict, nil, []Status{NotCompared}},
		{"1: a match with one file and another not compared", func() Evidence {
			return Evidence{Files: []File{iso("good", pub(t, sums, "sha256", "good")), file(t, "/dl/notes.txt", "x", "sha256")}}
		}, PublishedMatch, []int{0}, []Status{OK, NotCompared}},
		{"1: every file of a release folder matches", func() Evidence {
			a, b := file(t, "/r/a/x.bin", "x", "sha256"), file(t, "/r/b/y.bin", "y", "sha256")
			a.Published, b.Published = []checksum.Published{pub(t, "/r/SHA256SUMS", "sha256", "x")}, []checksum.Published{pub(t, "/r/SHA256SUMS", "sha256", "y")}
			return Evidence{Files: []File{a, b, {Path: "/r/SHA256SUMS", Read: FileDone, Companion: true}}}
		}, AllMatch, []int{0, 1}, []Status{OK, OK, NotCompared}},
		{"2: the strongest published digest decides; a weaker that agrees is mentioned", func() Evidence {
			return Evidence{Files: []File{iso("good", pub(t, "/dl/MD5SUMS", "md5", "good"), pub(t, sums, "sha256", "good"))}}
		}, PublishedMatch, []int{0}, []Status{OK}},
		{"2: the strongest decides even when a weaker one is wrong: a conflict", func() Evidence {
			return Evidence{Files: []File{iso("good", pub(t, "/dl/MD5SUMS", "md5", "other"), pub(t, sums, "sha256", "good"))}}
		}, PublishedConflict, []int{0}, []Status{Conflict}},
		{"2: two checksum files of one algorithm that differ are one conflict verdict", func() Evidence {
			return Evidence{Files: []File{iso("good", pub(t, sums, "sha256", "good"), pub(t, "/mirror/SHA256SUMS", "sha256", "evil"))}}
		}, PublishedConflict, []int{0}, []Status{Conflict}},
		{"2: a checksum file and the CRC32 in the name that disagree", func() Evidence {
			f := file(t, "/dl/show [DEADBEEF].mkv", "good", "sha256", "crc32")
			f.Published = []checksum.Published{pub(t, sums, "sha256", "good")}
			f.InName = checksum.InName(f.Path)
			return Evidence{Files: []File{f}}
		}, NameConflict, []int{0}, []Status{Conflict}},
		{"2: the pasted digest and a checksum file disagree: one conflict", func() Evidence {
			return Evidence{Files: []File{iso("good", pub(t, sums, "sha256", "good"))}, Pasted: pasted(t, "sha256:"+hexOf(t, "sha256", "evil"), 0)}
		}, PastedDisagrees, []int{0}, []Status{Conflict}},
		{"3: a pasted digest whose algorithm is not computed waits for it", func() Evidence {
			f := file(t, "/dl/ubuntu.iso", "good", "md5")
			f.Read = FileReading
			f.Running = []*hashing.Algorithm{alg(t, "sha256")}
			return Evidence{Files: []File{f}, Pasted: pasted(t, "sha256:"+hexOf(t, "sha256", "good"), 0)}
		}, PastedPending, []int{0}, []Status{Pending}},
		{"3: a typed digest reads nothing again: Enter does", func() Evidence {
			p := pasted(t, "sha256:"+hexOf(t, "sha256", "good"), 0)
			p.Typed = true
			return Evidence{Files: []File{file(t, "/dl/ubuntu.iso", "good", "md5")}, Pasted: p}
		}, PastedPending, []int{0}, []Status{Pending}},
		{"3: a pasted digest that matches", func() Evidence {
			return Evidence{Files: []File{iso("good")}, Pasted: pasted(t, hexOf(t, "sha256", "good"), 0)}
		}, PastedMatch, []int{0}, []Status{OK}},
		{"3: a pasted digest that does not match", func() Evidence {
			return Evidence{Files: []File{iso("damaged")}, Pasted: pasted(t, "sha256:"+hexOf(t, "sha256", "good"), 0)}
		}, PastedMismatch, []int{0}, []Status{Failed}},
		{"3: the pasted digest matches one of two files: the other is no suspect", func() Evidence {
			return Evidence{Files: []File{iso("good"), file(t, "/dl/other.iso", "other", "sha256")}, Pasted: pasted(t, hexOf(t, "sha256", "good"), 0, 1)}
		}, PastedMatch, []int{0}, []Status{OK, NotCompared}},
		{"3: text that is no digest", func() Evidence {
			return Evidence{Files: []File{iso("good")}, Pasted: pasted(t, "not a digest at all", 0)}
		}, NotADigest, nil, []Status{NotCompared}},
		{"4: a match under a trusted signature is genuine", func() Evidence {
			return Evidence{Files: []File{iso("good", signed(pub(t, sums, "sha256", "good"), signature.Genuine))}}
		}, PublishedMatch, []int{0}, []Status{OK}},
		{"4: a BAD signature outranks the match", func() Evidence {
			return Evidence{Files: []File{iso("good", signed(pub(t, sums, "sha256", "good"), signature.Bad))}}
		}, SourceBadSignature, []int{0}, []Status{BadSignature}},
		{"4: a BAD signature over the file itself outranks a pasted match", func() Evidence {
			f := iso("good")
			f.Signature = &checksum.Authenticity{Verdict: signature.Result{Kind: signature.Bad}}
			return Evidence{Files: []File{f}, Pasted: pasted(t, hexOf(t, "sha256", "good"), 0)}
		}, OwnBadSignature, []int{0}, []Status{BadSignature}},
		{"4: the file's own trusted signature and nothing else published: genuine (Arch's, Alpine's ISO.sig)", func() Evidence {
			f := iso("good")
			f.Signature = &checksum.Authenticity{Verdict: signature.Result{Kind: signature.Genuine}}
			return Evidence{Files: []File{f, file(t, "/dl/other.iso", "other", "sha256")}}
		}, SignedGenuine, []int{0}, []Status{OK, NotCompared}},
		{"4: the file's good signature and a checksum file that disagree", func() Evidence {
			f := iso("good", pub(t, sums, "sha256", "evil"))
			f.Signature = &checksum.Authenticity{Verdict: signature.Result{Kind: signature.Genuine}}
			return Evidence{Files: []File{f}}
		}, SignatureDisagrees, []int{0}, []Status{Conflict}},
		{"5: the ISO beside a SHA256SUMS that lists others too ends green", func() Evidence {
			return Evidence{Files: []File{iso("good", pub(t, sums, "sha256", "good"))},
				Sources: []Source{{Path: sums, Orphans: []Orphan{{Name: "ubuntu-server.iso", Published: pub(t, sums, "sha256", "server")}}}}}
		}, PublishedMatch, []int{0}, []Status{OK}},
		{"5: listed files that are missing are a detail beside those present", func() Evidence {
			return Evidence{Files: []File{iso("good", pub(t, sums, "sha256", "good")), {Path: "/dl/other.iso", Read: FileMissing, Published: []checksum.Published{pub(t, sums, "sha256", "o")}}}}
		}, PublishedMatch, []int{0}, []Status{OK, Missing}},
		{"5: FAILED wins over matches", func() Evidence {
			return Evidence{Files: []File{iso("good", pub(t, sums, "sha256", "good")), func() File {
				f := file(t, "/dl/b.iso", "damaged", "sha256")
				f.Published = []checksum.Published{pub(t, sums, "sha256", "b")}
				return f
			}()}}
		}, PublishedMismatch, []int{1}, []Status{OK, Failed}},
		{"5: FAILED wins over a pasted match with another file", func() Evidence {
			b := file(t, "/dl/b.iso", "damaged", "sha256")
			b.Published = []checksum.Published{pub(t, sums, "sha256", "b")}
			return Evidence{Files: []File{iso("good"), b}, Pasted: pasted(t, hexOf(t, "sha256", "good"), 0)}
		}, PublishedMismatch, []int{1}, []Status{OK, Failed}},
		{"5: UNREADABLE leaves no green", func() Evidence {
			return Evidence{Files: []File{iso("good", pub(t, sums, "sha256", "good")), {Path: "/dl/b.iso", Read: FileUnreadable}}}
		}, NotAllRead, []int{1}, []Status{OK, Unreadable}},
		{"5: REFUSED leaves no green", func() Evidence {
			return Evidence{Files: []File{iso("good", pub(t, sums, "sha256", "good")), {Path: "/etc/passwd", Read: FileRefused}}}
		}, NotAllRead, []int{1}, []Status{OK, Refused}},
		{"5: a file cancelled leaves no green", func() Evidence {
			return Evidence{Files: []File{iso("good", pub(t, sums, "sha256", "good")), {Path: "/dl/b.iso", Read: FileCancelled}}}
		}, NotAllRead, []int{1}, []Status{OK, Cancelled}},
		{"5: an algorithm Hashdrop lacks is not verified", func() Evidence {
			f := file(t, "/dl/a.bin", "x", "sha256")
			f.Unsupported = []string{"GOST"}
			return Evidence{Files: []File{f}}
		}, OnlyUnsupported, []int{0}, []Status{NotVerified}},
		{"5: none of the files listed is here", func() Evidence {
			return Evidence{Files: []File{{Path: "/dl/a.iso", Read: FileMissing}, {Path: "/dl/b.iso", Read: FileMissing}}}
		}, NoneHere, []int{0, 1}, []Status{Missing, Missing}},
		{"a renamed download matches its entry by digest", func() Evidence {
			f := file(t, "/dl/ubuntu (1).iso", "good", "sha256")
			return Evidence{Files: []File{f}, Sources: []Source{{Path: sums, Orphans: []Orphan{{Name: "ubuntu.iso", Published: pub(t, sums, "sha256", "good")}}}}}
		}, PublishedMatch, []int{0}, []Status{OK}},
		{"the CRC32 in a name alone", func() Evidence {
			f := file(t, "/dl/show ["+strings.ToUpper(hexOf(t, "crc32", "good"))+"].mkv", "good", "crc32")
			f.InName = checksum.InName(f.Path)
			return Evidence{Files: []File{f}}
		}, NameMatch, []int{0}, []Status{OK}},
		{"a wrong CRC32 in a name under another file's match", func() Evidence {
			f := file(t, "/dl/show [DEADBEEF].mkv", "good", "crc32")
			f.InName = checksum.InName(f.Path)
			return Evidence{Files: []File{iso("good", pub(t, sums, "sha256", "good")), f}}
		}, NameMismatch, []int{1}, []Status{OK, Failed}},
		{"Compare: two identical copies", func() Evidence {
			return Evidence{Files: []File{iso("good"), file(t, "/usb/ubuntu.iso", "good", "sha256", "md5")}, Compare: true}
		}, Identical, []int{0, 1}, []Status{NotCompared, NotCompared}},
		{"Compare: a copy that differs", func() Evidence {
			return Evidence{Files: []File{iso("good"), file(t, "/usb/ubuntu.iso", "gooX", "sha256", "md5")}, Compare: true}
		}, Differ, []int{0, 1}, []Status{NotCompared, NotCompared}},
		{"Compare never turns green over a file that fails its checksum file", func() Evidence {
			return Evidence{Files: []File{iso("good", pub(t, sums, "sha256", "evil")), file(t, "/usb/ubuntu.iso", "good", "sha256", "md5")}, Compare: true}
		}, PublishedMismatch, []int{0}, []Status{Failed, NotCompared}},
		{"a listed file's digest in the field compares copies, never as published", func() Evidence {
			p := pasted(t, hexOf(t, "sha256", "good"), 0, 1)
			p.Of = 0
			return Evidence{Files: []File{iso("good"), file(t, "/usb/ubuntu.iso", "good", "sha256")}, Pasted: p}
		}, SameAsSource, []int{1}, []Status{NotCompared, NotCompared}},
		{"a listed file's digest never hides a failure", func() Evidence {
			p := pasted(t, hexOf(t, "sha256", "good"), 0, 1)
			p.Of = 0
			return Evidence{Files: []File{iso("good", pub(t, sums, "sha256", "evil")), file(t, "/usb/ubuntu.iso", "good", "sha256")}, Pasted: p}
		}, PublishedMismatch, []int{0}, []Status{Failed, NotCompared}},
	}
	for _, row := range rows {
		t.Run(row.rule, func(t *testing.T) {
			r := Decide(row.ev())
			h := r.Headline
			if h.Reason != row.reason || !slices.Equal(h.Files, row.files) {
				t.Errorf("headline %v %v, want %v %v", h.Reason, h.Files, row.reason, row.files)
			}
			if h.Outcome != reasonOutcome[row.reason] {
				t.Errorf("outcome %v, want %v", h.Outcome, reasonOutcome[row.reason])
			}
			var got []Status
			for _, v := range r.Files {
				got = append(got, v.Status)
			}
			if !slices.Equal(got, row.status) {
				t.Errorf("statuses %v, want %v", got, row.status)
			}
		})
	}
}

func TestGenuineNeedsATrustedSignatureOverTheMatch(t *testing.T) {
	for _, c := range []struct {
		kind signature.Kind
		want bool
	}{{signature.Genuine, true}, {signature.GenuineUser, true}, {signature.UnknownKey, false}, {signature.NoSignature, false}, {signature.Expired, false}} {
		f := file(t, "/dl/ubuntu.iso", "good", "sha256")
		f.Published = []checksum.Published{signed(pub(t, "/dl/SHA256SUMS", "sha256", "good"), c.kind)}
		if got := Decide(Evidence{Files: []File{f}}).Files[0].Genuine; got != c.want {
			t.Errorf("%v: genuine %v, want %v", c.kind, got, c.want)
		}
		f.Published = []checksum.Published{signed(pub(t, "/dl/SHA256SUMS", "sha256", "other"), c.kind)}
		if Decide(Evidence{Files: []File{f}}).Files[0].Genuine {
			t.Errorf("%v: a mismatch is genuine", c.kind)
		}
	}
}

func TestTypoIsOneOrTwoDigits(t *testing.T) {
	good := hexOf(t, "sha256", "good")
	flip := func(s string, at ...int) string {
		b := []byte(s)
		for _, i := range at {
			if b[i] == '0' {
				b[i] = '1'
			} else {
				b[i] = '0'
			}
		}
		return string(b)
	}
	for _, c := range []struct {
		text string
		typo bool
	}{{flip(good, 5), true}, {flip(good, 5, 40), true}, {flip(good, 1, 2, 3), false}, {hexOf(t, "sha256", "other"), false}} {
		r := Decide(Evidence{Files: []File{file(t, "/dl/a.iso", "good", "sha256")}, Pasted: pasted(t, "sha256:"+c.text, 0)})
		if v := r.Files[0]; v.Status != Failed || v.Typo != c.typo {
			t.Errorf("%s: %v typo %v, want failed typo %v", c.text, v.Status, v.Typo, c.typo)
		}
	}
}

func TestNeedsAskForWhatIsMissingOnce(t *testing.T) {
	f := file(t, "/dl/a.iso", "good", "md5")
	f.Published = []checksum.Published{pub(t, "/dl/SHA256SUMS", "sha256", "good")}
	r := Decide(Evidence{Files: []File{f}})
	if v := r.Files[0]; v.Status != Pending || len(v.Needs) != 1 || v.Needs[0].ID != "sha256" {
		t.Fatalf("%v needs %v, want pending on sha256", v.Status, v.Needs)
	}
	f.Declined = []*hashing.Algorithm{alg(t, "sha256")}
	if v := Decide(Evidence{Files: []File{f}}).Files[0]; len(v.Needs) != 0 {
		t.Errorf("a declined algorithm is asked for again: %v", v.Needs)
	}
}

func TestFilterAndWorstFirst(t *testing.T) {
	sums := "/r/SHA256SUMS"
	var files []File
	for i := range 6 {
		f := file(t, fmt.Sprintf("/r/a/f%d", i), "x", "sha256")
		f.Published = []checksum.Published{pub(t, sums, "sha256", "x")}
		if i == 2 || i == 4 {
			f.Published = []checksum.Published{pub(t, sums, "sha256", "y")}
		}
		files = append(files, f)
	}
	files = append(files, File{Path: "/r/a/gone", Read: FileMissing})
	r := Decide(Evidence{Files: files})
	if got := r.With(Failed); !slices.Equal(got, []int{2, 4}) {
		t.Errorf("failed %v", got)
	}
	if got := r.With(Missing); !slices.Equal(got, []int{6}) {
		t.Errorf("missing %v", got)
	}
	if got := r.Worst(); !slices.Equal(got, []int{2, 4, 6, 0, 1, 3, 5}) {
		t.Errorf("worst first %v", got)
	}
	if r.Count[OK] != 4 || r.Count[Failed] != 2 || r.Count[Missing] != 1 {
		t.Errorf("counts %v", r.Count)
	}
	if h := r.Headline; h.Reason != PublishedMismatch || h.Exit() != 1 {
		t.Errorf("headline %v exit %d", h.Reason, h.Exit())
	}
}
