package signature

import (
	"bytes"
	"io"
	"os"
	"testing"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp/armor"
)

// A real publisher's signature: Debian's bookworm-security InRelease,
// clear-signed by two of Debian's archive keys. testdata/debian/README.md
// says where each file comes from.

const (
	bookwormFpr    = "05AB90340C0C5E797F44A8C8254CF3B5AEC0A8F0" // Debian Security Archive Automatic Signing Key (12/bookworm)
	bookwormSubFpr = "B0CAB9266E8C3929798B3EEEBDE6D2B9216EC7A8" // its signing subkey
	bullseyeFpr    = "AC530D520F2F3269F5E98313A48449044AAD5C5D" // Debian Security Archive Automatic Signing Key (11/bullseye)
	bullseyeSubFpr = "ED541312A33F1128F10B1C6C54404762BBB6E853"
)

// inReleaseSigned is when both signatures were made; the checks run at
// that time, so that the keys' expiry (January 2029 and 2031) cannot
// break them.
var inReleaseSigned = time.Date(2026, 11, 29, 0, 53, 14, 0, time.UTC)

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/debian/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// debianKey reads one of the fixture's keys as the user's own.
func debianKey(t *testing.T, name, fpr string) *Key {
	t.Helper()
	ks, err := ReadKeys(readTestdata(t, name))
	if err != nil || len(ks) != 1 || ks[0].Fingerprint != fpr {
		t.Fatalf("%s: %v, %d keys, want the one key %s", name, err, len(ks), fpr)
	}
	ks[0].Origin = Imported
	return ks[0]
}

// inRelease reads the fixture's clear-signed message from data.
func inRelease(t *testing.T, data []byte) *ClearSigned {
	t.Helper()
	c := ReadClearSigned(data)
	if c == nil {
		t.Fatal("no clear-signed message found in the InRelease file")
	}
	return c
}

// bySubkey maps each result to the subkey the signature names (KeyID).
func bySubkey(t *testing.T, rs []Result) map[string]Result {
	t.Helper()
	m := map[string]Result{}
	for _, r := range rs {
		m[r.KeyID] = r
	}
	if len(rs) != 2 || len(m) != 2 {
		t.Fatalf("%d results over %d signing keys, want two signatures by two keys: %+v", len(rs), len(m), rs)
	}
	return m
}

func TestDebianInReleaseGenuine(t *testing.T) {
	data := readTestdata(t, "bookworm-security_InRelease")
	var ring Keyring
	ring.Add(debianKey(t, "debian-security-12-bookworm.asc", bookwormFpr), debianKey(t, "debian-security-11-bullseye.asc", bullseyeFpr))
	c := inRelease(t, data)
	if !bytes.HasPrefix(c.Text, []byte("Origin: Debian\nLabel: Debian-Security\n")) || c.Line != 4 || len(c.Before) != 0 || len(bytes.TrimSpace(c.After)) != 0 {
		t.Errorf("signed text at line %d, %d bytes before, %d after: %.40q", c.Line, len(c.Before), len(c.After), c.Text)
	}
	if !bytes.Contains(c.Text, []byte("\nCodename: bookworm-security\n")) {
		t.Error("the signed text lacks the Codename line")
	}
	rs := bySubkey(t, ring.VerifyClearSignedAt(c, inReleaseSigned))
	for _, want := range []struct{ sub, fpr, uid string }{
		{bookwormSubFpr, bookwormFpr, "Debian Security Archive Automatic Signing Key (12/bookworm) <ftpmaster@debian.org>"},
		{bullseyeSubFpr, bullseyeFpr, "Debian Security Archive Automatic Signing Key (11/bullseye) <ftpmaster@debian.org>"},
	} {
		r, ok := rs[want.sub]
		switch {
		case !ok:
			t.Errorf("no signature by the subkey %s", want.sub)
		case r.Kind != GenuineUser || r.Format != OpenPGP || r.Err != nil:
			t.Errorf("%s: %v (%v, err %v), want genuine-user", want.sub, r.Kind, r.Format, r.Err)
		case r.Signer != (Signer{UserID: want.uid, Fingerprint: want.fpr}):
			t.Errorf("%s: signer %+v, want %s %s", want.sub, r.Signer, want.fpr, want.uid)
		case !r.Created.Equal(inReleaseSigned):
			t.Errorf("%s: made %v, want %v", want.sub, r.Created, inReleaseSigned)
		case r.KeyExpired || !r.Until.IsZero() || r.Hash != "" || r.Bits != 0:
			t.Errorf("%s: KeyExpired %v, Until %v, Hash %q, Bits %d", want.sub, r.KeyExpired, r.Until, r.Hash, r.Bits)
		}
	}
	// The same message checked again (as after the user imports a key): its
	// signature is read afresh, not from a reader the first check drained.
	if v := Verdict(ring.VerifyClearSignedAt(c, inReleaseSigned)); v.Kind != GenuineUser {
		t.Errorf("verdict %v, want genuine-user", v.Kind)
	}

	// Checked after both keys expired: the signatures were made while they
	// were valid, so they stay genuine, with the expiry said.
	later := time.Date(2032, 1, 1, 0, 0, 0, 0, time.UTC)
	rs = bySubkey(t, ring.VerifyClearSignedAt(c, later))
	expiry := map[string]time.Time{
		bookwormSubFpr: time.Date(2031, 1, 19, 11, 45, 33, 0, time.UTC),
		bullseyeSubFpr: time.Date(2029, 1, 15, 11, 17, 4, 0, time.UTC),
	}
	for sub, until := range expiry {
		if r := rs[sub]; r.Kind != GenuineUser || !r.KeyExpired || !r.Until.Equal(until) {
			t.Errorf("%s in 2032: %v, KeyExpired %v, Until %v; want genuine-user, the key expired %s", sub, r.Kind, r.KeyExpired, r.Until, until)
		}
	}
}

func TestDebianInReleaseTampered(t *testing.T) {
	data := readTestdata(t, "bookworm-security_InRelease")
	var ring Keyring
	ring.Add(debianKey(t, "debian-security-12-bookworm.asc", bookwormFpr), debianKey(t, "debian-security-11-bullseye.asc", bullseyeFpr))
	for _, tc := range []struct{ name, from, to string }{
		{"one letter of the Codename", "Codename: bookworm-security", "Codename: bookworm-securitz"},
		{"one digit of a digest", "\n 0", "\n 1"},
		{"the Valid-Until date", "Valid-Until: Sun, 06 Dec 2026", "Valid-Until: Sun, 07 Dec 2026"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !bytes.Contains(data, []byte(tc.from)) {
				t.Fatalf("the fixture has no %q", tc.from)
			}
			changed := bytes.Replace(data, []byte(tc.from), []byte(tc.to), 1)
			if len(changed) != len(data) {
				t.Fatal("the change is not one byte")
			}
			rs := bySubkey(t, ring.VerifyClearSignedAt(inRelease(t, changed), inReleaseSigned))
			for sub, fpr := range map[string]string{bookwormSubFpr: bookwormFpr, bullseyeSubFpr: bullseyeFpr} {
				if r := rs[sub]; r.Kind != Bad || r.Signer.Fingerprint != fpr {
					t.Errorf("%s: %v by %s, want bad by %s", sub, r.Kind, r.Signer.Fingerprint, fpr)
				}
			}
		})
	}
}

func TestDebianInReleaseKeyRemoved(t *testing.T) {
	c := inRelease(t, readTestdata(t, "bookworm-security_InRelease"))

	// Only the bullseye key: its signature is genuine, the other's key is
	// unknown, and the verdict is the genuine one.
	var one Keyring
	one.Add(debianKey(t, "debian-security-11-bullseye.asc", bullseyeFpr))
	rs := bySubkey(t, one.VerifyClearSignedAt(c, inReleaseSigned))
	if r := rs[bullseyeSubFpr]; r.Kind != GenuineUser || r.Signer.Fingerprint != bullseyeFpr {
		t.Errorf("bullseye: %v by %s", r.Kind, r.Signer.Fingerprint)
	}
	if r := rs[bookwormSubFpr]; r.Kind != UnknownKey || r.Signer != (Signer{}) {
		t.Errorf("bookworm, its key removed: %v, signer %+v; want unknown-key", r.Kind, r.Signer)
	}

	// No key, or only the keys Hashdrop ships (Debian's CD keys, not its
	// archive keys): both unknown, named by the subkeys that signed.
	shipped, err := ShippedKeys()
	if err != nil {
		t.Fatal(err)
	}
	var ship Keyring
	ship.Add(shipped...)
	for name, ring := range map[string]*Keyring{"no key": {}, "the shipped keys": &ship} {
		rs := ring.VerifyClearSignedAt(c, inReleaseSigned)
		for sub, r := range bySubkey(t, rs) {
			if r.Kind != UnknownKey || r.Signer != (Signer{}) {
				t.Errorf("%s: %s: %v, signer %+v; want unknown-key", name, sub, r.Kind, r.Signer)
			}
		}
		if v := Verdict(rs); v.Kind != UnknownKey || v.KeyID != bookwormSubFpr && v.KeyID != bullseyeSubFpr {
			t.Errorf("%s: verdict %v by %s, want unknown-key by one of the subkeys", name, v.Kind, v.KeyID)
		}
	}
}

// The same real signatures, cut out of the file and given as a detached
// .asc over the text they sign (as SHA256SUMS.gpg beside SHA256SUMS is):
// Verify reads them as it reads the clear-signed file.
func TestDebianInReleaseDetached(t *testing.T) {
	data := readTestdata(t, "bookworm-security_InRelease")
	var ring Keyring
	ring.Add(debianKey(t, "debian-security-12-bookworm.asc", bookwormFpr), debianKey(t, "debian-security-11-bullseye.asc", bullseyeFpr))
	at := bytes.Index(data, []byte("-----BEGIN PGP SIGNATURE-----"))
	if at < 0 {
		t.Fatal("no signature block in the fixture")
	}
	armored, text := data[at:], inRelease(t, data).Text
	block, err := armor.Decode(bytes.NewReader(armored))
	if err != nil {
		t.Fatal(err)
	}
	binary, err := io.ReadAll(block.Body)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		data, sig []byte
		want      Kind
	}{
		{"the signed text, armored", text, armored, GenuineUser},
		{"the signed text, binary", text, binary, GenuineUser},
		{"a line added", append(bytes.Clone(text), "\nExtra: line"...), armored, Bad},
	} {
		rs, err := ring.VerifyAt(bytes.NewReader(tc.data), tc.sig, inReleaseSigned)
		if err != nil {
			t.Fatal(err)
		}
		for sub, r := range bySubkey(t, rs) {
			if r.Kind != tc.want {
				t.Errorf("%s: %s: %v (err %v), want %v", tc.name, sub, r.Kind, r.Err, tc.want)
			}
		}
	}
}
