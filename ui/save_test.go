package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// umask is this process's, read from /proc on Linux; -1 elsewhere.
func umask() int {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "Umask:"); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(v), 8, 32)
			if err == nil {
				return int(n)
			}
		}
	}
	return -1
}

// Save checksums offers the format and the algorithms with a matching
// name; a GNU SHA256SUMS is what sha256sum -c reads, with the usual
// permissions; an existing file is replaced only when the person says so.
func TestSaveChecksumsFormatsAndNames(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "x.iso"), "abc"), writeFile(t, filepath.Join(dir, "sub", "y.iso"), "xyz")})
	h.waitFor("hashed", func() bool { return h.allFinished() && len(h.w.files.items) == 2 })

	h.w.saveChecksums()
	f := h.w.saving
	if !f.gnu() || f.algs[f.one.SelectedIndex()].ID != "sha256" || f.name() != "SHA256SUMS" {
		t.Fatalf("the form offers GNU %v with %s, named %s; want GNU SHA-256 in SHA256SUMS", f.gnu(), f.one.Selected, f.name())
	}
	h.dialogs.save = filepath.Join(dir, "SHA256SUMS")
	f.save()
	h.waitFor("saved", func() bool { _, err := os.Stat(h.dialogs.save); return err == nil })
	if h.dialogs.saveName != "SHA256SUMS" {
		t.Errorf("the save dialog suggested %q", h.dialogs.saveName)
	}
	data, _ := os.ReadFile(h.dialogs.save)
	want := sha256Hex("abc") + "  x.iso\n" + sha256Hex("xyz") + "  sub/y.iso\n"
	if string(data) != want {
		t.Errorf("SHA256SUMS holds:\n%s\nwant:\n%s", data, want)
	}
	if st, err := os.Stat(h.dialogs.save); err == nil {
		if m := umask(); m >= 0 && st.Mode().Perm() != os.FileMode(0o666&^m) {
			t.Errorf("mode %v, want %v (0666 less the umask %03o)", st.Mode().Perm(), os.FileMode(0o666&^m), m)
		}
	}
	if sum, err := exec.LookPath("sha256sum"); err == nil {
		cmd := exec.Command(sum, "-c", "--strict", "SHA256SUMS")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil || strings.Contains(string(out), "improperly formatted") {
			t.Errorf("sha256sum -c: %v\n%s", err, out)
		}
	}

	// BSD tagged, two algorithms: CHECKSUMS. Saving over SHA256SUMS asks
	// first; "no" leaves it as it was.
	h.w.saveChecksums()
	f = h.w.saving
	f.format.SetSelected(f.format.Options[1])
	for i, c := range f.many {
		c.SetChecked(f.algs[i].ID == "md5" || f.algs[i].ID == "sha256")
	}
	if f.name() != "CHECKSUMS" {
		t.Errorf("a tagged file of two algorithms is offered as %q", f.name())
	}
	h.dialogs.confirm = false
	f.save()
	h.waitFor("the question", func() bool { return len(h.dialogs.asked) == 1 })
	if got, _ := os.ReadFile(h.dialogs.save); string(got) != want {
		t.Errorf("SHA256SUMS was replaced unasked:\n%s", got)
	}
	h.dialogs.confirm = true
	f.save()
	h.waitFor("replaced", func() bool { got, _ := os.ReadFile(h.dialogs.save); return string(got) != want })
	got, _ := os.ReadFile(h.dialogs.save)
	if !strings.Contains(string(got), "MD5 (x.iso) = 900150983cd24fb0d6963f7d28e17f72\n") || !strings.Contains(string(got), "SHA256 (sub/y.iso) = "+sha256Hex("xyz")) ||
		strings.Contains(string(got), "SHA1") || strings.Count(string(got), "\n") != 4 {
		t.Errorf("tagged file:\n%s", got)
	}
}
