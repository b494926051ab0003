package watch

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

const settle = 3 * time.Second

// fakeTime is the tests' clock: they move it, nothing sleeps.
type fakeTime struct{ now time.Time }

func (c *fakeTime) step(d time.Duration) time.Time { c.now = c.now.Add(d); return c.now }

func newFake() *fakeTime { return &fakeTime{now: time.Date(2026, 12, 7, 4, 0, 0, 0, time.UTC)} }

func write(t *testing.T, dir, name, data string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

func appendTo(t *testing.T, dir, name, data string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(data)
	f.Close()
}

func rename(t *testing.T, dir, from, to string) {
	t.Helper()
	if err := os.Rename(filepath.Join(dir, from), filepath.Join(dir, to)); err != nil {
		t.Fatal(err)
	}
}

// settleAll moves the clock in steps of a second for d and returns what
// was finished, in order.
func settleAll(tr *Tracker, c *fakeTime, d time.Duration) []string {
	var got []string
	for end := c.now.Add(d); c.now.Before(end); {
		got = append(got, tr.Due(c.step(time.Second))...)
	}
	return got
}

func TestFirefoxPlaceholderAndRandomPart(t *testing.T) {
	dir := t.TempDir()
	c := newFake()
	tr := NewTracker(dir, settle)
	final := "ubuntu-24.04.1-desktop-amd64.iso"
	part := "ubuntu-24.Xa7rT.04.1-desktop-amd64.iso.part"
	write(t, dir, final, "") // the zero-byte placeholder under the final name
	tr.Touch(final, c.now)
	write(t, dir, part, "first half ")
	tr.Touch(part, c.now)
	if got := settleAll(tr, c, 10*time.Second); len(got) != 0 {
		t.Fatalf("finished %q while Firefox still writes the .part", got)
	}
	appendTo(t, dir, part, "second half")
	tr.Touch(part, c.now)
	if got := settleAll(tr, c, 10*time.Second); len(got) != 0 {
		t.Fatalf("finished %q while Firefox still writes the .part", got)
	}
	rename(t, dir, part, final) // the move over the placeholder
	tr.Touch(part, c.now)
	tr.Touch(final, c.now)
	if got := settleAll(tr, c, 10*time.Second); !slices.Equal(got, []string{final}) {
		t.Fatalf("finished %q, want only %q", got, final)
	}
	tr.Touch(final, c.now) // Firefox's chmod after the move: the same file
	if got := settleAll(tr, c, 10*time.Second); len(got) != 0 {
		t.Fatalf("told %q again after a chmod", got)
	}
}

func TestFirefoxFinalWaitsForRandomPart(t *testing.T) {
	dir := t.TempDir()
	c := newFake()
	tr := NewTracker(dir, settle)
	// A file under the final name that is not empty, while a randomised
	// part file of it is still there, is not finished.
	write(t, dir, "a.tar.gz", "old copy")
	write(t, dir, "a.k3j9.tar.gz.part", "new")
	tr.Touch("a.tar.gz", c.now)
	if got := settleAll(tr, c, 20*time.Second); len(got) != 0 {
		t.Fatalf("finished %q beside its .part", got)
	}
	os.Remove(filepath.Join(dir, "a.k3j9.tar.gz.part"))
	if got := settleAll(tr, c, 10*time.Second); !slices.Equal(got, []string{"a.tar.gz"}) {
		t.Fatalf("finished %q, want a.tar.gz once its .part is gone", got)
	}
}

func TestChromiumRenameOverEmptyFile(t *testing.T) {
	for _, suffix := range []string{".crdownload", ".opdownload", ".download", ".wkdownload"} {
		t.Run(suffix, func(t *testing.T) {
			dir := t.TempDir()
			c := newFake()
			tr := NewTracker(dir, settle)
			name := "release.iso"
			write(t, dir, name+suffix, "data so far")
			tr.Touch(name+suffix, c.now)
			settleAll(tr, c, 5*time.Second)
			appendTo(t, dir, name+suffix, " and the rest")
			tr.Touch(name+suffix, c.now)
			write(t, dir, name, "") // the empty file made just before the rename
			tr.Touch(name, c.now)
			if got := settleAll(tr, c, 10*time.Second); len(got) != 0 {
				t.Fatalf("finished %q before the rename", got)
			}
			rename(t, dir, name+suffix, name)
			tr.Touch(name+suffix, c.now)
			tr.Touch(name, c.now)
			if got := settleAll(tr, c, 10*time.Second); !slices.Equal(got, []string{name}) {
				t.Fatalf("finished %q, want %q", got, name)
			}
		})
	}
}

func TestUnconfirmedCrdownloadIsNeverFinished(t *testing.T) {
	dir := t.TempDir()
	c := newFake()
	tr := NewTracker(dir, settle)
	write(t, dir, "Unconfirmed 196614.crdownload", "x")
	write(t, dir, ".org.chromium.Chromium.a1B2c3", "x")
	tr.Touch("Unconfirmed 196614.crdownload", c.now)
	tr.Touch(".org.chromium.Chromium.a1B2c3", c.now)
	if got := settleAll(tr, c, time.Minute); len(got) != 0 {
		t.Fatalf("finished %q", got)
	}
	if tr.Pending() != 0 {
		t.Fatalf("%d names still pending", tr.Pending())
	}
}

func TestSlowInPlaceWrite(t *testing.T) {
	dir := t.TempDir()
	c := newFake()
	tr := NewTracker(dir, settle)
	write(t, dir, "big.iso", "")
	tr.Touch("big.iso", c.now)
	for i := range 20 { // wget: a write every two seconds, under the final name
		appendTo(t, dir, "big.iso", "block ")
		tr.Touch("big.iso", c.now)
		if got := tr.Due(c.step(2 * time.Second)); len(got) != 0 {
			t.Fatalf("finished %q after write %d of a download still arriving", got, i)
		}
	}
	if got := settleAll(tr, c, 10*time.Second); !slices.Equal(got, []string{"big.iso"}) {
		t.Fatalf("finished %q, want big.iso once the writes stop", got)
	}
}

func TestSizeMustStayWithoutEvents(t *testing.T) {
	// Events can be lost: a size that changes between two looks is not
	// stable, even if nothing said so.
	dir := t.TempDir()
	c := newFake()
	tr := NewTracker(dir, settle)
	write(t, dir, "f.bin", "1")
	tr.Touch("f.bin", c.now)
	if got := tr.Due(c.step(settle)); len(got) != 0 {
		t.Fatalf("finished %q at the first look", got)
	}
	appendTo(t, dir, "f.bin", "2") // no Touch
	if got := tr.Due(c.step(settle)); len(got) != 0 {
		t.Fatalf("finished %q although its size changed", got)
	}
	if got := tr.Due(c.step(settle)); !slices.Equal(got, []string{"f.bin"}) {
		t.Fatalf("finished %q, want f.bin after two equal looks", got)
	}
}

func TestDeletedBeforeFinished(t *testing.T) {
	dir := t.TempDir()
	c := newFake()
	tr := NewTracker(dir, settle)
	write(t, dir, "x.zip.part", "half")
	tr.Touch("x.zip.part", c.now)
	write(t, dir, "y.zip", "half")
	tr.Touch("y.zip", c.now)
	tr.Due(c.step(settle))
	os.Remove(filepath.Join(dir, "x.zip.part"))
	os.Remove(filepath.Join(dir, "y.zip"))
	tr.Touch("y.zip", c.now)
	if got := settleAll(tr, c, time.Minute); len(got) != 0 {
		t.Fatalf("finished %q, which were deleted", got)
	}
	if tr.Pending() != 0 {
		t.Fatalf("%d names still pending", tr.Pending())
	}
}

func TestOldFilesAndRescan(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "old.iso", "there before")
	c := newFake()
	tr := NewTracker(dir, settle)
	tr.Rescan(c.now)
	if got := settleAll(tr, c, time.Minute); len(got) != 0 {
		t.Fatalf("finished %q, there before the watch", got)
	}
	write(t, dir, "new.iso", "arrived, its event lost")
	tr.Rescan(c.now)
	if got := settleAll(tr, c, time.Minute); !slices.Equal(got, []string{"new.iso"}) {
		t.Fatalf("finished %q, want new.iso", got)
	}
	// Downloaded again over itself: a new file, finished again.
	os.Remove(filepath.Join(dir, "new.iso"))
	write(t, dir, "new.iso", "arrived again, longer")
	tr.Touch("new.iso", c.now)
	if got := settleAll(tr, c, time.Minute); !slices.Equal(got, []string{"new.iso"}) {
		t.Fatalf("finished %q, want new.iso again", got)
	}
}

func TestNext(t *testing.T) {
	dir := t.TempDir()
	c := newFake()
	tr := NewTracker(dir, settle)
	if _, ok := tr.Next(); ok {
		t.Fatal("Next with nothing pending")
	}
	write(t, dir, "a", "a")
	tr.Touch("a", c.now)
	if at, ok := tr.Next(); !ok || !at.Equal(c.now.Add(settle)) {
		t.Fatalf("Next = %v, %v; want the settle time after the event", at, ok)
	}
	tr.Due(c.step(settle))
	if at, ok := tr.Next(); !ok || !at.Equal(c.now.Add(settle)) {
		t.Fatalf("Next = %v, %v; want the settle time after the first look", at, ok)
	}
}

func TestInProgressAndBusy(t *testing.T) {
	for _, n := range []string{"a.iso.part", "a.iso.CRDOWNLOAD", "a.iso.download", "a.iso.opdownload", "a.iso.aria2", "Unconfirmed 1.crdownload", ".com.google.Chrome.abc123"} {
		if !InProgress(n) {
			t.Errorf("InProgress(%q) = false", n)
		}
	}
	for _, n := range []string{"a.iso", "SHA256SUMS", "partition.img", "download"} {
		if InProgress(n) {
			t.Errorf("InProgress(%q) = true", n)
		}
	}
	if !busy("a.iso", []string{"a.iso", "a.iso.aria2"}) || busy("a.iso", []string{"a.iso", "b.iso.part"}) || busy("a", []string{"a", "a.x.part"}) {
		t.Error("busy is wrong")
	}
}

// Ten thousand files arriving at once: each is finished once, in one pass
// over the folder, and the tracker forgets them as they are told.
func TestTenThousandAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 10,000 files")
	}
	dir := t.TempDir()
	c := newFake()
	tr := NewTracker(dir, settle)
	const n = 10000
	for i := range n {
		name := fmt.Sprintf("file%05d.bin", i)
		write(t, dir, name, "x")
		tr.Touch(name, c.now)
	}
	heap := apptest.LiveHeap()
	got := settleAll(tr, c, 10*time.Second)
	if len(got) != n || tr.Pending() != 0 {
		t.Fatalf("finished %d of %d, %d pending", len(got), n, tr.Pending())
	}
	if grown := int64(apptest.LiveHeap()) - int64(heap); grown > 8<<20 {
		t.Errorf("the heap grew by %d bytes", grown)
	}
}
