package signature

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The fixtures are made at test time by the real tools: gpg (Debian's
// gnupg), minisign and signify-openbsd. make test installs them; a missing
// tool fails the test rather than skipping it.

// tool returns the path of the first of names on PATH, or fails t.
func tool(t testing.TB, names ...string) string {
	t.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	t.Fatalf("%s is not installed (Debian: apt-get install gnupg minisign signify-openbsd; make test installs them)", names[0])
	return ""
}

// gnupg is a throwaway GnuPG home.
type gnupg struct {
	t    testing.TB
	home string
	bin  string
}

func newGnuPG(t testing.TB) *gnupg {
	t.Helper()
	// A short path: gpg-agent's socket must fit in sun_path.
	home, err := os.MkdirTemp("", "hdgpg")
	if err != nil {
		t.Fatal(err)
	}
	g := &gnupg{t: t, home: home, bin: tool(t, "gpg")}
	return g
}

func (g *gnupg) close() {
	cmd := exec.Command("gpgconf", "--kill", "gpg-agent")
	cmd.Env = append(os.Environ(), "GNUPGHOME="+g.home)
	_ = cmd.Run()
	os.RemoveAll(g.home)
}

// run runs gpg with args (and stdin) and returns its stdout.
func (g *gnupg) run(stdin []byte, args ...string) []byte {
	g.t.Helper()
	full := append([]string{"--batch", "--no-tty", "--pinentry-mode", "loopback", "--passphrase", "", "--no-auto-check-trustdb"}, args...)
	cmd := exec.Command(g.bin, full...)
	cmd.Env = append(os.Environ(), "GNUPGHOME="+g.home, "LC_ALL=C")
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		g.t.Fatalf("gpg %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.Bytes()
}

// genKey makes a key and returns its fingerprint. extra are options put
// before --quick-gen-key (e.g. --faked-system-time).
func (g *gnupg) genKey(uid, algo, usage, expire string, extra ...string) string {
	g.t.Helper()
	g.run(nil, append(extra, "--quick-gen-key", uid, algo, usage, expire)...)
	return g.fingerprint(uid)
}

func (g *gnupg) fingerprint(uid string) string {
	g.t.Helper()
	out := g.run(nil, "--with-colons", "--fingerprint", "="+uid)
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Split(l, ":"); f[0] == "fpr" {
			return f[9]
		}
	}
	g.t.Fatalf("no fingerprint for %s", uid)
	return ""
}

// subkeyFingerprints lists the fingerprints of fpr's subkeys.
func (g *gnupg) subkeyFingerprints(fpr string) []string {
	out := g.run(nil, "--with-colons", "--with-subkey-fingerprints", "--list-keys", fpr)
	var subs []string
	sub := false
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Split(l, ":")
		switch {
		case f[0] == "sub":
			sub = true
		case f[0] == "fpr" && sub:
			subs = append(subs, f[9])
			sub = false
		}
	}
	return subs
}

func (g *gnupg) export(armor bool, fprs ...string) []byte {
	args := []string{"--export"}
	if armor {
		args = append(args, "--armor")
	}
	return g.run(nil, append(args, fprs...)...)
}

// sign signs data with the key (or subkey, with a trailing "!") named by
// signer; mode is "--detach-sign" or "--clearsign".
func (g *gnupg) sign(data []byte, signer, mode string, extra ...string) []byte {
	args := append([]string{"--local-user", signer}, extra...)
	return g.run(data, append(args, mode, "--output", "-")...)
}

// revoke applies the revocation certificate gpg wrote when it made fpr.
func (g *gnupg) revoke(fpr string) {
	g.t.Helper()
	cert, err := os.ReadFile(filepath.Join(g.home, "openpgp-revocs.d", fpr+".rev"))
	if err != nil {
		g.t.Fatal(err)
	}
	// gpg prefixes the armor line with ':' so the file cannot be imported
	// by mistake.
	g.run(bytes.Replace(cert, []byte(":-----BEGIN"), []byte("-----BEGIN"), 1), "--import")
}

// pgpFix is the shared set of OpenPGP keys and signatures, made once.
type pgpFix struct {
	g                                      *gnupg
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
		pgpF.g.close()
	}
	os.Exit(code)
}

// fixture returns the shared OpenPGP fixture. Keys are Ed25519 (fast)
// except the RSA ones; the weak one is RSA 1024.
func fixture(t *testing.T) *pgpFix {
	t.Helper()
	tool(t, "gpg")
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
	g := newGnuPG(ft)
	f := &pgpFix{g: g}
	f.ed = g.genKey("Example Release <release@example.org>", "ed25519", "cert", "never")
	g.run(nil, "--quick-add-key", f.ed, "ed25519", "sign", "never")
	f.edSub = g.subkeyFingerprints(f.ed)[0]
	f.rsa = g.genKey("RSA Release <rsa@example.org>", "rsa2048", "sign", "never")
	f.weak = g.genKey("Weak Release <weak@example.org>", "rsa1024", "sign", "never")
	f.wrong = g.genKey("Mirror Attacker <evil@example.net>", "ed25519", "sign", "never")
	f.expired = g.genKey("Expired Release <old@example.org>", "ed25519", "sign", "1d", "--faked-system-time", "20200101T000000")
	f.expiredSig = g.sign(sums, f.expired, "--detach-sign", "--faked-system-time", "20200101T120000")
	f.revoked = g.genKey("Revoked Release <rev@example.org>", "ed25519", "sign", "never")
	f.revokedSig = g.sign(sums, f.revoked, "--detach-sign")
	g.revoke(f.revoked)
	f.armoredKeys = g.export(true, f.ed)
	f.binaryKeys = g.export(false, f.ed)
	load := func(fpr string, o Origin) *Key {
		ks, err := ReadKeys(g.export(false, fpr))
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
