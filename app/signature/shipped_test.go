package signature

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/assets/keys"
)

// readmeKeys reads the README's "Publishers' keys" table: file -> row.
func readmeKeys(t *testing.T) map[string][]string {
	t.Helper()
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Publishers' keys\n")
	if !ok {
		t.Fatal(`README.md has no "## Publishers' keys" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	rows := map[string][]string{}
	for _, l := range strings.Split(section, "\n") {
		if !strings.HasPrefix(l, "| ") || strings.HasPrefix(l, "| Publisher |") {
			continue
		}
		cells := strings.Split(strings.Trim(l, "|"), " | ")
		for i := range cells {
			cells[i] = strings.Trim(strings.TrimSpace(cells[i]), "`")
		}
		if len(cells) != 5 {
			t.Fatalf("README key row with %d cells: %s", len(cells), l)
		}
		rows[cells[3]] = cells
	}
	return rows
}

func TestShippedKeysMatchREADME(t *testing.T) {
	ks, err := ShippedKeys()
	if err != nil {
		t.Fatal(err)
	}
	list := keys.List
	if len(ks) != len(list) {
		t.Fatalf("%d shipped keys for %d entries", len(ks), len(list))
	}
	rows := readmeKeys(t)
	if len(rows) != len(list) {
		t.Errorf("the README lists %d keys, Hashdrop ships %d", len(rows), len(list))
	}
	for i, e := range list {
		k := ks[i]
		row, ok := rows[e.File]
		switch {
		case !ok:
			t.Errorf("%s is not in the README's table", e.File)
		case row[0] != e.Publisher || row[2] != k.Fingerprint || row[4] != e.Source:
			t.Errorf("README row %q does not match %s: %s %s %s", row, e.File, e.Publisher, k.Fingerprint, e.Source)
		}
		if k.Fingerprint != e.Fingerprint || k.Origin != Shipped || k.Publisher == "" || k.Provenance == "" {
			t.Errorf("%s: %+v", e.File, k)
		}
		if k.UserID != e.UserID {
			t.Errorf("%s: user id %q, the entry says %q", e.File, k.UserID, e.UserID)
		}
	}
	var r Keyring
	r.Add(ks...)
	if k := r.Find(OpenPGP, "843938DF228D22F7B3742BC0D94AA3F0EFE21092"); k == nil || k.Publisher != "Ubuntu" {
		t.Errorf("Ubuntu's key: %+v", k)
	}
}

// Which shipped keys expire, and when, is a fact of their files (not of
// today's date): a copy refreshed with a new expiry, or a key added that
// expires, changes this list and the README's word on it together.
func TestShippedKeysExpiry(t *testing.T) {
	ks, err := ShippedKeys()
	if err != nil {
		t.Fatal(err)
	}
	// Tails: the first of its signing subkeys to expire (the current
	// ones, and its primary key, expire on 2027-01-13).
	want := map[string]string{"openpgp/opensuse-2022.asc": "2030-05-27", "openpgp/archlinux-iso-pierre-2022.asc": "2037-10-27",
		"openpgp/tails-signing.asc": "2016-01-11"}
	cfg := verifyConfig(time.Now())
	for i, e := range keys.List {
		k, until := ks[i], time.Time{}
		if k.entity != nil {
			// The earliest of the primary key's and its signing subkeys'.
			until = expiry(k.entity, k.entity.PrimaryKey.KeyId, time.Time{}, cfg)
			for _, sk := range k.entity.Subkeys {
				self, err := sk.LatestValidBindingSignature(time.Time{}, cfg)
				if err != nil || !self.FlagSign {
					continue
				}
				if u := expiry(k.entity, sk.PublicKey.KeyId, time.Time{}, cfg); !u.IsZero() && (until.IsZero() || u.Before(until)) {
					until = u
				}
			}
		}
		got := ""
		if !until.IsZero() {
			got = until.UTC().Format("2006-01-02")
		}
		if got != want[e.File] {
			t.Errorf("%s expires %q, want %q", e.File, got, want[e.File])
		}
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), "openSUSE's key of 2022 expires on 2030-05-27") {
		t.Error("the README's key table does not say that openSUSE's key expires on 2030-05-27")
	}
}

// The keys added for issue 32: what the README says of them is what their
// files say, and the keys whose fingerprints no second source confirmed
// (Kali's lost 2012 key, Raspberry Pi's, Ubuntu's 2004 CD key, FreeBSD's
// and NetBSD's) are not shipped.
func TestMorePublishers(t *testing.T) {
	ks, err := ShippedKeys()
	if err != nil {
		t.Fatal(err)
	}
	var r Keyring
	r.Add(ks...)
	want := map[string]string{ // fingerprint: the primary key's expiry
		"3E80CA1A8B89F69CBA57D98A76A5EF9054449A5C": "2037-10-27",
		"4AA4767BBC9C4B1D18AE28B77F2D434B9741E8AC": "",
		"A490D0F4D311A4153E2BB7CADBB802B258ACD84F": "2027-01-13",
		"0482D84022F52DF1C4E7CD43293ACD0907D9495A": "",
	}
	for fpr, expires := range want {
		k := r.Find(OpenPGP, fpr)
		if k == nil || k.Origin != Shipped {
			t.Errorf("%s is not shipped: %+v", fpr, k)
			continue
		}
		got := ""
		if !k.Expires.IsZero() {
			got = k.Expires.UTC().Format("2006-01-02")
		}
		if got != expires {
			t.Errorf("%s (%s): the primary key expires %q, want %q", fpr, k.Publisher, got, expires)
		}
		if withdrawn := strings.Contains(k.Publisher, "withdrawn"); withdrawn != (fpr == "4AA4767BBC9C4B1D18AE28B77F2D434B9741E8AC") {
			t.Errorf("%s: publisher %q", fpr, k.Publisher)
		}
	}
	for _, fpr := range []string{"44C6513A8E4FB3D30875F758ED444FF07D8D0BF6", "54C3DD610D9D1B4AF82A37758738CD6B956F460C",
		"C5986B4F1257FFA86632CBA746181433FBB75451", "82563B84D0620EDC0DFB86413897F2E22E65AD3F", "271133262BF35CB50D4F504689261E17F5EF49FF"} {
		if k := r.Find(OpenPGP, fpr); k != nil {
			t.Errorf("an unconfirmed key is shipped: %s (%s)", fpr, k.Publisher)
		}
	}
}
