package release

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/fetch/fetchtest"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/app/publisher"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/signature/sigtest"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// The software publishers' rows (issue 48), each through release.Fetch
// from the offer to its verdict, with the row's real file names, URLs,
// hosts, shape and threshold. Only the keys are the test's: the shipped
// keys' private halves are the publishers'.

// signers is a GnuPG home with n signing keys and the keyring of their
// public halves, as shipped keys.
type signers struct {
	g    *sigtest.GnuPG
	fprs []string
	ring *signature.Keyring
}

func newSigners(t *testing.T, n int) *signers {
	t.Helper()
	sigtest.Tool(t, "gpg")
	g := sigtest.NewGnuPG(t)
	t.Cleanup(g.Close)
	s := &signers{g: g, ring: &signature.Keyring{}}
	for i := range n {
		fpr := g.GenKey("Builder "+string(rune('A'+i))+" <b"+string(rune('a'+i))+"@example.org>", "ed25519", "sign", "never")
		s.fprs = append(s.fprs, fpr)
		s.add(t, fpr)
	}
	return s
}

// add puts the public key fpr in the ring, as a shipped key.
func (s *signers) add(t *testing.T, fpr string) {
	t.Helper()
	ks, err := signature.ReadKeys(s.g.Export(false, fpr))
	if err != nil || len(ks) != 1 {
		t.Fatalf("reading %s: %v", fpr, err)
	}
	ks[0].Origin, ks[0].Publisher = signature.Shipped, "Example"
	s.ring.Add(ks...)
}

// armored is one armored detached signature of data by each signer, one
// block after the other, as Bitcoin Core's SHA256SUMS.asc holds its
// builders'.
func (s *signers) armored(data []byte, by ...string) []byte {
	var out []byte
	for _, fpr := range by {
		out = append(out, s.g.Sign(data, fpr, "--detach-sign", "--armor")...)
	}
	return out
}

// rowGuess is what the offer has for name: its row, with keys in place of
// the shipped ones.
func rowGuess(t *testing.T, name string, keys ...string) *publisher.Guess {
	t.Helper()
	g, ok := publisher.Lookup(name)
	if !ok {
		t.Fatalf("no row knows %s", name)
	}
	g.Keys = keys
	return g
}

// serveRow serves files, by URL, on the hosts of g's row (a test
// authority, the hosts routed to a local HTTPS server), through app/fetch.
func serveRow(t *testing.T, g *publisher.Guess, files map[string][]byte) Getter {
	t.Helper()
	byHostPath := make(map[string][]byte, len(files))
	for u, b := range files {
		byHostPath[strings.TrimPrefix(u, "https://")] = b
	}
	srv := fetchtest.Serve(t, fetchtest.NewAuthority(t, g.Hosts...), fetchtest.Files(byHostPath))
	return func(ctx context.Context, rawURL string, hosts []string) ([]byte, error) {
		srv.Take()
		return Get(ctx, rawURL, hosts)
	}
}

// download writes the test's file content under the name given.
func download(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(apptest.ISOData), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

var isoHex = apptest.Hex("sha256", []byte(apptest.ISOData))

// line is a GNU checksum line for name with the download's digest.
func line(name string) string { return isoHex + "  " + name + "\n" }

// other is a line of another file's digest.
func other(name string) string { return apptest.Hex("sha256", []byte(name)) + "  " + name + "\n" }

func TestSoftwareRowsToGenuine(t *testing.T) {
	s := newSigners(t, 3)
	k := s.fprs[0]
	iso := []byte(apptest.ISOData)
	over := func(fpr string) []byte { return s.g.Sign(iso, fpr, "--detach-sign", "--armor") }
	clear := func(text string) []byte { return s.g.Sign([]byte(text), k, "--clearsign") }
	monero := "# This GPG-signed message exists to confirm the SHA256 sums of Monero binaries.\n#\n" +
		"# Please verify the signature against the key for binaryFate in the\n# source code repository (/utils/gpg_keys).\n#\n#\n## CLI\n" +
		other("monero-android-armv8-v0.18.5.1.tar.bz2") + line("monero-linux-x64-v0.18.5.1.tar.bz2") + other("monero-win-x64-v0.18.5.1.zip") +
		"#\n## GUI\n" + other("monero-gui-install-win-x64-v0.18.5.2.exe") + "#\n#\n# ~binaryFate\n"
	btcSums := other("bitcoin-28.0-aarch64-linux-gnu.tar.gz") + line("bitcoin-28.0-x86_64-linux-gnu.tar.gz") + other("bitcoin-28.0-win64-setup.exe")
	tfSums := other("terraform_1.9.8_darwin_arm64.zip") + line("terraform_1.9.8_linux_amd64.zip")
	ffSums := other("linux-x86_64/en-US/firefox-128.0.tar.bz2") + other("win64/de/Firefox Setup 128.0.exe") +
		line("win64/en-US/Firefox Setup 128.0.exe") + other("win32/en-US/Firefox Setup 128.0.exe")
	for _, tc := range []struct {
		name, publisher, host string
		files                 map[string][]byte
		entry                 string // the entry that matched, when listed by a path
		signers               int
	}{
		{"KeePassXC-2.7.11-Win64.msi", "KeePassXC", "github.com", map[string][]byte{
			"https://github.com/keepassxreboot/keepassxc/releases/download/2.7.11/KeePassXC-2.7.11-Win64.msi.sig":    over(k),
			"https://github.com/keepassxreboot/keepassxc/releases/download/2.7.11/KeePassXC-2.7.11-Win64.msi.DIGEST": []byte(line("KeePassXC-2.7.11-Win64.msi")),
		}, "", 1},
		{"tor-browser-windows-x86_64-portable-13.0.1.exe", "Tor Browser", "dist.torproject.org", map[string][]byte{
			"https://dist.torproject.org/torbrowser/13.0.1/tor-browser-windows-x86_64-portable-13.0.1.exe.asc": over(k),
		}, "", 1},
		{"bitcoin-28.0-x86_64-linux-gnu.tar.gz", "Bitcoin Core", "bitcoincore.org", map[string][]byte{
			"https://bitcoincore.org/bin/bitcoin-core-28.0/SHA256SUMS":     []byte(btcSums),
			"https://bitcoincore.org/bin/bitcoin-core-28.0/SHA256SUMS.asc": s.armored([]byte(btcSums), s.fprs...),
		}, "", 3},
		{"monero-linux-x64-v0.18.5.1.tar.bz2", "Monero", "www.getmonero.org", map[string][]byte{
			"https://www.getmonero.org/downloads/hashes.txt": clear(monero),
		}, "", 1},
		{"node-v22.12.0-linux-x64.tar.xz", "Node.js", "nodejs.org", map[string][]byte{
			"https://nodejs.org/dist/v22.12.0/SHASUMS256.txt.asc": clear(other("node-v22.12.0-darwin-arm64.tar.gz") + line("node-v22.12.0-linux-x64.tar.xz")),
		}, "", 1},
		{"Electrum-4.5.8.tar.gz", "Electrum", "download.electrum.org", map[string][]byte{
			// Several builders sign each file: one is another's, unknown here.
			"https://download.electrum.org/4.5.8/Electrum-4.5.8.tar.gz.asc": append(over(k), over(s.fprs[2])...),
		}, "", 2},
		{"terraform_1.9.8_linux_amd64.zip", "HashiCorp", "releases.hashicorp.com", map[string][]byte{
			"https://releases.hashicorp.com/terraform/1.9.8/terraform_1.9.8_SHA256SUMS":     []byte(tfSums),
			"https://releases.hashicorp.com/terraform/1.9.8/terraform_1.9.8_SHA256SUMS.sig": s.g.Sign([]byte(tfSums), k, "--detach-sign"),
		}, "", 1},
		{"Firefox Setup 128.0.exe", "Firefox", "archive.mozilla.org", map[string][]byte{
			"https://archive.mozilla.org/pub/firefox/releases/128.0/SHA256SUMS":     []byte(ffSums),
			"https://archive.mozilla.org/pub/firefox/releases/128.0/SHA256SUMS.asc": s.armored([]byte(ffSums), k),
		}, "win64/en-US/Firefox Setup 128.0.exe", 1},
		{"tails-amd64-6.10.img", "Tails", "tails.net", map[string][]byte{
			"https://tails.net/torrents/files/tails-amd64-6.10.img.sig": s.g.Sign(iso, k, "--detach-sign"),
		}, "", 1},
		{"gnupg-2.4.7.tar.bz2", "GnuPG", "gnupg.org", map[string][]byte{
			"https://gnupg.org/ftp/gcrypt/gnupg/gnupg-2.4.7.tar.bz2.sig": s.g.Sign(iso, k, "--detach-sign"),
		}, "", 1},
	} {
		t.Run(tc.publisher, func(t *testing.T) {
			path := download(t, tc.name)
			keys := []string{k}
			if tc.publisher == "Bitcoin Core" || tc.publisher == "Electrum" {
				keys = s.fprs
			}
			g := rowGuess(t, tc.name, keys...)
			if g.Publisher != tc.publisher || g.Host != tc.host {
				t.Errorf("offered %s from %s, want %s from %s", g.Publisher, g.Host, tc.publisher, tc.host)
			}
			got, err := Fetch(context.Background(), path, g, KeyringOf(g.Keys, s.ring.Keys()), serveRow(t, g, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			defer got.Close()
			rep := decide(t, path, got)
			v := rep.Files[0]
			if v.Status != verdict.OK || !v.Genuine || v.Trust != verdict.FetchedGenuine || !rep.Headline.Green() {
				t.Fatalf("%v, trust %q, genuine %v, headline %v; want OK, genuine, green", v.Status, v.Trust, v.Genuine, rep.Headline.Reason)
			}
			if tc.entry != "" && (v.Renamed == nil || v.Renamed.Name != tc.entry) {
				t.Errorf("matched %+v, want the entry %q", v.Renamed, tc.entry)
			}
			f := verdict.File{Path: path, Published: got.Published, Signature: got.Signature}
			if _, a := v.FetchedFrom(&f); a == nil || a.Signers != tc.signers {
				t.Errorf("signers: %+v, want %d", a, tc.signers)
			}
		})
	}
}

// Bitcoin Core: SHA256SUMS.asc holds one signature per builder; as
// contrib/verify-binaries does, three good ones by distinct shipped keys
// make it genuine, a builder Hashdrop does not ship is ignored, the same
// key twice counts once, and one BAD signature is red whatever the others.
func TestBitcoinCoreThreshold(t *testing.T) {
	s := newSigners(t, 5)
	name := "bitcoin-27.1-x86_64-linux-gnu.tar.gz"
	path := download(t, name)
	sums := []byte(other("bitcoin-27.1-win64-setup.exe") + line(name))
	changed := []byte(other("bitcoin-27.1-win64-setup.exe") + other(name))
	unshipped := s.fprs[4] // a builder whose key the row does not name
	g := rowGuess(t, name, s.fprs[:4]...)
	if g.MinSigners != 3 {
		t.Fatalf("Bitcoin Core's row needs %d signers, want 3", g.MinSigners)
	}
	bad := s.armored(changed, s.fprs[3]) // a shipped builder's signature over other bytes
	for _, tc := range []struct {
		name    string
		sig     []byte
		good    int
		status  verdict.Status
		trust   verdict.Trust
		genuine bool
	}{
		{"none good, one unknown", s.armored(sums, unshipped), 0, verdict.Unconfirmed, verdict.FetchedOtherKey, false},
		{"1 good", s.armored(sums, s.fprs[0], unshipped), 1, verdict.Unconfirmed, verdict.FetchedOtherKey, false},
		{"2 good", s.armored(sums, s.fprs[0], s.fprs[1]), 2, verdict.Unconfirmed, verdict.FetchedOtherKey, false},
		{"2 good, one of them twice", s.armored(sums, s.fprs[0], s.fprs[1], s.fprs[1]), 2, verdict.Unconfirmed, verdict.FetchedOtherKey, false},
		{"3 good", s.armored(sums, s.fprs[0], s.fprs[1], s.fprs[2], unshipped), 3, verdict.OK, verdict.FetchedGenuine, true},
		{"3 good and 1 bad", append(s.armored(sums, s.fprs[0], s.fprs[1], s.fprs[2]), bad...), 3, verdict.BadSignature, verdict.FetchedBad, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := serveRow(t, g, map[string][]byte{
				"https://bitcoincore.org/bin/bitcoin-core-27.1/SHA256SUMS":     sums,
				"https://bitcoincore.org/bin/bitcoin-core-27.1/SHA256SUMS.asc": tc.sig,
			})
			got, err := Fetch(context.Background(), path, g, KeyringOf(g.Keys, s.ring.Keys()), srv)
			if err != nil {
				t.Fatal(err)
			}
			defer got.Close()
			v := decide(t, path, got).Files[0]
			if v.Status != tc.status || v.Trust != tc.trust || v.Genuine != tc.genuine {
				t.Errorf("%v, trust %q, genuine %v; want %v, %q, %v", v.Status, v.Trust, v.Genuine, tc.status, tc.trust, tc.genuine)
			}
			if len(got.Published) != 1 {
				t.Fatalf("%d entries published", len(got.Published))
			}
			if a := got.Published[0].Authenticity; a == nil || a.Signers != tc.good || a.Needs != 3 {
				t.Errorf("authenticity %+v, want %d signers of 3 needed", a, tc.good)
			}
		})
	}
}

// KeePassXC's shipped key file has signing subkeys that expired on
// 2024-12-04; a release signed later (KeePassXC extended the subkey in its
// own copy) is not red for that alone: amber, signed by the row's key
// whose copy has expired. A subkey of the pinned primary key signs (Tor
// Browser's kind): genuine.
func TestExpiredAndRotatedSubkeys(t *testing.T) {
	sigtest.Tool(t, "gpg")
	g := sigtest.NewGnuPG(t)
	t.Cleanup(g.Close)
	faked := func(when string) []string { return []string{"--faked-system-time", when} }
	primary := g.GenKey("Release <release@example.org>", "ed25519", "cert", "never", faked("20170103T000000")...)
	g.Run(nil, append(faked("20170103T000100"), "--quick-add-key", primary, "ed25519", "sign", "never")...)
	sub := g.SubkeyFingerprints(primary)[0]
	iso := []byte(apptest.ISOData)
	late := g.Sign(iso, sub+"!", "--detach-sign", faked("20250601T000000")...) // after the copy's expiry
	// The copy Hashdrop ships: the subkey set to expire on 2024-12-04.
	g.Run(nil, append(faked("20230101T000000"), "--quick-set-expire", primary, "20241204T000000", sub)...)
	ks, err := signature.ReadKeys(g.Export(false, primary))
	if err != nil {
		t.Fatal(err)
	}
	ks[0].Origin, ks[0].Publisher = signature.Shipped, "KeePassXC"
	ring := &signature.Keyring{}
	ring.Add(ks...)

	name := "KeePassXC-2.7.11-Win64.msi"
	path := download(t, name)
	row := rowGuess(t, name, primary)
	base := "https://github.com/keepassxreboot/keepassxc/releases/download/2.7.11/" + name
	got, err := Fetch(context.Background(), path, row, KeyringOf(row.Keys, ring.Keys()),
		serveRow(t, row, map[string][]byte{base + ".sig": late, base + ".DIGEST": []byte(line(name))}))
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	rep := decide(t, path, got)
	v := rep.Files[0]
	if v.Status != verdict.Unconfirmed || v.Trust != verdict.FetchedOtherKey || v.Genuine || rep.Headline.Colour() != verdict.Amber {
		t.Errorf("signed after the copy expired: %v, trust %q, genuine %v; want NOT CONFIRMED, amber", v.Status, v.Trust, v.Genuine)
	}
	if a := got.Signature; a == nil || a.Verdict.Kind != signature.Expired || !a.Verdict.KeyExpired || a.Verdict.Signer.Publisher != "KeePassXC" {
		t.Errorf("signature: %+v, want expired, by KeePassXC's key", a)
	}

	// Tor Browser: the primary key certifies only; a signing subkey added
	// later (the keys rotate) signs the download's .asc.
	g.Run(nil, append(faked("20240715T000000"), "--quick-add-key", primary, "ed25519", "sign", "20990101T000000")...)
	subs := g.SubkeyFingerprints(primary)
	newest := subs[len(subs)-1]
	ks, err = signature.ReadKeys(g.Export(false, primary))
	if err != nil {
		t.Fatal(err)
	}
	ks[0].Origin, ks[0].Publisher = signature.Shipped, "Tor Browser"
	ring = &signature.Keyring{}
	ring.Add(ks...)
	tor := "tor-browser-linux-x86_64-14.5.tar.xz"
	path = download(t, tor)
	row = rowGuess(t, tor, primary)
	asc := g.Sign(iso, newest+"!", "--detach-sign", "--armor")
	got2, err := Fetch(context.Background(), path, row, KeyringOf(row.Keys, ring.Keys()),
		serveRow(t, row, map[string][]byte{"https://dist.torproject.org/torbrowser/14.5/" + tor + ".asc": asc}))
	if err != nil {
		t.Fatal(err)
	}
	defer got2.Close()
	if v := decide(t, path, got2).Files[0]; v.Status != verdict.OK || !v.Genuine {
		t.Errorf("Tor Browser, signed by a new subkey: %v, genuine %v; want OK, genuine", v.Status, v.Genuine)
	}
	if a := got2.Signature; a == nil || !bytes.Contains([]byte(a.Verdict.KeyID), []byte(newest[24:])) {
		t.Errorf("signature %+v, want one by subkey %s", a, newest)
	}
}

// Firefox's SHA256SUMS names every platform and language: a download is
// found among the entries of its name by its digest (one renamed by the
// browser too), and one whose digest matches none of them is not OK.
func TestFirefoxEveryPlatform(t *testing.T) {
	s := newSigners(t, 1)
	sums := other("win64/de/Firefox Setup 128.0.exe") + line("win64/en-US/Firefox Setup 128.0.exe") +
		other("win64/fr/Firefox Setup 128.0.exe") + other("mac/en-US/Firefox 128.0.dmg") + other("KEY")
	files := map[string][]byte{
		"https://archive.mozilla.org/pub/firefox/releases/128.0/SHA256SUMS":     []byte(sums),
		"https://archive.mozilla.org/pub/firefox/releases/128.0/SHA256SUMS.asc": s.armored([]byte(sums), s.fprs[0]),
	}
	for _, name := range []string{"Firefox Setup 128.0.exe", "Firefox Setup 128.0 (1).exe"} {
		path := download(t, name)
		g := rowGuess(t, name, s.fprs[0])
		got, err := Fetch(context.Background(), path, g, KeyringOf(g.Keys, s.ring.Keys()), serveRow(t, g, files))
		if err != nil {
			t.Fatal(err)
		}
		defer got.Close()
		n := 0
		for _, src := range got.Sources {
			n += len(src.Orphans)
		}
		if n != 3 {
			t.Errorf("%s: %d entries to match by digest, want the 3 of its name", name, n)
		}
		v := decide(t, path, got).Files[0]
		if v.Status != verdict.OK || !v.Genuine || v.Renamed == nil || v.Renamed.Name != "win64/en-US/Firefox Setup 128.0.exe" {
			t.Errorf("%s: %v, genuine %v, matched %+v; want OK, genuine, win64/en-US", name, v.Status, v.Genuine, v.Renamed)
		}
	}
	// A download whose digest none of the entries of its name has.
	damaged := strings.Replace(sums, isoHex, apptest.Hex("sha256", []byte("damaged")), 1)
	files["https://archive.mozilla.org/pub/firefox/releases/128.0/SHA256SUMS"] = []byte(damaged)
	files["https://archive.mozilla.org/pub/firefox/releases/128.0/SHA256SUMS.asc"] = s.armored([]byte(damaged), s.fprs[0])
	path := download(t, "Firefox Setup 128.0.exe")
	g := rowGuess(t, "Firefox Setup 128.0.exe", s.fprs[0])
	got, err := Fetch(context.Background(), path, g, KeyringOf(g.Keys, s.ring.Keys()), serveRow(t, g, files))
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	if v := decide(t, path, got).Files[0]; v.Status == verdict.OK || v.Genuine {
		t.Errorf("no entry of its digest: %v, genuine %v", v.Status, v.Genuine)
	}
}

// A download the browser renamed is matched by its digest among the
// entries of a clear-signed file whatever that file is called (Node's
// SHASUMS256.txt.asc, Monero's hashes.txt), and Bitcoin Core's threshold
// holds for such a match too.
func TestSoftwareRenamedDownloads(t *testing.T) {
	s := newSigners(t, 3)
	k := s.fprs[0]
	node := other("node-v22.12.0-darwin-arm64.tar.gz") + line("node-v22.12.0-linux-x64.tar.xz")
	monero := "## CLI\n" + line("monero-linux-x64-v0.18.5.1.tar.bz2") + other("monero-win-x64-v0.18.5.1.zip")
	btc := other("bitcoin-28.0-win64-setup.exe") + line("bitcoin-28.0-x86_64-linux-gnu.tar.gz")
	for _, tc := range []struct {
		name    string
		keys    []string
		files   map[string][]byte
		genuine bool
	}{
		{"node-v22.12.0-linux-x64 (1).tar.xz", []string{k}, map[string][]byte{
			"https://nodejs.org/dist/v22.12.0/SHASUMS256.txt.asc": s.g.Sign([]byte(node), k, "--clearsign")}, true},
		{"monero-linux-x64-v0.18.5.1(2).tar.bz2", []string{k}, map[string][]byte{
			"https://www.getmonero.org/downloads/hashes.txt": s.g.Sign([]byte(monero), k, "--clearsign")}, true},
		{"bitcoin-28.0-x86_64-linux-gnu (1).tar.gz", s.fprs, map[string][]byte{
			"https://bitcoincore.org/bin/bitcoin-core-28.0/SHA256SUMS":     []byte(btc),
			"https://bitcoincore.org/bin/bitcoin-core-28.0/SHA256SUMS.asc": s.armored([]byte(btc), k)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := download(t, tc.name)
			g := rowGuess(t, tc.name, tc.keys...)
			got, err := Fetch(context.Background(), path, g, KeyringOf(g.Keys, s.ring.Keys()), serveRow(t, g, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			defer got.Close()
			v := decide(t, path, got).Files[0]
			if v.Renamed == nil || v.Genuine != tc.genuine {
				t.Errorf("%v, genuine %v, renamed %+v; want matched by digest, genuine %v", v.Status, v.Genuine, v.Renamed, tc.genuine)
			}
			if !tc.genuine && (v.Status != verdict.Unconfirmed || v.Trust != verdict.FetchedOtherKey) {
				t.Errorf("one builder of three: %v, trust %q; want NOT CONFIRMED", v.Status, v.Trust)
			}
		})
	}
}
