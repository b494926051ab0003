package signature

import (
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/signature/sigtest"
)

// Keys that were revoked or expired after (or before) they signed, made by
// gpg with faked clocks so that every date is fixed:
//
//	2020-01-01 00:00  the keys are made
//	2020-01-01 06:00  expiry set to a day later (2020-01-02 06:00), a user id revoked
//	2020-01-01 12:00  signatures "before"
//	2020-02-01 00:00  revocations
//	2020-03-01 00:00  signatures "after" (made by gpg before it was told of
//	                  the expiry or revocation, dated after them)
//
// What the user sees:
//   - a revoked key or signing subkey, whatever the reason and whenever it
//     signed: Revoked, never genuine. OpenPGP lets a key "superseded" or
//     "no longer used" keep its old signatures valid, but a publisher who
//     revokes a key is saying not to trust it; Hashdrop cannot tell a
//     truthful reason from a thief's.
//   - a revoked user id: the key still signs; the id is not shown.
//   - a key or signing subkey that expired after it signed: Genuine, with
//     the expiry (KeyExpired, Until); one that had expired when it signed:
//     Expired.
const (
	lcMade   = "20200101T000000"
	lcSet    = "20200101T060000"
	lcBefore = "20200101T120000"
	lcRevoke = "20200201T000000"
	lcAfter  = "20200301T000000"
	// An expiry date, not "1d": gpg's faked clock runs on from where it
	// starts, so a relative one lands a second later on a busy machine.
	lcExpires = "20200102T060000"
)

var lcExpiry = time.Date(2020, 1, 2, 6, 0, 0, 0, time.UTC)

func TestOpenPGPRevokedAndExpired(t *testing.T) {
	sigtest.Tool(t, "gpg")
	g := sigtest.NewGnuPG(t)
	t.Cleanup(g.Close)
	faked := func(when string) []string { return []string{"--faked-system-time", when} }
	// newKey makes a key, with a signing subkey when sub, and returns the
	// fingerprint and the signer to name (the subkey's, with "!").
	newKey := func(uid string, sub bool) (string, string) {
		if !sub {
			fpr := g.GenKey(uid, "ed25519", "sign", "never", faked(lcMade)...)
			return fpr, fpr
		}
		fpr := g.GenKey(uid, "ed25519", "cert", "never", faked(lcMade)...)
		g.Run(nil, append(faked(lcMade), "--quick-add-key", fpr, "ed25519", "sign", "never")...)
		return fpr, g.SubkeyFingerprints(fpr)[0] + "!"
	}
	sign := func(signer, when string) []byte { return g.Sign(sums, signer, "--detach-sign", faked(when)...) }

	type made struct {
		fpr           string
		before, after []byte // signatures dated lcBefore and lcAfter
	}
	keys := map[string]made{}
	add := func(name, fpr, signer string) { keys[name] = made{fpr, sign(signer, lcBefore), sign(signer, lcAfter)} }

	fpr, signer := newKey("Subkey Superseded <a@example.org>", true)
	add("subkey superseded", fpr, signer)
	g.RevokeKey(fpr, 1, sigtest.Superseded, faked(lcRevoke)...)

	fpr, signer = newKey("Subkey Compromised <b@example.org>", true)
	add("subkey compromised", fpr, signer)
	g.RevokeKey(fpr, 1, sigtest.Compromised, faked(lcRevoke)...)

	fpr, signer = newKey("Key Retired <c@example.org>", false)
	add("key retired", fpr, signer)
	g.RevokeKey(fpr, 0, sigtest.Retired, faked(lcRevoke)...)

	fpr, signer = newKey("Primary Superseded <d@example.org>", true)
	add("primary superseded, subkey signs", fpr, signer)
	g.RevokeKey(fpr, 0, sigtest.Superseded, faked(lcRevoke)...)

	fpr, signer = newKey("Old Name <e@example.org>", false)
	g.Run(nil, append(faked("20200101T000100"), "--quick-add-uid", fpr, "New Name <e@example.org>")...)
	// The old name is the primary one until it is revoked.
	g.Run(nil, append(faked("20200101T000200"), "--quick-set-primary-uid", fpr, "Old Name <e@example.org>")...)
	g.Run(nil, append(faked(lcSet), "--quick-revoke-uid", fpr, "Old Name <e@example.org>")...)
	add("user id revoked", fpr, signer)

	fpr, signer = newKey("Subkey Expires <f@example.org>", true)
	add("subkey expired", fpr, signer)
	g.Run(nil, append(faked(lcSet), "--quick-set-expire", fpr, lcExpires, signer[:len(signer)-1])...)

	fpr, signer = newKey("Key Expires <g@example.org>", false)
	add("key expired", fpr, signer)
	g.Run(nil, append(faked(lcSet), "--quick-set-expire", fpr, lcExpires)...)

	ring := &Keyring{}
	for name, m := range keys {
		ks, err := ReadKeys(g.Export(false, m.fpr))
		if err != nil || len(ks) != 1 {
			t.Fatalf("%s: reading the key: %v, %d keys", name, err, len(ks))
		}
		ks[0].Origin, ks[0].Publisher = Shipped, "Example"
		ring.Add(ks...)
	}

	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		key    string
		after  bool // the signature made after the revocation or expiry
		now    time.Time
		want   Kind
		expiry bool // KeyExpired, Until lcExpiry
		uid    string
	}{
		{"subkey superseded", false, now, Revoked, false, ""},
		{"subkey superseded", true, now, Revoked, false, ""},
		{"subkey compromised", false, now, Revoked, false, ""},
		{"subkey compromised", true, now, Revoked, false, ""},
		{"key retired", false, now, Revoked, false, ""},
		{"key retired", true, now, Revoked, false, ""},
		{"primary superseded, subkey signs", false, now, Revoked, false, ""},
		{"primary superseded, subkey signs", true, now, Revoked, false, ""},
		{"user id revoked", false, now, Genuine, false, "New Name <e@example.org>"},
		{"subkey expired", false, now, Genuine, true, ""},
		{"subkey expired", true, now, Expired, true, ""},
		{"subkey expired", false, lcExpiry.Add(-time.Hour), Genuine, false, ""},
		{"key expired", false, now, Genuine, true, ""},
		{"key expired", true, now, Expired, true, ""},
		{"key expired", false, lcExpiry.Add(-time.Hour), Genuine, false, ""},
	} {
		name := tc.key + ", signed before"
		if tc.after {
			name = tc.key + ", signed after"
		}
		if !tc.now.Equal(now) {
			name += ", checked before it expired"
		}
		t.Run(name, func(t *testing.T) {
			m := keys[tc.key]
			sig := m.before
			if tc.after {
				sig = m.after
			}
			r := verify1(t, ring, sums, sig, tc.now)
			if r.Kind != tc.want || r.Signer.Fingerprint != m.fpr {
				t.Fatalf("%v by %s (err %v), want %v by %s", r.Kind, r.Signer.Fingerprint, r.Err, tc.want, m.fpr)
			}
			if tc.expiry && (!r.KeyExpired || !r.Until.Equal(lcExpiry)) || !tc.expiry && (r.KeyExpired || !r.Until.IsZero()) {
				t.Errorf("KeyExpired %v, Until %v; want the key's expiry %v: %v", r.KeyExpired, r.Until, tc.expiry, lcExpiry)
			}
			if tc.uid != "" && r.Signer.UserID != tc.uid {
				t.Errorf("user id %q, want %q", r.Signer.UserID, tc.uid)
			}
		})
	}
}
