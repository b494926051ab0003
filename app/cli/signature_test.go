package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// userConfig points os.UserConfigDir at a fresh folder, so that the
// user's key store is the test's own.
func userConfig(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	t.Setenv("AppData", dir)
	return filepath.Join(dir, "hashdrop", "keys")
}

func TestCheckSignatures(t *testing.T) {
	userConfig(t)
	s := apptest.NewSignedFolder(t)
	key := s.Write(t, "release.asc", s.G.Export(true, s.Fpr))
	other := s.G.GenKey("Someone Else <else@example.net>", "ed25519", "sign", "never")
	sums := s.Sums()
	goodSig := s.G.Sign(sums, s.Fpr, "--detach-sign")
	s.Write(t, "ubuntu.iso", []byte(apptest.ISOData))
	grouped := strings.Join(strings.Fields(groupFpr(s.Fpr)), " ")
	for _, tc := range []struct {
		name    string
		sums    []byte
		sig     []byte // SHA256SUMS.gpg; nil: none
		args    []string
		code    int
		sigLine string // the signature's line on stdout ("" when none)
	}{
		{"genuine, --require-signature", sums, goodSig, []string{"--require-signature", "--keyring", key}, 0,
			"SHA256SUMS.gpg: GENUINE: signed by your key Example Release <release@example.org> (" + grouped + ")"},
		{"genuine", sums, goodSig, []string{"--keyring", key}, 0, "GENUINE"},
		{"the key not given: unknown", sums, goodSig, nil, 0, "SHA256SUMS.gpg: UNKNOWN KEY: signed by a key Hashdrop does not know (fingerprint"},
		{"unknown key, --require-signature", sums, goodSig, []string{"--require-signature"}, 1, "UNKNOWN KEY"},
		{"tampered", []byte(strings.Replace(string(sums), "other.iso", "othe2.iso", 1)), goodSig, []string{"--keyring", key}, 1,
			"SHA256SUMS.gpg: BAD signature: the checksum file was changed after it was signed"},
		{"a line appended", append(append([]byte{}, sums...), "0000000000000000000000000000000000000000000000000000000000000000  ubuntu.iso\n"...), goodSig, []string{"--require-signature", "--keyring", key}, 1, "BAD signature"},
		{"by another key", sums, s.G.Sign(sums, other, "--detach-sign"), []string{"--require-signature", "--keyring", key}, 1, "UNKNOWN KEY"},
		{"truncated", sums, goodSig[:len(goodSig)/2], []string{"--require-signature", "--keyring", key}, 1, "UNREADABLE signature"},
		{"no signature, --require-signature", sums, nil, []string{"--require-signature", "--keyring", key}, 1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(filepath.Join(s.Dir, "SHA256SUMS.gpg"))
			s.Write(t, "SHA256SUMS", tc.sums)
			if tc.sig != nil {
				s.Write(t, "SHA256SUMS.gpg", tc.sig)
			}
			t.Chdir(s.Dir)
			stdout, stderr, code := vRun(append(append([]string{"check", "--ignore-missing"}, tc.args...), "SHA256SUMS")...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\n%s%s", code, tc.code, stdout, stderr)
			}
			lines := strings.Split(stdout, "\n")
			if tc.sigLine == "" {
				if !strings.Contains(stderr, "SHA256SUMS: no signature found beside it") || strings.Contains(stdout, ".gpg") {
					t.Errorf("no signature: %s%s", stdout, stderr)
				}
			} else if !strings.HasPrefix(lines[0], tc.sigLine) && !strings.Contains(lines[0], ": "+tc.sigLine) {
				t.Errorf("first line %q, want %q", lines[0], tc.sigLine)
			}
			if !strings.Contains(stdout, "ubuntu.iso: OK\n") {
				t.Errorf("the entries were not checked: %s", stdout)
			}
		})
	}
}

func groupFpr(f string) string {
	var b strings.Builder
	for i := 0; i < len(f); i += 4 {
		b.WriteString(f[i:min(i+4, len(f))] + " ")
	}
	return b.String()
}

func TestCheckClearSignedOnlySignedLinesCount(t *testing.T) {
	userConfig(t)
	s := apptest.NewSignedFolder(t)
	key := s.Write(t, "release.asc", s.G.Export(false, s.Fpr))
	s.Write(t, "ubuntu.iso", []byte(apptest.ISOData))
	s.Write(t, "evil.iso", []byte("evil"))
	signed := string(s.G.Sign(s.Sums(), s.Fpr, "--clearsign"))
	evil := apptest.Hex("sha256", []byte("evil")) + "  evil.iso\n"
	s.Write(t, "CHECKSUM", []byte(signed+evil))
	t.Chdir(s.Dir)
	stdout, stderr, code := vRun("check", "--ignore-missing", "--require-signature", "--keyring", key, "CHECKSUM")
	if code != 0 {
		t.Errorf("exit %d: the signed lines are genuine and OK", code)
	}
	if strings.Contains(stdout, "evil.iso") || !strings.Contains(stderr, "CHECKSUM:"+strconv.Itoa(strings.Count(signed, "\n")+1)+": after the PGP signature, so not signed: ignored") {
		t.Errorf("the unsigned line was checked, or not reported:\n%s%s", stdout, stderr)
	}
	if !strings.HasPrefix(stdout, "CHECKSUM: GENUINE: signed by your key Example Release") {
		t.Errorf("stdout %s", stdout)
	}
}

func TestKeysCommand(t *testing.T) {
	store := userConfig(t)
	s := apptest.NewSignedFolder(t)
	key := s.Write(t, "release.asc", s.G.Export(true, s.Fpr))
	grouped := strings.TrimSpace(groupFpr(s.Fpr))

	stdout, _, code := vRun("keys", "list")
	if code != 0 || !strings.Contains(stdout, "8439 38DF 228D 22F7 B374 2BC0 D94A A3F0 EFE2 1092  Ubuntu") || !strings.Contains(stdout, "Your keys ("+store+"):\n  none\n") {
		t.Errorf("list: %d\n%s", code, stdout)
	}

	// Asked, and not answered yes: not imported.
	stdout, stderr, code := vRunIn("n\n", "keys", "import", key)
	if code != 1 || !strings.Contains(stdout, "Fingerprint: "+grouped) || !strings.Contains(stdout, "Key:         Example Release <release@example.org>") ||
		!strings.Contains(stdout, "Not imported.") || !strings.Contains(stderr, "A key found next to a download proves nothing") {
		t.Errorf("import, no: %d\n%s%s", code, stdout, stderr)
	}
	if _, _, code := vRunIn("", "keys", "import", key); code != 1 {
		t.Errorf("import with no answer: exit %d", code)
	}
	if entries, _ := os.ReadDir(store); len(entries) != 0 {
		t.Fatalf("imported without a yes: %v", entries)
	}
	stdout, _, code = vRunIn("y\n", "keys", "import", key)
	if code != 0 || !strings.Contains(stdout, "Trusted; kept in "+filepath.Join(store, s.Fpr+".asc")) {
		t.Errorf("import, yes: %d\n%s", code, stdout)
	}
	if stdout, _, code := vRun("keys", "import", "--yes", key); code != 0 || !strings.Contains(stdout, "Already trusted") {
		t.Errorf("import again: %d\n%s", code, stdout)
	}
	if stdout, _, _ := vRun("keys", "list"); !strings.Contains(stdout, grouped+"  yours       Example Release <release@example.org>  (OpenPGP Ed25519)") {
		t.Errorf("list after import:\n%s", stdout)
	}

	// Now trusted without --keyring.
	sums := s.Sums()
	s.Write(t, "SHA256SUMS", sums)
	s.Write(t, "SHA256SUMS.gpg", s.G.Sign(sums, s.Fpr, "--detach-sign"))
	s.Write(t, "ubuntu.iso", []byte(apptest.ISOData))
	t.Chdir(s.Dir)
	if stdout, stderr, code := vRun("check", "--ignore-missing", "--require-signature", "SHA256SUMS"); code != 0 || !strings.Contains(stdout, "GENUINE: signed by your key") {
		t.Errorf("check after import: %d\n%s%s", code, stdout, stderr)
	}

	if _, stderr, code := vRun("keys", "remove", "843938DF228D22F7B3742BC0D94AA3F0EFE21092"); code != 1 || !strings.Contains(stderr, "ships") {
		t.Errorf("removing a shipped key: %d %s", code, stderr)
	}
	if stdout, _, code := vRun(append([]string{"keys", "remove"}, strings.Fields(grouped)...)...); code != 0 || !strings.Contains(stdout, "No longer trusted: Example Release") {
		t.Errorf("remove: %d %s", code, stdout)
	}
	if _, _, code := vRun("check", "--ignore-missing", "--require-signature", "SHA256SUMS"); code != 1 {
		t.Errorf("check after remove: exit %d", code)
	}
	for _, args := range [][]string{{"keys"}, {"keys", "frob"}, {"keys", "import"}, {"keys", "import", filepath.Join(s.Dir, "SHA256SUMS")}} {
		if _, _, code := vRun(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if _, stderr, code := vRun("check", "--keyring", filepath.Join(s.Dir, "nope.asc"), "SHA256SUMS"); code != 2 || !strings.Contains(stderr, "nope.asc") {
		t.Errorf("--keyring of a missing file: %d %s", code, stderr)
	}
}

// keys import --gpg takes the key from the user's GnuPG keyring, and asks
// as for a key file; a key gpg does not have is an error naming it.
func TestKeysImportFromGnuPG(t *testing.T) {
	store := userConfig(t)
	s := apptest.NewSignedFolder(t)
	t.Setenv("GNUPGHOME", s.G.Home())

	stdout, stderr, code := vRunIn("y\n", "keys", "import", "--gpg", "release@example.org")
	if code != 0 || !strings.Contains(stdout, "Fingerprint: "+strings.TrimSpace(groupFpr(s.Fpr))) ||
		!strings.Contains(stdout, "Trusted; kept in "+filepath.Join(store, s.Fpr+".asc")) {
		t.Errorf("import --gpg: %d\n%s%s", code, stdout, stderr)
	}
	_, stderr, code = vRun("keys", "import", "--gpg", "nobody@example.org")
	if code != 1 || !strings.Contains(stderr, "--gpg nobody@example.org: gpg knows no such key") {
		t.Errorf("import --gpg of an unknown key: %d %s", code, stderr)
	}
}
