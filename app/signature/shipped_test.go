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
		"openpgp/tails-signing.asc": "2016-01-11",
		// Issue 48: the first of each key's signing keys to expire.
		"openpgp/keepassxc.asc":  "2021-01-07",
		"openpgp/torbrowser.asc": "2026-10-26",
		"openpgp/nodejs-114F43EE0176B71C7BC219DD50A3051F888C628D.asc": "2019-01-08",
		"openpgp/nodejs-1C050899334244A8AF75E53792EF661D867B9DFA.asc": "2020-12-31",
		"openpgp/nodejs-4ED778F539E3634C779C87C6D7062848A1AB005C.asc": "2023-03-26",
		"openpgp/nodejs-56730D5401028683275BD23C23EFEFE93C4CFFFE.asc": "2033-01-19",
		"openpgp/nodejs-655F3B5C1FB3FA8D1A0CA6BDE4A7D232B936D2FD.asc": "2028-06-28",
		"openpgp/nodejs-71DCFD284A79C3B38668286BC97EC7A07EDE3FC1.asc": "2022-11-08",
		"openpgp/nodejs-74F12602B6F1C4E913FAA37AD3A89613643B6201.asc": "2024-12-28",
		"openpgp/nodejs-7937DFD2AB06298B2293C3187D33FF9D0246406D.asc": "2016-03-26",
		"openpgp/nodejs-890C08DB8579162FEE0DF9DB8BEAB4DFCF555EF4.asc": "2026-07-08",
		"openpgp/nodejs-8FCCA13FEF1D0C2E91008E09770F7A9A5AE15600.asc": "2026-12-09",
		"openpgp/nodejs-94AE36675C464D64BAFA68DD7434390BDBE9B9C5.asc": "2019-07-21",
		"openpgp/nodejs-A363A499291CBBC940DD62E41F10027AF002F8B0.asc": "2025-06-01",
		"openpgp/nodejs-A48C2BEE680E841632CD4E44F07496B3EB3C1762.asc": "2021-12-07",
		"openpgp/nodejs-B9AE9905FFD7803F25714661B63B535A4C206CA9.asc": "2019-12-17",
		"openpgp/nodejs-C4F0DFFF4E8C1A8236409D08E73BC641CC11F4C8.asc": "2018-11-10",
		"openpgp/nodejs-CC68F5A3106FF448322E48ED27F5E38D5B0A215F.asc": "2034-03-26",
		"openpgp/nodejs-FD3A5288F042B6850C66B31F09FE44734EB7990E.asc": "2024-03-29",
		"openpgp/bitcoin-builder-0xb10c.asc":                          "2028-03-01",
		"openpgp/bitcoin-builder-coinforensics.asc":                   "2026-01-05",
		"openpgp/bitcoin-builder-emzy.asc":                            "2026-10-12",
		"openpgp/bitcoin-builder-sjors.asc":                           "2028-07-01",
		"openpgp/bitcoin-builder-thecharlatan.asc":                    "2029-09-16",
		"openpgp/bitcoin-builder-achow101.asc":                        "2027-08-21",
		"openpgp/bitcoin-builder-darosior.asc":                        "2024-02-07",
		"openpgp/bitcoin-builder-davidgumberg.asc":                    "2026-10-10",
		"openpgp/bitcoin-builder-glozow.asc":                          "2026-02-26",
		"openpgp/bitcoin-builder-guggero.asc":                         "2021-09-24",
		"openpgp/bitcoin-builder-laanwj.asc":                          "2027-02-08",
		"openpgp/bitcoin-builder-luke-jr.asc":                         "2025-03-25",
		"openpgp/bitcoin-builder-m3dwards.asc":                        "2027-02-01",
		"openpgp/bitcoin-builder-maflcko.asc":                         "2027-01-09",
		"openpgp/bitcoin-builder-marcofleon.asc":                      "2027-09-10",
		"openpgp/bitcoin-builder-sipa.asc":                            "2017-10-19",
		"openpgp/bitcoin-builder-sipsorcery.asc":                      "2028-01-14",
		"openpgp/bitcoin-builder-tapcrafter.asc":                      "2035-05-15",
		"openpgp/bitcoin-builder-thestack.asc":                        "2030-12-19",
		"openpgp/bitcoin-builder-vertiond.asc":                        "2027-10-28",
		"openpgp/bitcoin-builder-willcl-ark.asc":                      "2026-11-05",
		"openpgp/bitcoin-builder-willyko.asc":                         "2019-10-31",
		"openpgp/bitcoin-builder-xyzconstant.asc":                     "2026-07-08",
		"openpgp/hashicorp.asc":                                       "2022-04-20",
		"openpgp/mozilla-releases.asc":                                "2027-03-13",
		"openpgp/gnupg-26403ada.asc":                                  "2030-06-30",
		"openpgp/gnupg-19c6c8bd.asc":                                  "2027-04-04",
		"openpgp/gnupg-e1332eef.asc":                                  "2033-03-03",
		"openpgp/gnupg-905ba208.asc":                                  "2029-12-31",
	}
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

// The keys Hashdrop ships are named and dated from their newest
// self-signatures unchecked (primaryIdentity): each must come out as it does
// with every self-signature checked, as any other key is read.
func TestShippedKeysNamedUnchecked(t *testing.T) {
	for _, e := range keys.List {
		data, err := keys.Data(e)
		if err != nil {
			t.Fatal(err)
		}
		checked, err := ReadKeys(data)
		if err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
		unchecked, err := readKeys(data, true)
		if err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
		if len(checked) != len(unchecked) {
			t.Fatalf("%s: %d keys checked, %d unchecked", e.File, len(checked), len(unchecked))
		}
		for i, c := range checked {
			u := unchecked[i]
			if c.Fingerprint != u.Fingerprint || c.UserID != u.UserID || !c.Expires.Equal(u.Expires) || c.Algorithm != u.Algorithm {
				t.Errorf("%s: checked %s %q expires %v, unchecked %s %q expires %v", e.File,
					c.Fingerprint, c.UserID, c.Expires, u.Fingerprint, u.UserID, u.Expires)
			}
		}
	}
}

// BenchmarkShippedKeys is what the first signature checked (or the key
// list opened) costs a start of the window or a command.
func BenchmarkShippedKeys(b *testing.B) {
	for b.Loop() {
		if _, err := ShippedKeys(); err != nil {
			b.Fatal(err)
		}
	}
}
