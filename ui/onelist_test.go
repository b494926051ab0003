package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// longChecksumFiles makes every checksum file longer than the files list
// takes, so that one given alone is checked in the checksum-file view, as
// one of millions of entries is; for the tests of that view.
func longChecksumFiles(t *testing.T) {
	old := oneListLimit
	oneListLimit = 0
	t.Cleanup(func() { oneListLimit = old })
}

// namesOf are the base names of items, in order.
func namesOf(items []*fileItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, filepath.Base(it.path))
	}
	return out
}

// A checksum file opened on its own is one list with the files (issue 37):
// the files it names, at any depth, are rows checked against it, those
// that are gone are rows that say so, one it names outside its folder is a
// row that says it was not read (the user said only the folder), and the
// banner and the filter are the files list's, from the verdict engine.
func TestChecksumFileOpenedAloneIsOneList(t *testing.T) {
	h := newHarness(t)
	h.win.SetContent(h.w.body)
	top := t.TempDir()
	root := filepath.Join(top, "release")
	var sums strings.Builder
	for i := range 24 {
		name := fmt.Sprintf("%c/file-%04d.bin", 'a'+i%4, i)
		data := fmt.Sprint("file ", i)
		writeFile(t, filepath.Join(root, filepath.FromSlash(name)), data)
		fmt.Fprintf(&sums, "%s  %s\n", sha256Hex(data), name)
	}
	writeFile(t, filepath.Join(top, "secret.txt"), "not theirs")
	fmt.Fprintf(&sums, "%s  ../secret.txt\n", sha256Hex("not theirs"))
	sumsPath := writeFile(t, filepath.Join(root, "SHA256SUMS"), sums.String())
	for _, name := range []string{"b/file-0001.bin", "c/file-0002.bin", "d/file-0003.bin"} {
		writeFile(t, filepath.Join(root, filepath.FromSlash(name)), "damaged")
	}
	for _, name := range []string{"a/file-0004.bin", "a/file-0008.bin"} {
		if err := os.Remove(filepath.Join(root, filepath.FromSlash(name))); err != nil {
			t.Fatal(err)
		}
	}
	h.dialogs.sums = sumsPath
	h.dialogs.confirm = false // "Only the folder"
	h.w.openChecksumFile()
	h.waitFor("read and judged", func() bool {
		return len(h.w.files.items) == 25 && h.allFinished() && h.w.Idle() && h.w.banner.Outcome() == checksum.Mismatch
	})
	h.settle()
	if h.w.sums != nil {
		t.Error("a checksum file of 25 entries went to the checksum-file view")
	}
	if h.dialogs.cautions != 1 || !strings.Contains(h.dialogs.asked[0], "names 1 file outside its folder") {
		t.Errorf("asked %q, want one question about the file outside", h.dialogs.asked)
	}
	if got, want := h.w.banner.Headline(), "3 files do NOT match the digests published for them: do not use them"; got != want {
		t.Errorf("headline %q, want %q", got, want)
	}
	for _, name := range []string{"file-0001.bin", "file-0002.bin", "file-0003.bin"} {
		if !strings.Contains(h.w.banner.Detail(), name) {
			t.Errorf("the banner does not name %s: %q", name, h.w.banner.Detail())
		}
	}
	if it := h.item(filepath.Join("release", "b", "file-0001.bin")); it.verdict.Status != verdict.Failed {
		t.Errorf("b/file-0001.bin: %v, want FAILED", it.verdict.Status)
	}
	secret := h.item(filepath.Join(top, "secret.txt"))
	if secret.verdict.Status != verdict.Refused || len(secret.digests) > 0 {
		t.Errorf("the file outside: %v with %d digests, want refused and not read", secret.verdict.Status, len(secret.digests))
	}
	if got := secret.problemText(); !strings.Contains(got, "you chose only the folder") {
		t.Errorf("the file outside says %q", got)
	}
	if c := h.card(secret); c.retry.Visible() {
		t.Error("the file the user chose not to read can be read with ↻")
	}
	v := h.w.files.compact
	if v == nil {
		t.Fatal("25 files: not the compact list")
	}
	for _, c := range []struct {
		choice string
		want   []string
	}{
		{"Failed", []string{"file-0001.bin", "file-0002.bin", "file-0003.bin"}},
		{"Missing", []string{"file-0004.bin", "file-0008.bin"}},
		{"Unreadable", []string{"secret.txt"}},
	} {
		v.status.SetSelected(c.choice)
		h.settle()
		if got := namesOf(v.items()); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.choice, got, c.want)
		}
	}

	// Dropped itself, the file outside is read: the user asks for it.
	h.w.Add([]string{filepath.Join(top, "secret.txt")})
	h.waitFor("read", func() bool { return h.allFinished() && h.w.Idle() && len(secret.digests) > 0 })
	h.settle()
	if secret.verdict.Status != verdict.OK {
		t.Errorf("the file outside, dropped: %v, want OK", secret.verdict.Status)
	}
}

// The everyday case opened the other way round: the SHA256SUMS beside the
// ISO opened alone lists the ISO (OK) and the other editions (not
// downloaded); the verdict is green, the others a detail.
func TestChecksumFileOpenedAloneEverydayCase(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "ubuntu-24.04-desktop-amd64.iso"), "the iso")
	sums := writeFile(t, filepath.Join(dir, "SHA256SUMS"), sha256Hex("the iso")+" *ubuntu-24.04-desktop-amd64.iso\n"+
		sha256Hex("server")+" *ubuntu-24.04-live-server-amd64.iso\n"+sha256Hex("arm")+" *ubuntu-24.04-desktop-arm64.iso\n")
	h.w.Add([]string{sums})
	h.waitFor("judged", func() bool {
		return len(h.w.files.items) == 3 && h.allFinished() && h.w.Idle() && h.w.banner.Outcome() == checksum.Match
	})
	h.settle()
	if h.w.sums != nil {
		t.Error("the SHA256SUMS went to the checksum-file view")
	}
	if got := h.w.report.Headline.Reason; got != verdict.AllMatch && got != verdict.PublishedMatch {
		t.Errorf("reason %v, want a match", got)
	}
	if got := h.w.report.Count[verdict.Missing]; got != 2 {
		t.Errorf("%d rows missing, want the 2 editions not downloaded", got)
	}
	if !strings.Contains(h.w.status.Text, "2 listed files are not here") {
		t.Errorf("status %q does not count the 2 not downloaded", h.w.status.Text)
	}
}

// A checksum file longer than the list takes is checked in its own view,
// which keeps a few bytes an entry.
func TestLongChecksumFileGoesToTheView(t *testing.T) {
	h := newHarness(t)
	old := oneListLimit
	oneListLimit = 2
	t.Cleanup(func() { oneListLimit = old })
	dir := t.TempDir()
	var sums strings.Builder
	for i := range 3 {
		name := fmt.Sprintf("f%d.bin", i)
		writeFile(t, filepath.Join(dir, name), name)
		fmt.Fprintf(&sums, "%s  %s\n", sha256Hex(name), name)
	}
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "SHA256SUMS"), sums.String())})
	h.waitFor("checked in the view", func() bool {
		return h.w.sums != nil && h.w.sums.results != nil && h.w.sums.checked == 3 && !h.w.sums.running()
	})
	if len(h.w.files.items) != 0 {
		t.Errorf("%d rows in the files list, want none", len(h.w.files.items))
	}
}
