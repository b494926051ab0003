package ui

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

// hashOf is the digest of s by a.
func hashOf(a *hashing.Algorithm, s string) []byte {
	hh := a.New()
	hh.Write([]byte(s))
	return hh.Sum(nil)
}

// queued counts the jobs the core was given.
func (c *fakeCore) queued() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.jobs)
}

// Every file of a big drop is compared with the SHA256SUMS beside it, not
// the first few dozen, and the headline's numbers add up with the list's.
func TestEveryFileOfABigFolderIsCompared(t *testing.T) {
	h := newHarness(t)
	folder := filepath.Join(t.TempDir(), "release")
	const n = 200
	var sums strings.Builder
	for i := range n {
		name := fmt.Sprintf("part%03d.bin", i)
		writeFile(t, filepath.Join(folder, name), name)
		fmt.Fprintf(&sums, "%s  %s\n", sha256Hex(name), name)
	}
	writeFile(t, filepath.Join(folder, "SHA256SUMS"), sums.String())
	writeFile(t, filepath.Join(folder, "SHA256SUMS.gpg"), "a signature") // neither counted as a file without a digest
	writeFile(t, filepath.Join(folder, "notes.txt"), "not listed")
	writeFile(t, filepath.Join(folder, "readme.txt"), "not listed")

	h.w.drop([]fyne.URI{storage.NewFileURI(folder)})
	h.waitFor("every file hashed", h.allFinished)
	h.settle()
	compared := 0
	for _, it := range h.w.files.items {
		if it.sidecar != nil && len(it.sidecar.By) > 0 {
			compared++
		}
	}
	if compared != n {
		t.Errorf("%d files compared with SHA256SUMS, want all %d", compared, n)
	}
	if got, want := h.w.banner.Headline(), fmt.Sprintf("%d files match the digests published for them", n); got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	if got, want := h.w.banner.Detail(), "2 other files have no published digest to compare with."; !strings.HasPrefix(got, want) {
		t.Errorf("detail %q, want it to begin %q (%d files listed)", got, want, len(h.w.files.items))
	}
}

// A file listed with CRC32, MD5, SHA-1, SHA-256 and SHA-512 in one
// CHECKSUMS: SHA-512 is read first and decides, the weaker ones are said
// to agree, and the one checksum file is not counted as five.
func TestStrongestDigestDecides(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "f.iso"), "abc")
	var sums strings.Builder
	for _, id := range []string{"crc32", "md5", "sha1", "sha256", "sha512"} {
		a, _ := hashing.Lookup(id)
		fmt.Fprintf(&sums, "%s (f.iso) = %x\n", a.Tag, hashOf(a, "abc"))
	}
	writeFile(t, filepath.Join(dir, "CHECKSUMS"), sums.String())

	h.w.drop([]fyne.URI{storage.NewFileURI(iso)})
	h.waitFor("the file queued", func() bool { return h.core.queued() > 0 })
	if got := algNames(h.core.job(0).algs); got != "[SHA-512]" {
		t.Errorf("read first for the verdict: %s, want SHA-512 alone", got)
	}
	h.waitFor("every file hashed", func() bool { h.core.release(); return h.allFinished() && h.w.Idle() })
	if got := h.w.banner.Headline(); !strings.HasPrefix(got, "Matches the published SHA-512") {
		t.Errorf("headline %q, want the SHA-512 to decide", got)
	}
	d := h.w.banner.Detail()
	if !strings.Contains(d, "The published SHA-256, SHA-1, MD5 and CRC32 agree too.") || strings.Contains(d, "more checksum file") {
		t.Errorf("detail %q, want the four weaker digests to agree, and no other checksum file counted", d)
	}
	if _, line := h.item("f.iso").verdictLine(); !strings.Contains(line, "SHA-512") {
		t.Errorf("card says %q, want the SHA-512 verdict", line)
	}
}

// The main job is green: a checksum file listing the ISO downloaded and
// others not is a match for the ISO, the others a detail; four digests of
// one ISO are one file; an algorithm Hashdrop lacks is "not verified".
func TestChecksumFileMainJobIsGreen(t *testing.T) {
	abc := func(id string) string { a, _ := hashing.Lookup(id); return fmt.Sprintf("%x", hashOf(a, "abc")) }
	for _, tc := range []struct {
		name, sums, text  string
		rows              int // the files it names, one row each (issue 37)
		outcome           checksum.Outcome
		headline, details string
	}{
		{"two ISOs listed, one downloaded", "SHA256SUMS", abc("sha256") + "  a.iso\n" + abc("sha256") + "  other.iso\n", 2,
			checksum.Match, "Matches the published SHA-256", "Compared with SHA256SUMS, found next to the file."},
		{"four digests of one ISO", "a.iso.DIGESTS", "MD5 (a.iso) = " + abc("md5") + "\nSHA1 (a.iso) = " + abc("sha1") +
			"\nSHA256 (a.iso) = " + abc("sha256") + "\nSHA512 (a.iso) = " + abc("sha512") + "\n", 1,
			checksum.Match, "Matches the published SHA-512", ""},
		{"an algorithm Hashdrop lacks", "a.iso.sm3", strings.Repeat("ab", 32) + "  a.iso\n", 1,
			checksum.Unknown, "Could not be verified: Hashdrop cannot compute SM3", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "a.iso"), "abc")
			sums := writeFile(t, filepath.Join(dir, tc.sums), tc.text)
			h.w.drop([]fyne.URI{storage.NewFileURI(sums)})
			h.waitFor("the check to finish", func() bool {
				return len(h.w.files.items) == tc.rows && h.allFinished() && h.w.Idle()
			})
			h.settle()
			b := h.w.banner
			if b.Outcome() != tc.outcome || b.Headline() != tc.headline || !strings.HasPrefix(b.Detail(), tc.details) {
				t.Errorf("banner %v %q / %q; want %v %q / %q…", b.Outcome(), b.Headline(), b.Detail(), tc.outcome, tc.headline, tc.details)
			}
			if h.w.sums != nil {
				t.Error("checked in the checksum-file view, not the list")
			}
		})
	}
}

// A check cancelled says how many of the files listed were checked,
// counting files, not entries: four digests of one ISO and one of another
// are two files.
func TestCancelledCheckCountsFiles(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.iso"), "abc")
	writeFile(t, filepath.Join(dir, "b.iso"), "abc")
	sums := writeFile(t, filepath.Join(dir, "DIGESTS"), "MD5 (a.iso) = 900150983cd24fb0d6963f7d28e17f72\n"+
		"SHA1 (a.iso) = a9993e364706816aba3e25717850c26c9cd0d89d\nSHA256 (a.iso) = "+sha256Hex("abc")+"\n"+
		"SHA512 (a.iso) = "+fmt.Sprintf("%x", hashOf(mustAlg("sha512"), "abc"))+"\nSHA256 (b.iso) = "+sha256Hex("abc")+"\n")
	h.w.openSums(sums)
	h.waitFor("checking", func() bool { return h.w.sums.running() && h.w.sums.sf != nil })
	test.Tap(h.w.sums.stopBtn)
	h.waitFor("the check to stop", func() bool { return !h.w.sums.running() })
	if d := h.w.sums.banner.Detail(); d != "0 of 2 files were checked." {
		t.Errorf("after Cancel the banner's detail is %q, want %q", d, "0 of 2 files were checked.")
	}
}

// lockedLog is a trace a test reads.
type lockedLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedLog) verdicts() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, line := range strings.Split(l.b.String(), "\n") {
		if strings.HasPrefix(line, "verdict ") {
			out = append(out, line)
		}
	}
	return out
}

// With HASHDROP_TRACE=1 every headline shown is logged, in the main view
// and in the checksum file's, as "verdict OUTCOME: HEADLINE".
func TestTraceLogsEveryHeadline(t *testing.T) {
	h := newHarness(t)
	trace := &lockedLog{}
	h.w.trace = log.New(trace, "", 0)
	h.core.hold = true
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "a.iso"), "abc")
	writeFile(t, filepath.Join(dir, "a.iso.sha256"), sha256Hex("abc")+"  a.iso\n")
	other := t.TempDir() // a checksum file of other files: they join the list
	writeFile(t, filepath.Join(other, "b.iso"), "abc")
	sums := writeFile(t, filepath.Join(other, "SHA256SUMS"), sha256Hex("abc")+"  b.iso\n"+sha256Hex("abc")+"  c.iso\n")

	h.w.drop([]fyne.URI{storage.NewFileURI(iso)})
	h.waitFor("the file queued", func() bool { return h.core.queued() > 0 })
	h.settle()
	h.waitFor("every file hashed", func() bool { h.core.release(); return h.allFinished() && h.w.Idle() })
	h.core.mu.Lock()
	h.core.hold = false
	h.core.mu.Unlock()
	h.core.openGate()
	h.w.drop([]fyne.URI{storage.NewFileURI(sums)})
	h.waitFor("the check to finish", func() bool { return len(h.w.files.items) == 3 && h.allFinished() && h.w.Idle() })
	h.settle()

	got := trace.verdicts()
	want := []string{
		"verdict pending: Checking a.iso against the digest published next to it…",
		"verdict match: Matches the published SHA-256",
		"verdict match: 2 files match the digests published for them", // its files join the list (issue 37)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("traced\n %s\nwant\n %s", strings.Join(got, "\n "), strings.Join(want, "\n "))
	}
}

// A pasted digest and a checksum file that disagree about a file are one
// verdict, a conflict naming both and what each says, on the banner and
// the card; no row is marked right or wrong.
func TestPastedAndPublishedDisagree(t *testing.T) {
	for _, tc := range []struct {
		name, published, pasted, detail string
	}{
		{"the checksum file is right", sha256Hex("abc"), sha256Hex("abd"), "The file matches SHA256SUMS (SHA-256 " + sha256Hex("abc")[:16] + "…), not the pasted digest (" + sha256Hex("abd")[:16] + "…)."},
		{"the pasted digest is right", sha256Hex("abd"), sha256Hex("abc"), "The file matches the pasted digest (" + sha256Hex("abc")[:16] + "…), not SHA256SUMS (SHA-256 " + sha256Hex("abd")[:16] + "…)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			dir := t.TempDir()
			iso := writeFile(t, filepath.Join(dir, "f.iso"), "abc")
			writeFile(t, filepath.Join(dir, "SHA256SUMS"), tc.published+"  f.iso\n")
			h.w.drop([]fyne.URI{storage.NewFileURI(iso)})
			h.waitFor("every file hashed", func() bool { return h.allFinished() && h.w.Idle() })
			h.w.expected.SetText(tc.pasted)
			h.settle()
			b := h.w.banner
			if b.Outcome() != checksum.Conflict || b.Headline() != "The pasted digest and SHA256SUMS disagree about f.iso: do not rely on it" {
				t.Errorf("banner %v %q, want a conflict naming both", b.Outcome(), b.Headline())
			}
			if !strings.HasPrefix(b.Detail(), tc.detail) {
				t.Errorf("detail %q, want it to begin %q", b.Detail(), tc.detail)
			}
			it := h.item("f.iso")
			if _, line := it.verdictLine(); line != "The pasted digest and SHA256SUMS disagree" {
				t.Errorf("card says %q", line)
			}
			if len(it.marks) != 0 {
				t.Errorf("rows marked %v: a disagreement marks none right or wrong", it.marks)
			}
		})
	}
}

// "This is the file they released" only when a signature Hashdrop trusts
// covers the digest that matched: not for a pasted digest, nor for an
// unsigned SHA256SUMS, which say instead that the publisher is not verified.
func TestMatchWordsClaimOnlyWhatWasShown(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "f.iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  f.iso\n")
	h.w.drop([]fyne.URI{storage.NewFileURI(iso)})
	h.waitFor("every file hashed", func() bool { return h.allFinished() && h.w.Idle() })
	h.settle()
	b := h.w.banner
	if b.Outcome() != checksum.Match || b.Headline() != "Matches the published SHA-256" || !strings.Contains(b.Detail(), "the publisher of this checksum file is not verified") {
		t.Errorf("unsigned SHA256SUMS: banner %v %q / %q", b.Outcome(), b.Headline(), b.Detail())
	}
	if _, line := h.item("f.iso").verdictLine(); line != "Matches the published SHA-256 (SHA256SUMS)" {
		t.Errorf("card says %q", line)
	}
	// Another file with no digest published is counted, not left out.
	h.w.drop([]fyne.URI{storage.NewFileURI(writeFile(t, filepath.Join(dir, "notes.txt"), "x"))})
	h.waitFor("every file hashed", func() bool { return h.allFinished() && h.w.Idle() })
	h.settle()
	if d := b.Detail(); !strings.HasSuffix(d, "1 other file has no published digest to compare with.") {
		t.Errorf("with a file of no digest: detail %q", d)
	}

	h.w.expected.SetText(sha256Hex("abc"))
	h.settle()
	if b.Outcome() != checksum.Match || b.Headline() != "Matches the published SHA-256" || !strings.Contains(b.Detail(), "the publisher is not verified") {
		t.Errorf("pasted: banner %v %q / %q", b.Outcome(), b.Headline(), b.Detail())
	}
}

// A digest typed key by key is compared once typing has stopped (by the
// window's clock) or on Enter, never on the way: the line under the field
// counts the digits without alarm, no verdict flashes, and no file is read
// again for a length the person only passed through (32 digits: MD5 or
// RIPEMD-128). A paste is compared at once.
func TestTypingIsNotPasting(t *testing.T) {
	h := newHarness(t)
	clk := &testClock{now: time.Unix(2e9, 0)}
	h.w.now = clk.Now
	dir := t.TempDir()
	h.w.drop([]fyne.URI{storage.NewFileURI(writeFile(t, filepath.Join(dir, "f.iso"), "abc"))})
	h.waitFor("hashed", func() bool { return h.allFinished() && h.w.Idle() })
	h.settle()
	jobs := h.core.queued()
	digest := sha256Hex("abc")
	f := h.w.expected

	test.Type(f.entry, digest[:32])
	h.settle()
	if got := f.Understood(); got != "32 digits so far · compared when you stop typing or press Enter" || f.understood.Importance != widget.MediumImportance {
		t.Errorf("while typing the line says %q (%v)", got, f.understood.Importance)
	}
	if h.w.banner.Visible() {
		t.Errorf("while typing the banner says %q", h.w.banner.Headline())
	}
	clk.advance(typingPause)
	h.settle()
	if o := h.w.banner.Outcome(); o == checksum.Mismatch || o == checksum.Match {
		t.Errorf("at a pause on 32 digits: %v %q; want no verdict until RIPEMD-128 and XXH3-128 are asked for", o, h.w.banner.Headline())
	}
	if got := h.w.banner.Headline(); got != "Press Enter to compute RIPEMD-128 and XXH3-128 and compare" {
		t.Errorf("at a pause on 32 digits the banner says %q", got)
	}
	if n := h.core.queued(); n != jobs {
		t.Errorf("%d files read again for a length typed on the way", n-jobs)
	}

	test.Type(f.entry, digest[32:50])
	clk.advance(typingPause) // a pause on 50 digits, a length no digest has: no alarm
	h.settle()
	if h.w.banner.Visible() || f.understood.Importance != widget.MediumImportance || !strings.HasPrefix(f.Understood(), "50 digits so far") {
		t.Errorf("at a pause on 50 digits: banner %q, line %q (%v)", h.w.banner.Headline(), f.Understood(), f.understood.Importance)
	}
	test.Type(f.entry, digest[50:])
	h.settle()
	if h.w.banner.Visible() || strings.HasPrefix(f.Understood(), "Understood") {
		t.Errorf("typing again: banner %q, line %q", h.w.banner.Headline(), f.Understood())
	}
	clk.advance(typingPause)
	h.settle()
	if o, got := h.w.banner.Outcome(), h.w.banner.Headline(); o != checksum.Match || got != "Matches the published SHA-256" {
		t.Errorf("typed whole, then a pause: %v %q", o, got)
	}
	if n := h.core.queued(); n != jobs {
		t.Errorf("%d files read again for a typed digest", n-jobs)
	}

	// Enter compares at once, and may read the file again.
	f.SetText("")
	test.Type(f.entry, strings.Repeat("0", 32))
	f.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	h.waitFor("RIPEMD-128 computed", func() bool { return h.core.queued() > jobs && h.w.Idle() })
	h.settle()
	if o := h.w.banner.Outcome(); o != checksum.Mismatch {
		t.Errorf("after Enter: %v %q", o, h.w.banner.Headline())
	}
}

// "Files outside the folder" asks with "Only the folder" as the default:
// highlighted and focused, so that Enter does not read outside files.
func TestOutsideFilesDefaultIsTheFolder(t *testing.T) {
	h := newHarness(t)
	_, sums := sumsFolder(t)
	h.w.drop([]fyne.URI{storage.NewFileURI(sums)})
	h.waitFor("the check to finish", func() bool { return len(h.w.files.items) == 5 && h.allFinished() && h.w.Idle() })
	if h.dialogs.cautions != 1 {
		t.Errorf("the question about files outside the folder was asked %d times as a caution, want once", h.dialogs.cautions)
	}

	var answer []bool
	yes, no := fyneDialogs{h.win, h.w.shown}.ask("Files outside the folder", "Read it too?", "Read it too", "Only the folder", true,
		func(y bool) { answer = append(answer, y) })
	if no.Importance != widget.HighImportance || yes.Importance == widget.HighImportance {
		t.Errorf("importance: no %v, yes %v; want no highlighted", no.Importance, yes.Importance)
	}
	if h.win.Canvas().Focused() != no {
		t.Errorf("focus on %v, want the no button", h.win.Canvas().Focused())
	}
	test.Tap(no)
	if len(answer) != 1 || answer[0] {
		t.Errorf("answered %v", answer)
	}
}

// The status line tells the time left the card tells, and once a file's
// verdict is given (its first pass read) it is not "0 of 1" any more while
// the other algorithms are computed.
func TestStatusLineAgreesWithTheCard(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "f.iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  f.iso\n")
	h.w.drop([]fyne.URI{storage.NewFileURI(iso)})
	h.waitFor("the file queued", func() bool { return h.core.queued() == 1 })
	h.settle()
	j := h.core.job(0)
	j.mu.Lock()
	// The queue's estimate (the slowest algorithm's) is not bytes left over
	// the total speed: the card shows the queue's, and so must the status.
	j.prog = app.Progress{State: app.Hashing, Done: 39, Total: 100, BytesPerSec: 557e6, Remaining: 3 * time.Second}
	j.mu.Unlock()
	h.w.Tick()
	card := h.card(h.item("f.iso"))
	if !strings.Contains(card.barText.Text, "3 s left") {
		t.Fatalf("card says %q", card.barText.Text)
	}
	if got := h.w.status.Text; !strings.HasSuffix(got, "3 s left") {
		t.Errorf("status %q while the card says %q", got, card.barText.Text)
	}

	j.finish() // the verdict's pass (SHA-256); the others are read after
	h.waitFor("the second pass queued", func() bool { return h.core.queued() == 2 })
	h.settle()
	if h.w.banner.Outcome() != checksum.Match {
		t.Fatalf("banner %v %q", h.w.banner.Outcome(), h.w.banner.Headline())
	}
	if got := h.w.status.Text; strings.HasPrefix(got, "0 of 1") || !strings.HasPrefix(got, "1 file hashed · computing the other algorithms") {
		t.Errorf("after the verdict the status says %q", got)
	}
}

// A 0-byte file (a download that failed) is remarked on its card.
func TestEmptyFileRemarked(t *testing.T) {
	h := newHarness(t)
	h.w.drop([]fyne.URI{storage.NewFileURI(writeFile(t, filepath.Join(t.TempDir(), "debian.iso"), ""))})
	h.waitFor("hashed", func() bool { return h.allFinished() && h.w.Idle() })
	c := h.card(h.item("debian.iso"))
	if !c.info.Visible() || !strings.HasPrefix(c.info.Text, "This file is empty (0 bytes)") || c.info.Importance != widget.WarningImportance {
		t.Errorf("card says %q (%v)", c.info.Text, c.info.Importance)
	}
}

// A file whose own signature is good but which does not match the digest
// of a checksum file beside it, or a pasted one: one verdict, a conflict
// naming both, never a green signature beside a red mismatch.
func TestOwnSignatureAndPublishedDisagree(t *testing.T) {
	h := newHarness(t)
	_, iso, sums, g, fpr := signedDownload(t)
	os.Remove(sums + ".gpg")
	writeFile(t, sums, sha256Hex("abd")+"  ubuntu.iso\n") // unsigned, and wrong
	writeFile(t, iso+".sig", string(g.Sign([]byte("abc"), fpr, "--detach-sign")))
	h.w.Add([]string{iso})
	h.waitFor("the signature checked", func() bool { return h.allFinished() && len(h.w.files.items) == 1 && h.w.files.items[0].ownSig != nil })
	h.settle()
	b := h.w.banner
	if b.Outcome() != checksum.Conflict || b.Headline() != "ubuntu.iso's signature and SHA256SUMS disagree: do not rely on it" {
		t.Errorf("banner %v %q", b.Outcome(), b.Headline())
	}
	if d := b.Detail(); !strings.Contains(d, "signed by Example Release") || !strings.Contains(d, "SHA-256 "+sha256Hex("abd")[:16]+"…") {
		t.Errorf("detail %q, want the signer and the checksum file's digest", d)
	}
	it := h.item("ubuntu.iso")
	if _, line := it.verdictLine(); line != "Its signature is good, but it does not match SHA256SUMS" {
		t.Errorf("card says %q", line)
	}
	if len(it.marks) != 0 {
		t.Errorf("rows marked %v", it.marks)
	}

	h.w.expected.SetText(sha256Hex("abe"))
	h.settle()
	if b.Outcome() != checksum.Conflict || b.Headline() != "ubuntu.iso's signature and the pasted digest disagree: do not rely on it" {
		t.Errorf("pasted: banner %v %q", b.Outcome(), b.Headline())
	}
}

// On a small screen (1024 x 600 less a panel) a long banner does not make
// the window need more than the screen, the Algorithms bar stays on it,
// and the banner is reachable by scrolling the top; the first size fits a
// 1366 x 768 laptop.
func TestWindowFitsASmallScreenWithALongBanner(t *testing.T) {
	small := fyne.NewSize(1024, 600-70)
	if defaultSize.Width > laptop.Width || defaultSize.Height > laptop.Height {
		t.Errorf("the window opens at %v, more than a laptop gives (%v)", defaultSize, laptop)
	}
	h := newHarness(t)
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "ubuntu-24.04.1-desktop-amd64.iso"), "abc")})
	h.waitFor("hashed", h.allFinished)
	h.w.expected.SetText("sha512:" + fmt.Sprintf("%x", hashOf(mustAlg("sha512"), "abd"))) // a mismatch: the digests compared, six lines
	h.settle()
	if !h.w.banner.compare.Visible() {
		t.Fatal("no digest comparison under the mismatch")
	}
	if m := h.win.Content().MinSize(); m.Height > small.Height || m.Width > small.Width {
		t.Errorf("with a long banner the window needs %v, more than %v", m, small)
	}
	h.win.Resize(small)
	bar := h.w.picker.object()
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(bar)
	if pos.Y+bar.Size().Height > h.win.Canvas().Size().Height || !bar.Visible() {
		t.Errorf("the Algorithms bar lies at %v+%v, off a window of %v", pos, bar.Size(), h.win.Canvas().Size())
	}
	scroll, ok := h.w.mainView.(*fyne.Container).Objects[0].(*container.Scroll)
	if !ok || scroll.Content.MinSize().Height <= scroll.Size().Height {
		t.Errorf("the top should scroll at this size (%v in %v)", scroll.Content.MinSize(), scroll.Size())
	}
}

// Esc during a folder walk says what became of the drop, instead of
// leaving an empty window without a word.
func TestEscDuringAWalkSaysSo(t *testing.T) {
	h := newHarness(t)
	folder := filepath.Join(t.TempDir(), "release")
	for i := range 3 {
		writeFile(t, filepath.Join(folder, fmt.Sprintf("f%d.bin", i)), "x")
	}
	h.w.drop([]fyne.URI{storage.NewFileURI(folder)})
	h.w.escape()
	h.settle()
	if len(h.w.files.items) != 0 {
		t.Fatalf("%d files listed after Esc", len(h.w.files.items))
	}
	if !h.w.note.Visible() || !strings.HasPrefix(h.w.note.Text, "Cancelled: the ") {
		t.Errorf("after Esc the window says %q (shown %v)", h.w.note.Text, h.w.note.Visible())
	}
}

// A banner shown after the window was laid out gets its room when there
// is room: the top is laid out again (its scroll hides its growth from
// Fyne), not left cut under the list.
func TestBannerShownLaterGetsItsRoom(t *testing.T) {
	h := newHarness(t)
	h.win.Resize(fyne.NewSize(960, 680))
	folder := filepath.Join(t.TempDir(), "release")
	var sums strings.Builder
	for i := range 20 {
		name := fmt.Sprintf("part%02d.bin", i)
		writeFile(t, filepath.Join(folder, name), name)
		fmt.Fprintf(&sums, "%s  %s\n", sha256Hex(name), name)
	}
	writeFile(t, filepath.Join(folder, "SHA256SUMS"), sums.String())
	h.w.drop([]fyne.URI{storage.NewFileURI(folder)})
	h.waitFor("every file hashed", func() bool { return h.allFinished() && h.w.Idle() })
	h.settle()
	if h.w.banner.Outcome() != checksum.Match {
		t.Fatalf("banner %v %q", h.w.banner.Outcome(), h.w.banner.Headline())
	}
	scroll := h.w.mainView.(*fyne.Container).Objects[0].(*container.Scroll)
	if got, want := scroll.Size().Height, h.w.layout.top.MinSize().Height; got < want {
		t.Errorf("the top is %v high in a window of %v, its content needs %v: the banner is cut", got, h.win.Canvas().Size(), want)
	}
}

// Cancelling a file's other algorithms after its verdict leaves a way to
// finish them on its card: the card says so, and ↻ reads the file for
// those only.
func TestFinishAlgorithmsCancelledAfterTheVerdict(t *testing.T) {
	h := newHarness(t)
	h.core.hold = true
	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "f.iso"), "abc")
	writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("abc")+"  f.iso\n")
	h.w.drop([]fyne.URI{storage.NewFileURI(iso)})
	h.waitFor("the file queued", func() bool { return h.core.queued() == 1 })
	h.core.job(0).finish() // the verdict's pass
	h.waitFor("the other algorithms queued", func() bool { return h.core.queued() == 2 })
	h.settle()
	it := h.item("f.iso")
	h.w.cancelItem(it)
	h.settle()
	c := h.card(it)
	if it.state != stateDone || !c.retry.Visible() || !strings.Contains(c.info.Text, "were cancelled") {
		t.Fatalf("after cancelling: %v, retry shown %v, card says %q", it.state, c.retry.Visible(), c.info.Text)
	}
	if c.state.Text != "partly cancelled" { // not "done" (issue 37)
		t.Errorf("the card's state says %q after Esc", c.state.Text)
	}
	rest := algNames(it.unfinished())
	test.Tap(c.retry)
	h.waitFor("the rest queued", func() bool { return h.core.queued() == 3 })
	if got := algNames(h.core.job(2).algs); got != rest || strings.Contains(got, "SHA-256") {
		t.Errorf("read again for %s, want the cancelled ones only (%s)", got, rest)
	}
	h.waitFor("done", func() bool { h.core.release(); return h.allFinished() && h.w.Idle() })
	if len(it.unfinished()) != 0 || h.card(it).retry.Visible() {
		t.Errorf("still unfinished: %v", algNames(it.unfinished()))
	}
}
