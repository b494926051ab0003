package signature

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/signature/sigtest"
)

// fuzzRing makes a keyring with an OpenPGP key (gpg) and a minisign/signify
// key (signify), and seeds signatures of every kind by them.
func fuzzRing(f *testing.F) (ring *Keyring, seeds [][]byte) {
	g := sigtest.NewGnuPG(f)
	f.Cleanup(g.Close)
	fpr := g.GenKey("Fuzz <fuzz@example.org>", "ed25519", "sign", "never")
	ring = &Keyring{}
	ks, err := ReadKeys(g.Export(false, fpr))
	if err != nil {
		f.Fatal(err)
	}
	ks[0].Origin = Shipped
	ring.Add(ks...)

	dir := f.TempDir()
	os.WriteFile(filepath.Join(dir, "SHA256"), sums, 0o644)
	sg := sigtest.Tool(f, "signify-openbsd", "signify")
	ms := sigtest.Tool(f, "minisign")
	cmd := func(name string, args ...string) {
		if out, err := execIn(dir, name, args...); err != nil {
			f.Fatalf("%s: %v\n%s", name, err, out)
		}
	}
	cmd(sg, "-G", "-n", "-p", "s.pub", "-s", "s.sec")
	cmd(sg, "-S", "-e", "-s", "s.sec", "-m", "SHA256", "-x", "SHA256.sig")
	cmd(sg, "-S", "-s", "s.sec", "-m", "SHA256", "-x", "detached.sig")
	cmd(ms, "-G", "-W", "-p", "m.pub", "-s", "m.sec")
	cmd(ms, "-S", "-s", "m.sec", "-m", "SHA256", "-x", "h.minisig")
	cmd(ms, "-S", "-l", "-s", "m.sec", "-m", "SHA256", "-x", "l.minisig")
	for _, pub := range []string{"s.pub", "m.pub"} {
		data, _ := os.ReadFile(filepath.Join(dir, pub))
		ks, err := ReadKeys(data)
		if err != nil {
			f.Fatal(err)
		}
		ring.Add(ks...)
	}
	for _, name := range []string{"SHA256.sig", "detached.sig", "h.minisig", "l.minisig"} {
		data, _ := os.ReadFile(filepath.Join(dir, name))
		seeds = append(seeds, data)
	}
	seeds = append(seeds,
		g.Sign(sums, fpr, "--detach-sign"),
		g.Sign(sums, fpr, "--detach-sign", "--armor"),
		g.Sign(sums, fpr, "--clearsign"),
	)
	return ring, seeds
}

// FuzzSignature feeds the signature readers arbitrary files: as a
// detached signature over sums, as a clear-signed file, as a signify file.
// None may panic, and whatever verifies as genuine must stop verifying when
// one signed byte changes.
func FuzzSignature(f *testing.F) {
	ring, seeds := fuzzRing(f)
	for _, s := range seeds {
		f.Add(s)
	}
	now := time.Now()
	f.Fuzz(func(t *testing.T, file []byte) {
		rs, err := ring.VerifyAt(bytes.NewReader(sums), file, now)
		if err != nil {
			t.Fatalf("Verify over bytes in memory: %v", err)
		}
		if Verdict(rs).Kind.Trusted() {
			flipped := bytes.Clone(sums)
			flipped[0] ^= 1
			rs, _ := ring.VerifyAt(bytes.NewReader(flipped), file, now)
			if Verdict(rs).Kind.Trusted() {
				t.Fatalf("a changed file still verifies: %+v", rs)
			}
		}
		if d := sameAsGoCrypto(file); d != "" {
			t.Fatalf("clear-signed, read otherwise than go-crypto reads it: %s", d)
		}
		if c := ReadClearSigned(file); c != nil {
			if c.Line < 1 || len(c.Before)+len(c.After) > len(file) {
				t.Fatalf("clear-signed: Line %d, Before %d, After %d of %d bytes", c.Line, len(c.Before), len(c.After), len(file))
			}
			if Verdict(ring.VerifyClearSignedAt(c, now)).Kind.Trusted() {
				c.Text = append(bytes.Clone(c.Text), 'x')
				if Verdict(ring.VerifyClearSignedAt(c, now)).Kind.Trusted() {
					t.Fatal("a changed clear-signed text still verifies")
				}
			}
		}
		if m, ok := ReadSignify(file); ok {
			if r := ring.VerifySignify(m); r.Kind.Trusted() {
				m.Text = append(bytes.Clone(m.Text), 'x')
				if ring.VerifySignify(m).Kind.Trusted() {
					t.Fatal("a changed signify message still verifies")
				}
			}
		}
	})
}

// FuzzReadKeys feeds the key reader arbitrary files: no panic, every key
// has a fingerprint, and the form Hashdrop stores reads back to the same key.
func FuzzReadKeys(f *testing.F) {
	g := sigtest.NewGnuPG(f)
	f.Cleanup(g.Close)
	fpr := g.GenKey("Fuzz <fuzz@example.org>", "ed25519", "cert", "never")
	g.Run(nil, "--quick-add-key", fpr, "ed25519", "sign", "never")
	f.Add(g.Export(true, fpr))
	f.Add(g.Export(false, fpr))
	shipped, err := ShippedKeys()
	if err != nil {
		f.Fatal(err)
	}
	for _, k := range []*Key{shipped[0], shipped[len(shipped)-1]} {
		f.Add(k.Bytes())
	}
	// Real keys as a keyring exports them: RSA, a signing subkey, other
	// keys' certifications.
	for _, name := range []string{"debian-security-12-bookworm.asc", "debian-security-11-bullseye.asc"} {
		data, err := os.ReadFile(filepath.Join("testdata", "debian", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("untrusted comment: minisign public key E7620F1842B4E81F\nRWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ks, err := ReadKeys(data)
		if err != nil {
			return
		}
		for _, k := range ks {
			if k.Fingerprint == "" || k.Format == 0 {
				t.Fatalf("a key without fingerprint or format: %+v", k)
			}
			again, err := ReadKeys(k.Bytes())
			if err != nil || len(again) != 1 || again[0].Fingerprint != k.Fingerprint {
				t.Fatalf("the stored form of %s does not read back: %v (%d keys)", k.Fingerprint, err, len(again))
			}
		}
	})
}
