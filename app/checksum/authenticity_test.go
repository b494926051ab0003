package checksum

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/signature/sigtest"
)

func TestReadSignedSumsDetached(t *testing.T) {
	s := apptest.NewSignedFolder(t)
	sums := s.Sums()
	sig := s.G.Sign(sums, s.Fpr, "--detach-sign")
	evil := apptest.Hex("sha256", []byte("evil")) + "  evil.iso\n"
	for _, tc := range []struct {
		name    string
		file    string
		content []byte
		sigName string
		want    signature.Kind
	}{
		{"Ubuntu's SHA256SUMS.gpg", "SHA256SUMS", sums, "SHA256SUMS.gpg", signature.Genuine},
		{"Debian's SHA256SUMS.sign", "SHA256SUMS", sums, "SHA256SUMS.sign", signature.Genuine},
		{"Mint's sha256sum.txt.gpg", "sha256sum.txt", sums, "sha256sum.txt.gpg", signature.Genuine},
		{"an .asc", "SHA256SUMS", sums, "SHA256SUMS.asc", signature.Genuine},
		{"tampered", "SHA256SUMS", []byte(strings.Replace(string(sums), "other.iso", "othe2.iso", 1)), "SHA256SUMS.gpg", signature.Bad},
		{"a line appended", "SHA256SUMS", append([]byte(string(sums)), evil...), "SHA256SUMS.gpg", signature.Bad},
		{"no signature", "SHA256SUMS", sums, "", signature.NoSignature},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s.Dir = t.TempDir()
			path := s.Write(t, tc.file, tc.content)
			if tc.sigName != "" {
				s.Write(t, tc.sigName, sig)
			}
			sf, err := readSignedSums(path, s.Ring, keepEntries)
			if err != nil {
				t.Fatal(err)
			}
			a := sf.Authenticity
			if a == nil || a.Verdict.Kind != tc.want {
				t.Fatalf("authenticity %+v, want %v", a, tc.want)
			}
			if tc.want == signature.Genuine {
				if !a.Trusted() || a.Verdict.Signer.Publisher != "Example" || a.Verdict.Source != filepath.Join(s.Dir, tc.sigName) {
					t.Errorf("verdict %+v", a.Verdict)
				}
			}
			if a.Trusted() != (tc.want == signature.Genuine) {
				t.Errorf("Trusted %v for %v", a.Trusted(), tc.want)
			}
		})
	}
}

func TestReadSignedSumsClearSigned(t *testing.T) {
	s := apptest.NewSignedFolder(t)
	sums := s.Sums()
	signed := string(s.G.Sign(sums, s.Fpr, "--clearsign"))
	evil := apptest.Hex("sha256", []byte("evil")) + "  evil.iso\n"
	for _, tc := range []struct {
		name     string
		file     string
		want     signature.Kind
		problems []LineTrouble
	}{
		{"as signed", signed, signature.Genuine, nil},
		{"a line appended after the signature", signed + evil, signature.Genuine, []LineTrouble{LineAfterSignature}},
		{"a line before the message", evil + signed, signature.Genuine, []LineTrouble{LineBeforeSigned}},
		{"a signed line changed", strings.Replace(signed, "other.iso", "othe2.iso", 1), signature.Bad, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := s.Write(t, "Fedora-40-CHECKSUM", []byte(tc.file))
			sf, err := readSignedSums(path, s.Ring, keepEntries)
			if err != nil {
				t.Fatal(err)
			}
			if !sf.Signed || sf.Authenticity.Verdict.Kind != tc.want {
				t.Fatalf("Signed %v, verdict %v (%v)", sf.Signed, sf.Authenticity.Verdict.Kind, sf.Authenticity.Verdict.Err)
			}
			var names []string
			for _, e := range sf.Entries {
				names = append(names, e.Name)
			}
			if tc.want != signature.Bad && strings.Join(names, ",") != "ubuntu.iso,other.iso" {
				t.Errorf("entries %v: only the signed lines may be entries", names)
			}
			if len(sf.Problems) != len(tc.problems) {
				t.Fatalf("problems %+v, want %v", sf.Problems, tc.problems)
			}
			for i, p := range sf.Problems {
				if p.Kind != tc.problems[i] || !strings.Contains(p.Text, "evil.iso") {
					t.Errorf("problem %+v", p)
				}
				if lines := strings.Split(tc.file, "\n"); lines[p.Line-1] != p.Text {
					t.Errorf("problem on line %d, but that line is %q", p.Line, lines[p.Line-1])
				}
			}
			if lines := strings.Split(tc.file, "\n"); tc.want != signature.Bad && !strings.HasSuffix(lines[sf.Entries[0].Line-1], "ubuntu.iso") {
				t.Errorf("entry on line %d, but that line is %q", sf.Entries[0].Line, lines[sf.Entries[0].Line-1])
			}
		})
	}
}

func TestReadSignedSumsSignify(t *testing.T) {
	s := apptest.NewSignedFolder(t)
	sg := sigtest.Tool(t, "signify-openbsd", "signify")
	sums := []byte("SHA256 (ubuntu.iso) = " + apptest.Hex("sha256", []byte(apptest.ISOData)) + "\n")
	s.Write(t, "SHA256", sums)
	for _, args := range [][]string{
		{"-G", "-n", "-p", "openbsd-99-base.pub", "-s", "openbsd-99-base.sec"},
		{"-S", "-e", "-s", "openbsd-99-base.sec", "-m", "SHA256", "-x", "SHA256.sig"},
	} {
		if out, err := execIn(s.Dir, sg, args...); err != nil {
			t.Fatalf("signify: %v %s", err, out)
		}
	}
	ks, err := ReadKeyFile(filepath.Join(s.Dir, "openbsd-99-base.pub"))
	if err != nil {
		t.Fatal(err)
	}
	ks[0].Origin = signature.Shipped
	s.Ring.Add(ks...)
	iso := s.Write(t, "ubuntu.iso", []byte(apptest.ISOData))

	// SHA256.sig itself: its embedded lines are the entries.
	sf, err := readSignedSums(filepath.Join(s.Dir, "SHA256.sig"), s.Ring, keepEntries)
	if err != nil {
		t.Fatal(err)
	}
	if sf.Authenticity.Verdict.Kind != signature.Genuine || len(sf.Entries) != 1 || sf.Entries[0].Line != 3 {
		t.Fatalf("SHA256.sig: %v, entries %+v", sf.Authenticity.Verdict, sf.Entries)
	}
	// SHA256 with SHA256.sig beside it.
	sf, err = readSignedSums(filepath.Join(s.Dir, "SHA256"), s.Ring, keepEntries)
	if err != nil || sf.Authenticity.Verdict.Kind != signature.Genuine {
		t.Fatalf("SHA256: %v %+v", err, sf.Authenticity)
	}
	// A dropped ISO finds both, each genuine.
	pub, errs := FindPublishedSigned(iso, s.Ring)
	if len(errs) != 0 || len(pub) != 2 {
		t.Fatalf("FindPublishedSigned: %+v %v", pub, errs)
	}
	for _, p := range pub {
		if !p.Authenticity.Trusted() {
			t.Errorf("%s: %+v", p.Source, p.Authenticity.Verdict)
		}
	}
}

func TestFindPublishedSigned(t *testing.T) {
	s := apptest.NewSignedFolder(t)
	sums := s.Sums()
	s.Write(t, "SHA256SUMS", sums)
	s.Write(t, "SHA256SUMS.gpg", s.G.Sign(sums, s.Fpr, "--detach-sign"))
	iso := s.Write(t, "ubuntu.iso", []byte(apptest.ISOData))
	pub, errs := FindPublishedSigned(iso, s.Ring)
	if len(errs) != 0 || len(pub) != 1 {
		t.Fatalf("%+v %v", pub, errs)
	}
	if a := pub[0].Authenticity; !a.Trusted() || a.Verdict.Signer.Fingerprint != s.Fpr {
		t.Errorf("authenticity %+v", a)
	}
	if pub, _ := findPublished(iso); len(pub) != 1 || pub[0].Authenticity != nil {
		t.Errorf("FindPublished checked signatures: %+v", pub)
	}

	// The ISO's own signature.
	if a, err := VerifyFile(iso, s.Ring); a != nil || err != nil {
		t.Errorf("no ubuntu.iso.sig: %+v %v", a, err)
	}
	s.Write(t, "ubuntu.iso.sig", s.G.Sign([]byte(apptest.ISOData), s.Fpr, "--detach-sign"))
	a, err := VerifyFile(iso, s.Ring)
	if err != nil || !a.Trusted() {
		t.Fatalf("ubuntu.iso.sig: %+v %v", a, err)
	}
	s.Write(t, "ubuntu.iso", []byte(apptest.ISOData+"x"))
	if a, _ := VerifyFile(iso, s.Ring); a.Verdict.Kind != signature.Bad {
		t.Errorf("a changed ISO: %v", a.Verdict.Kind)
	}
}

// A large SHA256SUMS beside the ISO, indexed once for its folder, is
// judged again when its signature comes after it was first read.
func TestFindPublishedSignedInAHugeChecksumFile(t *testing.T) {
	t.Cleanup(func() { bigSums.files = nil })
	s := apptest.NewSignedFolder(t)
	sums := s.Sums()
	for i := range 20_000 { // over a megabyte
		sums = fmt.Appendf(sums, "%s  f%08d.bin\n", apptest.Hex("sha256", []byte("x")), i)
	}
	s.Write(t, "SHA256SUMS", sums)
	iso := s.Write(t, "ubuntu.iso", []byte(apptest.ISOData))
	for _, signed := range []bool{false, true} {
		if signed {
			s.Write(t, "SHA256SUMS.gpg", s.G.Sign(sums, s.Fpr, "--detach-sign"))
		}
		pub, errs := FindPublishedSigned(iso, s.Ring)
		if len(errs) != 0 || len(pub) != 1 || pub[0].Line != 1 {
			t.Fatalf("signed %v: %+v %v", signed, pub, errs)
		}
		if a := pub[0].Authenticity; a.Trusted() != signed {
			t.Errorf("signed %v: authenticity %+v", signed, a)
		}
	}
	if len(bigSums.files) != 1 {
		t.Errorf("%d checksum files kept, want 1", len(bigSums.files))
	}
}

func execIn(dir, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}

func TestSignedPath(t *testing.T) {
	for in, want := range map[string]string{
		"/d/SHA256SUMS.gpg":    "/d/SHA256SUMS",
		"/d/SHA256SUMS.sign":   "/d/SHA256SUMS",
		"/d/ubuntu.iso.sig":    "/d/ubuntu.iso",
		"/d/SHA256.sig":        "/d/SHA256",
		"/d/x.iso.ASC":         "/d/x.iso",
		"/d/x.iso.minisig":     "/d/x.iso",
		"/d/SHA256SUMS":        "",
		"/d/ubuntu.iso":        "",
		".sig":                 "",
		"/d/sha256sum.txt.gpg": "/d/sha256sum.txt",
	} {
		if got := SignedPath(in); got != want {
			t.Errorf("SignedPath(%q) = %q, want %q", in, got, want)
		}
	}
}
