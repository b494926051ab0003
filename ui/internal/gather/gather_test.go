package gather

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/desktop"
)

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFilesWalksFoldersInOrder(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "b", "2.txt"), "22")
	write(t, filepath.Join(dir, "b", "1.txt"), "1")
	write(t, filepath.Join(dir, "a.iso"), "abc")
	write(t, filepath.Join(dir, "b", "c", "ファイル.txt"), "")
	if runtime.GOOS != "windows" {
		os.Symlink(filepath.Join(dir, "b"), filepath.Join(dir, "loop")) // a link to a folder is not followed
		os.Symlink(filepath.Join(dir, "a.iso"), filepath.Join(dir, "z-link"))
	}
	lone := filepath.Join(t.TempDir(), "lone.bin")
	write(t, lone, "12345")
	missing := filepath.Join(dir, "missing.iso")

	var counts []int
	res := Files(context.Background(), []string{dir, lone, missing, lone}, func(n int) { counts = append(counts, n) })
	top := filepath.Base(dir)
	want := []File{
		{filepath.Join(dir, "a.iso"), filepath.Join(top, "a.iso"), 3},
		{filepath.Join(dir, "b", "1.txt"), filepath.Join(top, "b", "1.txt"), 1},
		{filepath.Join(dir, "b", "2.txt"), filepath.Join(top, "b", "2.txt"), 2},
		{filepath.Join(dir, "b", "c", "ファイル.txt"), filepath.Join(top, "b", "c", "ファイル.txt"), 0},
	}
	if runtime.GOOS != "windows" {
		want = append(want, File{filepath.Join(dir, "z-link"), filepath.Join(top, "z-link"), 3})
	}
	want = append(want, File{lone, "lone.bin", 5}, File{missing, "missing.iso", -1})
	if len(res.Files) != len(want) {
		t.Fatalf("got %v, want %v", res.Files, want)
	}
	for i := range want {
		if res.Files[i] != want[i] {
			t.Errorf("file %d = %v, want %v", i, res.Files[i], want[i])
		}
	}
	if len(counts) == 0 || counts[len(counts)-1] != len(want) {
		t.Errorf("counts reported %v, want the last to be %d", counts, len(want))
	}
	if runtime.GOOS != "windows" && res.Skipped != 1 {
		t.Errorf("skipped %d, want 1 (the link to a folder)", res.Skipped)
	}
}

func TestFilesStopsWhenCancelled(t *testing.T) {
	dir := t.TempDir()
	for i := range 50 {
		write(t, filepath.Join(dir, string(rune('a'+i%26))+string(rune('a'+i/26))), "x")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res := Files(ctx, []string{dir}, nil); len(res.Files) != 0 {
		t.Errorf("found %d files after cancel", len(res.Files))
	}
}

func TestLooksLikeSums(t *testing.T) {
	for name, want := range map[string]bool{
		"SHA256SUMS": true, "sha256sum.txt": true, "MD5SUMS": true, "CHECKSUM": true, "CHECKSUMS.txt": true,
		"Fedora-Workstation-40-1.14-x86_64-CHECKSUM": true, "gentoo.iso.DIGESTS": true, "x.sfv": true,
		"ubuntu.iso.sha256": true, "a.md5": true, "b.sha512sum": true, "c.sha3-256": true, "SHA512SUMS": true,
		"ubuntu.iso": false, "sha256.go": false, "README.md": false, "checksum.go": false, "notes.txt": false,
		"CHECKSUM.SHA256-FreeBSD-14.0-RELEASE-amd64": true, "B2SUMS": true, "SHASUMS256.txt": true,
		"SHA256SUMS.asc": false, "SHA256SUMS.sig": false, "SHA256SUMS.gpg": false,
	} {
		if got := LooksLikeSums("/some/dir/" + name); got != want {
			t.Errorf("LooksLikeSums(%q) = %v, want %v", name, got, want)
		}
	}
}

// Every file the desktop is told Hashdrop opens (the shared-mime-info globs
// of the Linux package, the extensions Windows associates) opens in the
// checksum-file view when Hashdrop is launched with it, not hashed as a file.
func TestDesktopChecksumFilesLookLikeSums(t *testing.T) {
	xml, err := os.ReadFile(filepath.Join("..", "..", "..", "assets", "linux", "io.github.hashdrop.hashdrop.xml"))
	if err != nil {
		t.Fatal(err)
	}
	globs := regexp.MustCompile(`<glob pattern="([^"]+)"`).FindAllStringSubmatch(string(xml), -1)
	if len(globs) < 10 {
		t.Fatalf("found %d globs in the MIME types", len(globs))
	}
	var names []string
	for _, g := range globs {
		names = append(names, strings.ReplaceAll(g[1], "*", "ubuntu-24.04.iso"))
	}
	for _, ext := range desktop.ChecksumExtensions {
		names = append(names, "ubuntu-24.04.iso"+ext)
	}
	for _, name := range names {
		for _, n := range []string{name, strings.ToLower(name), strings.ToUpper(name)} {
			if !LooksLikeSums(filepath.Join("/dl", n)) {
				t.Errorf("%s is opened by Hashdrop from the desktop, but would be hashed instead of checked", n)
			}
		}
	}
}
