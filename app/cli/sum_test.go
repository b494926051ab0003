package cli

import (
	"bytes"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/hashing"
)

// run runs the command line with stdin and returns its output and exit code.
func run(stdin []byte, args ...string) (stdout, stderr string, code int) {
	var out, errs bytes.Buffer
	code = Main(args, bytes.NewReader(stdin), &out, &errs)
	return out.String(), errs.String(), code
}

func hexOf(id string, data []byte) string {
	return hex.EncodeToString(apptest.SumWith(apptest.Alg(id), data))
}

// files writes the named files with distinct contents into a temporary folder.
func writeFiles(t *testing.T, sizes map[string]int) (dir string, data map[string][]byte) {
	dir, data = t.TempDir(), map[string][]byte{}
	seed := uint64(100)
	for name, size := range sizes {
		seed++
		data[name] = apptest.RandomBytes(size, seed)
		if err := os.WriteFile(filepath.Join(dir, name), data[name], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, data
}

func TestSumLines(t *testing.T) {
	dir, data := writeFiles(t, map[string]int{"a.iso": 3<<20 + 1, "b.txt": 0, "c": 1000})
	t.Chdir(dir)
	stdin := apptest.RandomBytes(70000, 1)

	out, errs, code := run(stdin, "sum", "a.iso", "b.txt", "-", "c")
	want := hexOf("sha256", data["a.iso"]) + "  a.iso\n" + hexOf("sha256", data["b.txt"]) + "  b.txt\n" +
		hexOf("sha256", stdin) + "  -\n" + hexOf("sha256", data["c"]) + "  c\n"
	if out != want || errs != "" || code != ExitOK {
		t.Errorf("sum: code %d\n%s\nstderr %q\nwant\n%s", code, out, errs, want)
	}

	// Several algorithms (or --tag): BSD lines, in table order; flags after the files.
	out, _, code = run(nil, "sum", "c", "-a", "SHA-1,md5")
	want = "MD5 (c) = " + hexOf("md5", data["c"]) + "\nSHA1 (c) = " + hexOf("sha1", data["c"]) + "\n"
	if out != want || code != ExitOK {
		t.Errorf("sum -a SHA-1,md5: %q, want %q", out, want)
	}
	out, _, _ = run(nil, "sum", "--tag", "-a", "crc32", "c")
	if want := "CRC32 (c) = " + hexOf("crc32", data["c"]) + "\n"; out != want {
		t.Errorf("sum --tag: %q, want %q", out, want)
	}

	// Every algorithm, in the order of the table, each with its tag.
	out, _, _ = run(nil, "sum", "-a", "all", "-j", "1", "c")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(hashing.All()) {
		t.Fatalf("sum -a all: %d lines", len(lines))
	}
	for i, a := range hashing.All() {
		if want := a.Tag + " (c) = " + hexOf(a.ID, data["c"]); lines[i] != want {
			t.Errorf("line %d: %q, want %q", i, lines[i], want)
		}
	}
}

func TestSumReportsEachUnreadableFileAndHashesTheOthers(t *testing.T) {
	dir, data := writeFiles(t, map[string]int{"big.iso": 4 << 20, "small": 10, "locked": 10, "gone-later": 10})
	t.Chdir(dir)
	os.Mkdir("folder", 0o755)
	sumOpen = func(name string) (app.File, error) {
		if name == "locked" {
			return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
		}
		return os.Open(name)
	}
	defer func() { sumOpen = nil }()

	out, errs, code := run(nil, "sum", "-a", "md5", "missing.iso", "big.iso", "folder", "locked", "small")
	want := hexOf("md5", data["big.iso"]) + "  big.iso\n" + hexOf("md5", data["small"]) + "  small\n"
	wantErrs := "hashdrop: cannot read missing.iso: no such file\n" +
		"hashdrop: cannot read folder: is a folder\n" +
		"hashdrop: cannot read locked: permission denied\n"
	if out != want || errs != wantErrs || code != ExitFail {
		t.Errorf("code %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s\nwant:\n%s", code, out, want, errs, wantErrs)
	}

	// A real unreadable file, where the permission is enforced (not for root).
	if os.Geteuid() == 0 {
		t.Log("running as root, who can read anything: the permission case used an injected opener only")
		return
	}
	sumOpen = nil
	os.Chmod("small", 0)
	_, errs, code = run(nil, "sum", "small", "big.iso")
	if errs != "hashdrop: cannot read small: permission denied\n" || code != ExitFail {
		t.Errorf("unreadable file: code %d, stderr %q", code, errs)
	}
}

func TestSumUsage(t *testing.T) {
	for _, args := range [][]string{
		{"sum", "-a", "sha257", "x"},
		{"sum", "-a", "md5"},
		{"sum", "-j", "-1", "x"},
		{"sum", "--frobnicate", "x"},
	} {
		_, errs, code := run(nil, args...)
		if code != ExitUsage || errs == "" {
			t.Errorf("%q: code %d, stderr %q", args, code, errs)
		}
	}
	_, errs, _ := run(nil, "sum", "-a", "sha257", "x")
	if !strings.Contains(errs, `unknown algorithm "sha257"`) || !strings.Contains(errs, strings.Join(hashing.IDs(), ", ")) {
		t.Errorf("unknown algorithm: stderr %q does not list the valid names", errs)
	}
}

func TestSumWritesOutputAtomically(t *testing.T) {
	dir, data := writeFiles(t, map[string]int{"a": 5000, "b": 7})
	t.Chdir(dir)
	os.WriteFile("SHA256SUMS", []byte("old contents\n"), 0o644)
	out, errs, code := run(nil, "sum", "-o", "SHA256SUMS", "a", "b")
	if got, _ := os.ReadFile("SHA256SUMS"); code != ExitFail || !strings.Contains(errs, "cannot write SHA256SUMS: already exists (--force replaces it)") || string(got) != "old contents\n" {
		t.Errorf("sum -o onto an existing file: code %d, stderr %q, file now %q", code, errs, got)
	}
	out, errs, code = run(nil, "sum", "-o", "SHA256SUMS", "--force", "a", "b")
	if out != "" || errs != "" || code != ExitOK {
		t.Fatalf("sum -o: code %d, stdout %q, stderr %q", code, out, errs)
	}
	got, _ := os.ReadFile("SHA256SUMS")
	if want := hexOf("sha256", data["a"]) + "  a\n" + hexOf("sha256", data["b"]) + "  b\n"; string(got) != want {
		t.Errorf("SHA256SUMS:\n%s\nwant:\n%s", got, want)
	}
	entries, _ := os.ReadDir(".")
	if len(entries) != 3 {
		t.Errorf("files left behind: %v", entries)
	}
}

// failingWriter fails every write, as a full disk does.
type failingWriter struct{ writes int }

func (w *failingWriter) Write(p []byte) (int, error) {
	w.writes++
	return 0, syscall.ENOSPC
}

func TestWriteErrorsAreReported(t *testing.T) {
	dir, _ := writeFiles(t, map[string]int{"a": 10, "b": 20})
	t.Chdir(dir)
	os.WriteFile("SUMS", []byte(hexOf("sha256", nil)+"  a\n"), 0o644)
	for _, args := range [][]string{{"sum", "a", "b"}, {"check", "SUMS"}, {"algos"}, {"--help"}} {
		var errs bytes.Buffer
		w := &failingWriter{}
		code := Main(args, strings.NewReader(""), w, &errs)
		if code != ExitFail || !strings.Contains(errs.String(), "hashdrop: write error: no space left on device") {
			t.Errorf("%q onto a full disk: code %d, stderr %q", args, code, errs.String())
		}
		if args[0] == "sum" && w.writes != 1 {
			t.Errorf("sum went on writing after a failed write: %d writes", w.writes)
		}
	}

	// The real thing: /dev/full takes no byte.
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here:", err)
	}
	defer full.Close()
	var errs bytes.Buffer
	if code := Main([]string{"sum", "a"}, strings.NewReader(""), full, &errs); code != ExitFail || !strings.Contains(errs.String(), "write error") {
		t.Errorf("sum > /dev/full: code %d, stderr %q", code, errs.String())
	}
}

func TestCloseStdoutReportsALateError(t *testing.T) {
	var errs bytes.Buffer
	if code := CloseStdout(ExitOK, closerFunc(func() error { return &fs.PathError{Op: "close", Path: "/dev/stdout", Err: syscall.EIO} }), &errs); code != ExitFail ||
		!strings.Contains(errs.String(), "hashdrop: write error: input/output error") {
		t.Errorf("code %d, stderr %q", code, errs.String())
	}
	errs.Reset()
	if code := CloseStdout(ExitUsage, closerFunc(func() error { return nil }), &errs); code != ExitUsage || errs.Len() != 0 {
		t.Errorf("a clean close: code %d, stderr %q", code, errs.String())
	}
}

type closerFunc func() error

func (f closerFunc) Close() error { return f() }

func TestSumOutOntoAFolderOrALink(t *testing.T) {
	dir, data := writeFiles(t, map[string]int{"a": 1})
	t.Chdir(dir)
	os.Mkdir("folder", 0o755)
	for _, force := range []string{"--tag", "--force"} {
		_, errs, code := run(nil, "sum", force, "-o", "folder", "a")
		if code != ExitFail || errs != "hashdrop: cannot write folder: is a folder\n" {
			t.Errorf("sum %s -o folder: code %d, stderr %q", force, code, errs)
		}
	}
	// A dangling link is followed, as a shell's > does: its target is
	// written and the link stays.
	os.Symlink("SUMS.real", "link")
	if _, errs, code := run(nil, "sum", "-o", "link", "a"); code != ExitOK {
		t.Fatalf("sum -o dangling link: code %d, stderr %q", code, errs)
	}
	if st, err := os.Lstat("link"); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Error("the link itself was replaced")
	}
	got, _ := os.ReadFile("SUMS.real")
	if want := hexOf("sha256", data["a"]) + "  a\n"; string(got) != want {
		t.Errorf("SUMS.real: %q, want %q", got, want)
	}
	// Now it exists: refused through the link too.
	if _, errs, code := run(nil, "sum", "-o", "link", "a"); code != ExitFail || !strings.Contains(errs, "already exists") {
		t.Errorf("sum -o link to an existing file: code %d, stderr %q", code, errs)
	}
}

func TestSumOutNamesRelativeToItsFolder(t *testing.T) {
	dir, _ := writeFiles(t, map[string]int{"top": 3})
	t.Chdir(dir)
	os.Mkdir("sub", 0o755)
	os.WriteFile("sub/c.txt", []byte("ccc"), 0o644)
	abs := filepath.Join(dir, "sub", "c.txt")
	if _, errs, code := run(nil, "sum", "-o", "sub/SUMS", "sub/c.txt", abs); code != ExitOK {
		t.Fatalf("code %d, stderr %q", code, errs)
	}
	got, _ := os.ReadFile("sub/SUMS")
	line := hexOf("sha256", []byte("ccc")) + "  c.txt\n"
	if string(got) != line+line {
		t.Errorf("sub/SUMS:\n%s\nwant c.txt twice", got)
	}
	if out, errs, code := run(nil, "check", "sub/SUMS"); code != ExitOK {
		t.Errorf("check sub/SUMS: code %d\n%s%s", code, out, errs)
	}

	// A file outside OUT's folder cannot be listed in it: said, the others kept.
	_, errs, code := run(nil, "sum", "-o", "sub/SUMS2", "top", "sub/c.txt")
	got, _ = os.ReadFile("sub/SUMS2")
	if code != ExitFail || !strings.Contains(errs, "cannot list top in a checksum file in sub: it is outside that folder") || string(got) != line {
		t.Errorf("outside file: code %d, stderr %q, SUMS2 %q", code, errs, got)
	}
}

func TestSumStdinOnce(t *testing.T) {
	for _, args := range [][]string{{"sum", "-", "-"}, {"sum", "-a", "md5", "-", "x", "-"}, {"check", "-", "-"}} {
		out, errs, code := run([]byte("abc"), args...)
		if code != ExitUsage || out != "" || !strings.Contains(errs, "standard input (-) can be named only once") {
			t.Errorf("%q: code %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}
