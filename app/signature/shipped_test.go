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
	if len(ks) != len(keys.List) || len(ks) < 20 {
		t.Fatalf("%d shipped keys for %d entries", len(ks), len(keys.List))
	}
	rows := readmeKeys(t)
	if len(rows) != len(keys.List) {
		t.Errorf("the README lists %d keys, assets/keys %d", len(rows), len(keys.List))
	}
	for i, e := range keys.List {
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
	want := map[string]string{"openpgp/opensuse.asc": "2024-05-02"}
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
	if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), "The openSUSE key expired on 2024-05-02") {
		t.Error("the README's key table does not say that the openSUSE key expired on 2024-05-02")
	}
}
