package signature

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"strings"
	"testing"
	"time"

	"github.com/ProtonMail/go-crypto/openpgp/packet"
	pgp "github.com/ProtonMail/go-crypto/openpgp/v2"
)

// verify1 checks sig over data and wants exactly one result.
func verify1(t *testing.T, r *Keyring, data, sig []byte, now time.Time) Result {
	t.Helper()
	rs, err := r.VerifyAt(bytes.NewReader(data), sig, now)
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if len(rs) != 1 {
		t.Fatalf("Verify gave %d results, want 1: %+v", len(rs), rs)
	}
	return rs[0]
}

func TestOpenPGPDetached(t *testing.T) {
	f := fixture(t)
	now := time.Now()
	tampered := bytes.Replace(sums, []byte("9f86"), []byte("9f87"), 1)
	appended := append(bytes.Clone(sums), "0000000000000000000000000000000000000000000000000000000000000000  evil.iso\n"...)
	edArmored := f.g.Sign(sums, f.ed, "--detach-sign", "--armor")
	edBinary := f.g.Sign(sums, f.ed, "--detach-sign")
	for _, tc := range []struct {
		name string
		data []byte
		sig  []byte
		now  time.Time
		want Kind
		fpr  string // the signer's fingerprint, or the KeyID for UnknownKey
	}{
		{"ed25519 subkey, armored", sums, edArmored, now, Genuine, f.ed},
		{"ed25519 subkey, binary", sums, edBinary, now, Genuine, f.ed},
		{"the signing subkey named", sums, f.g.Sign(sums, f.edSub+"!", "--detach-sign"), now, Genuine, f.ed},
		{"RSA 2048, imported by the user", sums, f.g.Sign(sums, f.rsa, "--detach-sign"), now, GenuineUser, f.rsa},
		{"text mode", sums, f.g.Sign(sums, f.ed, "--detach-sign", "--textmode"), now, Genuine, f.ed},
		{"text mode, CRLF file", bytes.ReplaceAll(sums, []byte("\n"), []byte("\r\n")), f.g.Sign(sums, f.ed, "--detach-sign", "--textmode"), now, Genuine, f.ed},
		{"tampered checksum file", tampered, edBinary, now, Bad, f.ed},
		{"a line appended after signing", appended, edArmored, now, Bad, f.ed},
		{"binary mode, CRLF file", bytes.ReplaceAll(sums, []byte("\n"), []byte("\r\n")), edBinary, now, Bad, f.ed},
		{"a key Hashdrop does not know", sums, f.g.Sign(sums, f.wrong, "--detach-sign"), now, UnknownKey, f.wrong},
		{"RSA 1024", sums, f.g.Sign(sums, f.weak, "--detach-sign"), now, TooWeak, f.weak},
		{"SHA-1", sums, f.g.Sign(sums, f.rsa, "--detach-sign", "--digest-algo", "SHA1"), now, TooWeak, f.rsa},
		{"revoked key", sums, f.revokedSig, now, Revoked, f.revoked},
		{"signature expired", sums, f.g.Sign(sums, f.ed, "--detach-sign", "--default-sig-expire", "1d"), now.Add(49 * time.Hour), Expired, f.ed},
		{"key expired since it signed", sums, f.expiredSig, now, Genuine, f.expired},
		{"truncated binary signature", sums, edBinary[:len(edBinary)/2], now, Unreadable, ""},
		{"truncated armored signature", sums, edArmored[:len(edArmored)*2/3], now, Unreadable, ""},
		{"not a signature", sums, []byte("hello, world\n"), now, Unreadable, ""},
		{"a key, not a signature", sums, f.armoredKeys, now, Unreadable, ""},
		{"empty", sums, nil, now, Unreadable, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := verify1(t, f.trusted, tc.data, tc.sig, tc.now)
			if r.Kind != tc.want || r.Format != OpenPGP {
				t.Fatalf("got %v (%v, err %v), want %v", r.Kind, r.Format, r.Err, tc.want)
			}
			switch {
			case tc.want == UnknownKey:
				if r.KeyID != tc.fpr && !strings.HasSuffix(tc.fpr, r.KeyID) {
					t.Errorf("KeyID %s, want (the end of) %s", r.KeyID, tc.fpr)
				}
				if r.Signer != (Signer{}) {
					t.Errorf("an unknown key has signer fields: %+v", r.Signer)
				}
			case tc.fpr != "" && r.Signer.Fingerprint != tc.fpr:
				t.Errorf("signer %s, want %s", r.Signer.Fingerprint, tc.fpr)
			}
			if tc.want == Unreadable && r.Err == nil {
				t.Error("Unreadable without a reason")
			}
		})
	}
}

func TestOpenPGPDetails(t *testing.T) {
	f := fixture(t)
	now := time.Now()
	r := verify1(t, f.trusted, sums, f.g.Sign(sums, f.ed, "--detach-sign"), now)
	if r.Signer.Publisher != "Example" || r.Signer.UserID != "Example Release <release@example.org>" {
		t.Errorf("signer %+v", r.Signer)
	}
	if r.Created.IsZero() || r.Created.After(now.Add(time.Minute)) {
		t.Errorf("Created %v", r.Created)
	}
	if r.KeyExpired || !r.Until.IsZero() {
		t.Errorf("a key that never expires: KeyExpired %v, Until %v", r.KeyExpired, r.Until)
	}

	r = verify1(t, f.trusted, sums, f.g.Sign(sums, f.weak, "--detach-sign"), now)
	if r.Bits != 1024 || r.Hash != "" {
		t.Errorf("RSA 1024: Bits %d, Hash %q", r.Bits, r.Hash)
	}
	r = verify1(t, f.trusted, sums, f.g.Sign(sums, f.rsa, "--detach-sign", "--digest-algo", "SHA1"), now)
	if r.Hash != "SHA-1" || r.Bits != 0 {
		t.Errorf("SHA-1: Bits %d, Hash %q", r.Bits, r.Hash)
	}
	r = verify1(t, f.trusted, sums, f.expiredSig, now)
	if !r.KeyExpired || r.Until.Format("2006-01-02") != "2020-01-02" {
		t.Errorf("key expired since: KeyExpired %v, Until %v", r.KeyExpired, r.Until)
	}
	r = verify1(t, f.trusted, sums, f.g.Sign(sums, f.ed, "--detach-sign", "--default-sig-expire", "1d"), now.Add(49*time.Hour))
	if r.KeyExpired || r.Until.Sub(r.Created) != 24*time.Hour {
		t.Errorf("signature expired: KeyExpired %v, Until %v, Created %v", r.KeyExpired, r.Until, r.Created)
	}
}

// TestOpenPGPSignedAfterKeyExpired: gpg refuses to sign with an expired
// key, so the signature is made with the library from gpg's secret key.
// TestOpenPGPClockBehind: a signature made "in the future" (the user's
// clock is behind the publisher's) is still genuine.
func TestOpenPGPClockBehind(t *testing.T) {
	f := fixture(t)
	sig := f.g.Sign(sums, f.ed, "--detach-sign")
	if r := verify1(t, f.trusted, sums, sig, time.Now().Add(-time.Hour)); r.Kind != Genuine {
		t.Errorf("got %v (err %v), want genuine", r.Kind, r.Err)
	}
}

func TestOpenPGPSignedAfterKeyExpired(t *testing.T) {
	f := fixture(t)
	secret := f.g.Run(nil, "--export-secret-keys", f.expired)
	ents, err := pgp.ReadKeyRing(bytes.NewReader(secret))
	if err != nil {
		t.Fatal(err)
	}
	priv := ents[0].PrivateKey
	when := time.Date(2020, 1, 5, 0, 0, 0, 0, time.UTC) // the key expired on the 2nd
	sig := &packet.Signature{Version: 4, SigType: packet.SigTypeBinary, PubKeyAlgo: priv.PubKeyAlgo, Hash: crypto.SHA256,
		CreationTime: when, IssuerKeyId: &priv.KeyId, IssuerFingerprint: priv.Fingerprint}
	h := sha256.New()
	h.Write(sums)
	if err := sig.Sign(h, priv, &packet.Config{Time: func() time.Time { return when }}); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := sig.Serialize(&buf); err != nil {
		t.Fatal(err)
	}
	r := verify1(t, f.trusted, sums, buf.Bytes(), time.Now())
	if r.Kind != Expired || !r.KeyExpired || r.Until.Format("2006-01-02") != "2020-01-02" {
		t.Fatalf("got %v (KeyExpired %v, Until %v, err %v), want expired key", r.Kind, r.KeyExpired, r.Until, r.Err)
	}
}

func TestOpenPGPSeveralSignatures(t *testing.T) {
	f := fixture(t)
	sig := f.g.Sign(sums, f.wrong, "--detach-sign", "--local-user", f.ed)
	rs, err := f.trusted.Verify(bytes.NewReader(sums), sig)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[Kind]int{}
	for _, r := range rs {
		kinds[r.Kind]++
	}
	if len(rs) != 2 || kinds[Genuine] != 1 || kinds[UnknownKey] != 1 {
		t.Fatalf("results %+v", rs)
	}
	if v := Verdict(rs); v.Kind != Genuine {
		t.Errorf("verdict %v, want genuine", v.Kind)
	}
	tampered := append(bytes.Clone(sums), '\n')
	rs, _ = f.trusted.Verify(bytes.NewReader(tampered), sig)
	if v := Verdict(rs); v.Kind != Bad {
		t.Errorf("tampered: verdict %v, want bad", v.Kind)
	}
}

func TestClearSigned(t *testing.T) {
	f := fixture(t)
	withDash := append(bytes.Clone(sums), "-- a line starting with a dash\n"...)
	signed := f.g.Sign(withDash, f.ed, "--clearsign")
	evil := "0000000000000000000000000000000000000000000000000000000000000000  evil.iso\n"
	for _, tc := range []struct {
		name          string
		file          string
		want          Kind
		before, after string
	}{
		{"as signed", string(signed), Genuine, "", ""},
		{"lines appended after the signature", string(signed) + evil, Genuine, "", evil},
		{"lines before the message", evil + string(signed), Genuine, evil, ""},
		{"CRLF", strings.ReplaceAll(string(signed), "\n", "\r\n"), Genuine, "", ""},
		{"a signed line changed", strings.Replace(string(signed), "9f86", "9f87", 1), Bad, "", ""},
		{"a line added inside", strings.Replace(string(signed), "\n\n", "\n\n"+evil, 1), Bad, "", ""},
		{"by an unknown key", string(f.g.Sign(withDash, f.wrong, "--clearsign")), UnknownKey, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ReadClearSigned([]byte(tc.file))
			if c == nil {
				t.Fatal("no clear-signed message found")
			}
			rs := f.trusted.VerifyClearSigned(c)
			if len(rs) != 1 || rs[0].Kind != tc.want {
				t.Fatalf("results %+v, want one %v", rs, tc.want)
			}
			wantText := strings.TrimSuffix(string(withDash), "\n")
			if tc.want != Bad && string(c.Text) != wantText {
				t.Errorf("Text %q, want %q", c.Text, wantText)
			}
			if tc.want != Bad && strings.Contains(string(c.Text), "evil") {
				t.Error("text outside the signed message came back as signed")
			}
			if string(c.Before) != tc.before || strings.ReplaceAll(string(c.After), "\r", "") != tc.after {
				t.Errorf("Before %q After %q, want %q %q", c.Before, c.After, tc.before, tc.after)
			}
			wantLine := 4 + strings.Count(tc.before, "\n") // BEGIN, Hash:, blank
			if c.Line != wantLine {
				t.Errorf("Line %d, want %d", c.Line, wantLine)
			}
		})
	}
	for _, bad := range []string{
		string(sums),
		string(signed[:len(signed)/2]),
		strings.Replace(string(signed), "-----END PGP SIGNATURE-----", "", 1),
	} {
		if c := ReadClearSigned([]byte(bad)); c != nil {
			t.Errorf("ReadClearSigned found a message in %q", bad)
		}
	}
}

func TestReadOpenPGPKeys(t *testing.T) {
	f := fixture(t)
	for name, data := range map[string][]byte{"armored": f.armoredKeys, "binary": f.binaryKeys} {
		ks, err := ReadKeys(data)
		if err != nil || len(ks) != 1 {
			t.Fatalf("%s: %v, %d keys", name, err, len(ks))
		}
		k := ks[0]
		if k.Format != OpenPGP || k.Fingerprint != f.ed || k.UserID != "Example Release <release@example.org>" || k.Algorithm != "Ed25519" {
			t.Errorf("%s: %+v", name, k)
		}
		again, err := ReadKeys(k.Bytes())
		if err != nil || len(again) != 1 || again[0].Fingerprint != f.ed {
			t.Errorf("%s: the stored form does not read back: %v", name, err)
		}
	}
	two := f.g.Export(true, f.ed, f.rsa)
	if ks, err := ReadKeys(two); err != nil || len(ks) != 2 {
		t.Errorf("two keys: %v, %d keys", err, len(ks))
	}
	concat := append(f.g.Export(true, f.ed), f.g.Export(true, f.rsa)...)
	if ks, err := ReadKeys(concat); err != nil || len(ks) != 2 {
		t.Errorf("two armored blocks: %v, %d keys", err, len(ks))
	}
	if ks, err := ReadKeys(f.g.Export(false, f.expired)); err != nil || ks[0].Expires.Format("2006-01-02") != "2020-01-02" {
		t.Errorf("expiry: %v %v", err, ks)
	}
	if _, err := ReadKeys(f.g.Run(nil, "--export-secret-keys", "--armor", f.ed)); err == nil {
		t.Error("a secret key was read as a public key")
	}
	for _, junk := range []string{"", "hello\n", "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nAAAA\n-----END PGP PUBLIC KEY BLOCK-----\n"} {
		if _, err := ReadKeys([]byte(junk)); err == nil {
			t.Errorf("ReadKeys(%q) found a key", junk)
		}
	}
}
