package signature

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/hashdrop/hashdrop/app/signature/sigtest"
)

// The fixtures are made at test time by the real tools: gpg (Debian's
// gnupg), minisign and signify-openbsd. make test installs them; a missing
// tool fails the test rather than skipping it.

// pgpFix is the shared set of OpenPGP keys and signatures, made once.
type pgpFix struct {
	g                                      *sigtest.GnuPG
	ed, rsa, weak, wrong, expired, revoked string   // fingerprints
	edSub                                  string   // ed's signing subkey
	trusted                                *Keyring // every key above but wrong
	edKey                                  *Key     // shipped, publisher "Example"
	rsaKey                                 *Key     // imported by the user
	armoredKeys, binaryKeys                []byte   // ed's public key, exported
	// Signatures over sums made while the key could sign: by the expired
	// key in 2020 (it expired a day later), by the revoked key before its
	// revocation.
	expiredSig, revokedSig []byte
}

// sums is the checksum file the fixtures sign.
var sums = []byte("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty.iso\n" +
	"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08  test.iso\n")

var (
	pgpOnce sync.Once
	pgpF    *pgpFix
	pgpT    *onceT
)

func TestMain(m *testing.M) {
	code := m.Run()
	if pgpF != nil {
		pgpF.g.Close()
	}
	os.Exit(code)
}

// fixture returns the shared OpenPGP fixture. Keys are Ed25519 (fast)
// except the RSA ones; the weak one is RSA 1024.
func fixture(t *testing.T) *pgpFix {
	t.Helper()
	sigtest.Tool(t, "gpg")
	pgpOnce.Do(func() {
		pgpT = &onceT{T: t}
		pgpF = makeFixture(pgpT)
	})
	if pgpT.failed != "" {
		t.Fatal(pgpT.failed)
	}
	return pgpF
}

func makeFixture(ft *onceT) *pgpFix {
	g := sigtest.NewGnuPG(ft)
	f := &pgpFix{g: g}
	f.ed = g.GenKey("Example Release <release@example.org>", "ed25519", "cert", "never")
	g.Run(nil, "--quick-add-key", f.ed, "ed25519", "sign", "never")
	f.edSub = g.SubkeyFingerprints(f.ed)[0]
	f.rsa = g.GenKey("RSA Release <rsa@example.org>", "rsa2048", "sign", "never")
	f.weak = g.GenKey("Weak Release <weak@example.org>", "rsa1024", "sign", "never")
	f.wrong = g.GenKey("Mirror Attacker <evil@example.net>", "ed25519", "sign", "never")
	f.expired = g.GenKey("Expired Release <old@example.org>", "ed25519", "sign", "1d", "--faked-system-time", "20200101T000000")
	f.expiredSig = g.Sign(sums, f.expired, "--detach-sign", "--faked-system-time", "20200101T120000")
	f.revoked = g.GenKey("Revoked Release <rev@example.org>", "ed25519", "sign", "never")
	f.revokedSig = g.Sign(sums, f.revoked, "--detach-sign")
	g.Revoke(f.revoked)
	f.armoredKeys = g.Export(true, f.ed)
	f.binaryKeys = g.Export(false, f.ed)
	load := func(fpr string, o Origin) *Key {
		ks, err := ReadKeys(g.Export(false, fpr))
		if err != nil || len(ks) != 1 {
			ft.Fatalf("reading the key %s: %v (%d keys)", fpr, err, len(ks))
		}
		ks[0].Origin = o
		return ks[0]
	}
	f.edKey = load(f.ed, Shipped)
	f.edKey.Publisher = "Example"
	f.rsaKey = load(f.rsa, Imported)
	f.trusted = &Keyring{}
	f.trusted.Add(f.edKey, f.rsaKey, load(f.weak, Shipped), load(f.expired, Shipped), load(f.revoked, Shipped))
	return f
}

// onceT lets the shared fixture be built under the first test that needs
// it, and every later test fail with the same message.
type onceT struct {
	*testing.T
	failed string
}

func (o *onceT) Fatalf(format string, args ...any) {
	o.failed = "making the OpenPGP fixture: " + fmt.Sprintf(format, args...)
	o.T.Fatal(o.failed)
}

func (o *onceT) Fatal(args ...any) {
	o.failed = "making the OpenPGP fixture: " + fmt.Sprint(args...)
	o.T.Fatal(o.failed)
}
