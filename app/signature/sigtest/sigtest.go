// Package sigtest makes OpenPGP, minisign and signify fixtures at test
// time with the real tools (Debian: gnupg, minisign, signify-openbsd; make
// test installs them). A missing tool fails the test: it never skips.
package sigtest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Tool returns the path of the first of names on PATH, or fails t.
func Tool(t testing.TB, names ...string) string {
	t.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	t.Fatalf("%s is not installed (Debian: apt-get install gnupg minisign signify-openbsd; make test installs them)", names[0])
	return ""
}

// GnuPG is a throwaway GnuPG home.
type GnuPG struct {
	T    testing.TB // the test the commands fail
	home string
	bin  string
}

// NewGnuPG makes an empty GnuPG home; Close removes it and stops its agent.
func NewGnuPG(t testing.TB) *GnuPG {
	t.Helper()
	// A short path: gpg-agent's socket must fit in sun_path.
	home, err := os.MkdirTemp("", "hdgpg")
	if err != nil {
		t.Fatal(err)
	}
	g := &GnuPG{T: t, home: home, bin: Tool(t, "gpg")}
	return g
}

// Home is the GnuPG home: GNUPGHOME=Home makes gpg use this keyring.
func (g *GnuPG) Home() string { return g.home }

// Close stops the home's gpg-agent and removes the home.
func (g *GnuPG) Close() {
	cmd := exec.Command("gpgconf", "--kill", "gpg-agent")
	cmd.Env = append(os.Environ(), "GNUPGHOME="+g.home)
	_ = cmd.Run()
	os.RemoveAll(g.home)
}

// Run runs gpg with args (and stdin) and returns its stdout.
func (g *GnuPG) Run(stdin []byte, args ...string) []byte {
	g.T.Helper()
	full := append([]string{"--batch", "--no-tty", "--pinentry-mode", "loopback", "--passphrase", "", "--no-auto-check-trustdb"}, args...)
	cmd := exec.Command(g.bin, full...)
	cmd.Env = append(os.Environ(), "GNUPGHOME="+g.home, "LC_ALL=C")
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		g.T.Fatalf("gpg %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.Bytes()
}

// GenKey makes a key and returns its fingerprint. extra are options put
// before --quick-gen-key (e.g. --faked-system-time).
func (g *GnuPG) GenKey(uid, algo, usage, expire string, extra ...string) string {
	g.T.Helper()
	g.Run(nil, append(extra, "--quick-gen-key", uid, algo, usage, expire)...)
	return g.Fingerprint(uid)
}

// Fingerprint returns the fingerprint of the key with user id uid.
func (g *GnuPG) Fingerprint(uid string) string {
	g.T.Helper()
	out := g.Run(nil, "--with-colons", "--fingerprint", "="+uid)
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Split(l, ":"); f[0] == "fpr" {
			return f[9]
		}
	}
	g.T.Fatalf("no fingerprint for %s", uid)
	return ""
}

// SubkeyFingerprints lists the fingerprints of fpr's subkeys.
func (g *GnuPG) SubkeyFingerprints(fpr string) []string {
	out := g.Run(nil, "--with-colons", "--with-subkey-fingerprints", "--list-keys", fpr)
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

// Export exports the public keys fprs, armored or binary.
func (g *GnuPG) Export(armor bool, fprs ...string) []byte {
	args := []string{"--export"}
	if armor {
		args = append(args, "--armor")
	}
	return g.Run(nil, append(args, fprs...)...)
}

// Sign signs data with the key (or subkey, with a trailing "!") named by
// signer; mode is "--detach-sign" or "--clearsign".
func (g *GnuPG) Sign(data []byte, signer, mode string, extra ...string) []byte {
	args := append([]string{"--local-user", signer}, extra...)
	return g.Run(data, append(args, mode, "--output", "-")...)
}

// Revoke applies the revocation certificate gpg wrote when it made fpr.
func (g *GnuPG) Revoke(fpr string) {
	g.T.Helper()
	cert, err := os.ReadFile(filepath.Join(g.home, "openpgp-revocs.d", fpr+".rev"))
	if err != nil {
		g.T.Fatal(err)
	}
	// gpg prefixes the armor line with ':' so the file cannot be imported
	// by mistake.
	g.Run(bytes.Replace(cert, []byte(":-----BEGIN"), []byte("-----BEGIN"), 1), "--import")
}

// Revocation reasons, as gpg's menu numbers them.
const (
	NoReason    = 0
	Compromised = 1
	Superseded  = 2
	Retired     = 3 // "Key is no longer used"
)

// RevokeKey revokes fpr through gpg's key menu, for reason: the whole key
// when sub is 0, else only its subkey number sub (1 is the first, as the
// menu counts). extra are options such as --faked-system-time.
func (g *GnuPG) RevokeKey(fpr string, sub, reason int, extra ...string) {
	g.T.Helper()
	var cmds strings.Builder
	if sub > 0 {
		fmt.Fprintf(&cmds, "key %d\n", sub)
	}
	// revkey, "really revoke?", the reason, an empty description, "is
	// this okay?", save.
	fmt.Fprintf(&cmds, "revkey\ny\n%d\n\ny\nsave\n", reason)
	g.Run([]byte(cmds.String()), append(extra, "--command-fd", "0", "--edit-key", fpr)...)
}
