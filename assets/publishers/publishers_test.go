package publishers

import (
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	tab, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) == 0 || tab.About == "" {
		t.Fatalf("%d rows, about %q", len(tab.Rows), tab.About)
	}
	// The publishers the research could not confirm have no row, and the
	// file says why.
	left := map[string]bool{}
	for _, l := range tab.LeftOut {
		if l.Why == "" {
			t.Errorf("%s: left out without a reason", l.Publisher)
		}
		left[l.Publisher] = true
	}
	for _, p := range []string{"Zorin OS", "MX Linux", "Proxmox VE", "EndeavourOS", "TrueNAS", "Pop!_OS", "elementary OS"} {
		if !left[p] {
			t.Errorf("%s: not listed as left out", p)
		}
	}
	for _, r := range tab.Rows {
		if left[r.Publisher] {
			t.Errorf("%s: both a row and left out", r.Publisher)
		}
	}
}

// A misspelt field is an error, not a fact silently dropped.
func TestDecodeStrict(t *testing.T) {
	for _, bad := range []string{
		`{"rows": [{"publisher": "P", "key": ["A"]}]}`,
		`{"rows": []} {"rows": []}`,
		`{"rows": [`,
	} {
		if _, err := Decode([]byte(bad)); err == nil || !strings.Contains(err.Error(), "publishers table") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
