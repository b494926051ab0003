package cli

import (
	"io/fs"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/hashdrop/hashdrop/app"
)

// writeNamed writes files of the given contents into a temporary folder and
// makes it the working one.
func writeNamed(t *testing.T, contents map[string]string) {
	t.Helper()
	dir := t.TempDir()
	for name, data := range contents {
		if err := os.WriteFile(dir+"/"+name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

func TestCompareIdentical(t *testing.T) {
	writeNamed(t, map[string]string{"ubuntu.iso": "the same bytes", "copy.iso": "the same bytes"})
	h := hexOf("sha256", []byte("the same bytes"))
	out, errs, code := run(nil, "compare", "ubuntu.iso", "copy.iso")
	if want := "1  " + h + "  ubuntu.iso\n1  " + h + "  copy.iso\n"; out != want || code != ExitOK {
		t.Errorf("code %d, stdout:\n%s\nwant:\n%s", code, out, want)
	}
	if want := "hashdrop compare: identical: ubuntu.iso and copy.iso have the same size and the same SHA-256\n"; errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}
}

// Of several algorithms the strongest decides and its digest is printed.
func TestCompareStrongestOfSeveralAlgorithms(t *testing.T) {
	writeNamed(t, map[string]string{"a": "x", "b": "x"})
	out, errs, code := run(nil, "compare", "-a", "crc32,sha512,md5", "a", "b")
	h := hexOf("sha512", []byte("x"))
	if out != "1  "+h+"  a\n1  "+h+"  b\n" || code != ExitOK || !strings.Contains(errs, "the same SHA-512") {
		t.Errorf("code %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestCompareDiffer(t *testing.T) {
	writeNamed(t, map[string]string{"a.iso": "abc", "b.iso": "abd"})
	out, errs, code := run(nil, "compare", "a.iso", "b.iso")
	want := "1  " + hexOf("sha256", []byte("abc")) + "  a.iso\n2  " + hexOf("sha256", []byte("abd")) + "  b.iso\n"
	if out != want || code != ExitFail {
		t.Errorf("code %d, stdout:\n%s\nwant:\n%s", code, out, want)
	}
	if want := "hashdrop compare: differ: a.iso and b.iso are not the same (SHA-256 differs)\n"; errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}
}

// Three files in two groups: the copies share a number.
func TestCompareGroups(t *testing.T) {
	writeNamed(t, map[string]string{"a": "one", "b": "two", "c": "one"})
	out, errs, code := run(nil, "compare", "a", "b", "c")
	one, two := hexOf("sha256", []byte("one")), hexOf("sha256", []byte("two"))
	if want := "1  " + one + "  a\n2  " + two + "  b\n1  " + one + "  c\n"; out != want || code != ExitFail {
		t.Errorf("code %d, stdout:\n%s\nwant:\n%s", code, out, want)
	}
	if !strings.HasSuffix(errs, "differ: 3 files in 2 groups by size and SHA-256, the first column: 1: a, c; 2: b\n") {
		t.Errorf("stderr %q", errs)
	}
}

// Sizes that differ are said before any file is read, and the files are
// still hashed for their lines.
func TestCompareSizesDiffer(t *testing.T) {
	writeNamed(t, map[string]string{"a": "short", "b": "longer"})
	out, errs, code := run(nil, "compare", "a", "b")
	lines := strings.Split(errs, "\n")
	if lines[0] != "hashdrop compare: the sizes differ (a 5 bytes, b 6 bytes): the files are not the same" ||
		lines[1] != "hashdrop compare: differ: a and b are not the same size" || code != ExitFail {
		t.Errorf("code %d, stderr %q", code, errs)
	}
	if want := "1  " + hexOf("sha256", []byte("short")) + "  a\n2  " + hexOf("sha256", []byte("longer")) + "  b\n"; out != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}
}

// An unreadable file is reported, the others are still compared, and the
// exit status is 2.
func TestCompareUnreadableFile(t *testing.T) {
	writeNamed(t, map[string]string{"a": "x", "b": "x", "locked": "x"})
	sumOpen = func(name string) (app.File, error) {
		if name == "locked" {
			return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
		}
		return os.Open(name)
	}
	defer func() { sumOpen = nil }()
	out, errs, code := run(nil, "compare", "a", "locked", "missing", "b")
	h := hexOf("sha256", []byte("x"))
	if want := "1  " + h + "  a\n1  " + h + "  b\n"; out != want || code != ExitUsage {
		t.Errorf("code %d, stdout:\n%s\nwant:\n%s", code, out, want)
	}
	want := "hashdrop: cannot read locked: permission denied\nhashdrop: cannot read missing: no such file\n" +
		"hashdrop compare: identical: a and b have the same size and the same SHA-256\n"
	if errs != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", errs, want)
	}
}

// Standard input is compared like a file, its size unknown.
func TestCompareStandardInput(t *testing.T) {
	writeNamed(t, map[string]string{"a": "piped"})
	out, _, code := run([]byte("piped"), "compare", "-", "a")
	h := hexOf("sha256", []byte("piped"))
	if out != "1  "+h+"  -\n1  "+h+"  a\n" || code != ExitOK {
		t.Errorf("code %d, stdout %q", code, out)
	}
}

func TestCompareUsage(t *testing.T) {
	writeNamed(t, map[string]string{"a": "x", "b": "x"})
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"compare", "a"}, "give two files or more"},
		{[]string{"compare"}, "give two files or more"},
		{[]string{"compare", "-", "-"}, "standard input (-) can be named only once"},
		{[]string{"compare", "-a", "sha257", "a", "b"}, "sha257"},
		{[]string{"compare", "-j", "-1", "a", "b"}, "-j must be 0 or more"},
		{[]string{"compare", "--frob", "a", "b"}, "flag provided but not defined"},
	} {
		out, errs, code := run(nil, tc.args...)
		if code != ExitUsage || out != "" || !strings.Contains(errs, tc.says) {
			t.Errorf("%q: code %d, stdout %q, stderr %q, want 2 and %q", tc.args, code, out, errs, tc.says)
		}
	}
	if !IsCommand([]string{"compare", "a", "b"}) {
		t.Error("compare is not a command")
	}
}
