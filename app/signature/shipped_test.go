package signature

import (
	"os"
	"strings"
	"testing"

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
