package signature

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/signature/sigtest"
)

// run runs a tool in dir and fails t on error.
func run(t *testing.T, dir string, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return out
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// edKeys reads the .pub file at path into a keyring, as origin.
func edRing(t *testing.T, o Origin, paths ...string) *Keyring {
	t.Helper()
	r := &Keyring{}
	for _, p := range paths {
		ks, err := ReadKeys(readFile(t, p))
		if err != nil {
			t.Fatalf("reading %s: %v", p, err)
		}
		ks[0].Origin = o
		r.Add(ks...)
	}
	return r
}

func TestMinisign(t *testing.T) {
	ms := sigtest.Tool(t, "minisign")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "SHA256SUMS"), sums, 0o644)
	run(t, dir, ms, "-G", "-W", "-p", "good.pub", "-s", "good.sec")
	run(t, dir, ms, "-G", "-W", "-p", "other.pub", "-s", "other.sec")
	run(t, dir, ms, "-S", "-s", "good.sec", "-m", "SHA256SUMS", "-x", "hashed.minisig", "-t", "file:SHA256SUMS release 1.0")
	run(t, dir, ms, "-S", "-l", "-s", "good.sec", "-m", "SHA256SUMS", "-x", "legacy.minisig")
	run(t, dir, ms, "-S", "-s", "other.sec", "-m", "SHA256SUMS", "-x", "other.minisig")
	ring := edRing(t, Shipped, filepath.Join(dir, "good.pub"))
	user := edRing(t, Imported, filepath.Join(dir, "good.pub"))

	pub := readFile(t, filepath.Join(dir, "good.pub"))
	// minisign's comment drops the key id's leading zeros (one key in
	// sixteen has one); Hashdrop shows all 16 digits.
	var num uint64
	if _, err := fmt.Sscanf(strings.SplitN(string(pub), "\n", 2)[0], "untrusted comment: minisign public key %X", &num); err != nil {
		t.Fatalf("good.pub's comment: %v", err)
	}
	wantID := fmt.Sprintf("%016X", num)
	k := ring.Keys()[0]
	if k.Format != Minisign || k.Fingerprint != wantID {
		t.Errorf("key %+v, want minisign key %s", k, wantID)
	}

	hashed := readFile(t, filepath.Join(dir, "hashed.minisig"))
	legacy := readFile(t, filepath.Join(dir, "legacy.minisig"))
	tampered := bytes.Replace(sums, []byte("9f86"), []byte("9f87"), 1)
	appended := append(bytes.Clone(sums), "x\n"...)
	badComment := bytes.Replace(hashed, []byte("release 1.0"), []byte("release 2.0"), 1)
	for _, tc := range []struct {
		name string
		ring *Keyring
		data []byte
		sig  []byte
		want Kind
	}{
		{"pre-hashed", ring, sums, hashed, Genuine},
		{"legacy", ring, sums, legacy, Genuine},
		{"user's key", user, sums, hashed, GenuineUser},
		{"tampered, pre-hashed", ring, tampered, hashed, Bad},
		{"tampered, legacy", ring, tampered, legacy, Bad},
		{"a line appended", ring, appended, hashed, Bad},
		{"trusted comment changed", ring, sums, badComment, Bad},
		{"another key", ring, sums, readFile(t, filepath.Join(dir, "other.minisig")), UnknownKey},
		{"truncated", ring, sums, hashed[:len(hashed)/2], Unreadable},
		{"signature line cut short", ring, sums, cutLine(hashed, 1, 40), Unreadable},
		{"two lines only", ring, sums, []byte(strings.Join(strings.SplitN(string(hashed), "\n", 3)[:2], "\n") + "\ntrusted comment:\n"), Unreadable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := verify1(t, tc.ring, tc.data, tc.sig, time.Now())
			if r.Kind != tc.want || r.Format != Minisign {
				t.Fatalf("got %v %v (err %v), want %v", r.Kind, r.Format, r.Err, tc.want)
			}
			if tc.want == Genuine && (r.Signer.Fingerprint != wantID || r.KeyID != wantID) {
				t.Errorf("signer %+v KeyID %s, want %s", r.Signer, r.KeyID, wantID)
			}
			if tc.name == "pre-hashed" && r.Comment != "file:SHA256SUMS release 1.0" {
				t.Errorf("trusted comment %q", r.Comment)
			}
		})
	}
}

func TestSignify(t *testing.T) {
	sg := sigtest.Tool(t, "signify-openbsd", "signify")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "SHA256"), sums, 0o644)
	run(t, dir, sg, "-G", "-n", "-c", "hashdrop test 1.0 base", "-p", "test-base.pub", "-s", "test-base.sec")
	run(t, dir, sg, "-G", "-n", "-p", "other.pub", "-s", "other.sec")
	run(t, dir, sg, "-S", "-e", "-s", "test-base.sec", "-m", "SHA256", "-x", "SHA256.sig")
	run(t, dir, sg, "-S", "-s", "test-base.sec", "-m", "SHA256", "-x", "detached.sig")
	run(t, dir, sg, "-S", "-e", "-s", "other.sec", "-m", "SHA256", "-x", "other.sig")
	ring := edRing(t, Shipped, filepath.Join(dir, "test-base.pub"))
	if k := ring.Keys()[0]; k.Format != Signify || k.UserID != "hashdrop test 1.0 base public key" {
		t.Errorf("key %+v", k)
	}

	embedded := readFile(t, filepath.Join(dir, "SHA256.sig"))
	for _, tc := range []struct {
		name string
		file []byte
		want Kind
	}{
		{"as signed", embedded, Genuine},
		{"a line appended", append(bytes.Clone(embedded), "0000  evil.iso\n"...), Bad},
		{"a line changed", bytes.Replace(embedded, []byte("9f86"), []byte("9f87"), 1), Bad},
		{"another key", readFile(t, filepath.Join(dir, "other.sig")), UnknownKey},
		{"signature line cut short", cutLine(embedded, 1, 40), Unreadable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, ok := ReadSignify(tc.file)
			if !ok {
				t.Fatal("not read as an embedded signify file")
			}
			r := ring.VerifySignify(m)
			if r.Kind != tc.want || r.Format != Signify {
				t.Fatalf("got %v %v (err %v), want %v", r.Kind, r.Format, r.Err, tc.want)
			}
			if tc.want == Genuine {
				if !bytes.Equal(m.Text, sums) || m.Line != 3 || m.Comment != "verify with test-base.pub" {
					t.Errorf("Text %q Line %d Comment %q", m.Text, m.Line, m.Comment)
				}
				if signify := run(t, dir, sg, "-V", "-e", "-p", "test-base.pub", "-x", "SHA256.sig", "-m", "-"); !bytes.Contains(signify, []byte("Signature Verified")) {
					t.Errorf("signify itself disagrees: %s", signify)
				}
			}
		})
	}

	detached := readFile(t, filepath.Join(dir, "detached.sig"))
	if _, ok := ReadSignify(detached); ok {
		t.Error("a detached signify signature was read as an embedded one")
	}
	if r := verify1(t, ring, sums, detached, time.Now()); r.Kind != Genuine || r.Format != Signify {
		t.Errorf("detached: %v %v (err %v)", r.Kind, r.Format, r.Err)
	}
	if r := verify1(t, ring, append(bytes.Clone(sums), 'x'), detached, time.Now()); r.Kind != Bad {
		t.Errorf("detached, tampered: %v", r.Kind)
	}
}

func TestReadEdKeysRefuseJunk(t *testing.T) {
	for _, junk := range []string{
		"untrusted comment: x\n",
		"untrusted comment: x\nRWQ\n",
		"untrusted comment: x\nAAAA\nBBBB\n",
		"untrusted comment: minisign encrypted secret key\nRWRTY0IyAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==\n",
	} {
		if ks, err := ReadKeys([]byte(junk)); err == nil {
			t.Errorf("ReadKeys(%q) = %+v", junk, ks)
		}
	}
}

// cutLine shortens line i (0-based) of data to n bytes.
func cutLine(data []byte, i, n int) []byte {
	lines := bytes.Split(bytes.Clone(data), []byte("\n"))
	lines[i] = lines[i][:n]
	return bytes.Join(lines, []byte("\n"))
}

func execIn(dir, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}
