package watch

import (
	"encoding/binary"
	"slices"
	"testing"
	"unicode/utf16"
)

func TestParseZoneIdentifier(t *testing.T) {
	// As Chromium writes it on Windows 10 and later (research §4.1).
	o := parseZoneIdentifier([]byte("[ZoneTransfer]\r\nZoneId=3\r\nReferrerUrl=https://ubuntu.com/download/desktop\r\nHostUrl=https://releases.ubuntu.com/24.04/ubuntu-24.04.1-desktop-amd64.iso\r\n"))
	if o.URL != "https://releases.ubuntu.com/24.04/ubuntu-24.04.1-desktop-amd64.iso" || o.Referrer != "https://ubuntu.com/download/desktop" {
		t.Fatalf("got %+v", o)
	}
	if h := o.Hosts(); !slices.Equal(h, []string{"releases.ubuntu.com", "ubuntu.com"}) {
		t.Fatalf("Hosts = %q", h)
	}
	if o := parseZoneIdentifier([]byte("[ZoneTransfer]\nZoneId=3\nHostUrl=about:internet\n")); o != (Origin{}) {
		t.Fatalf("about:internet gave %+v", o)
	}
	if o := parseZoneIdentifier([]byte("[Other]\nHostUrl=https://x.example/\n")); o != (Origin{}) {
		t.Fatalf("another section gave %+v", o)
	}
}

// bplist builds a binary property list of objects (each already encoded),
// object 0 the top one.
func bplist(objects ...[]byte) []byte {
	out := []byte("bplist00")
	var offsets []byte
	for _, o := range objects {
		offsets = append(offsets, byte(len(out)))
		out = append(out, o...)
	}
	table := len(out)
	out = append(out, offsets...)
	tr := make([]byte, 32)
	tr[6], tr[7] = 1, 1
	binary.BigEndian.PutUint64(tr[8:], uint64(len(objects)))
	binary.BigEndian.PutUint64(tr[24:], uint64(table))
	return append(out, tr...)
}

func ascii(s string) []byte {
	if len(s) < 15 {
		return append([]byte{0x50 | byte(len(s))}, s...)
	}
	return append([]byte{0x5f, 0x10, byte(len(s))}, s...)
}

func utf16be(s string) []byte {
	u := utf16.Encode([]rune(s))
	b := []byte{0x6f, 0x10, byte(len(u))}
	for _, c := range u {
		b = binary.BigEndian.AppendUint16(b, c)
	}
	return b
}

func TestParseWhereFroms(t *testing.T) {
	data := bplist([]byte{0xa2, 1, 2}, ascii("https://cdimage.debian.org/debian-cd/current/amd64/iso-cd/debian-13.iso"), utf16be("https://www.debian.org/ダウンロード"))
	o, err := parseWhereFroms(data)
	if err != nil {
		t.Fatal(err)
	}
	if o.URL != "https://cdimage.debian.org/debian-cd/current/amd64/iso-cd/debian-13.iso" || o.Referrer != "https://www.debian.org/ダウンロード" {
		t.Fatalf("got %+v", o)
	}
	for _, bad := range [][]byte{nil, []byte("bplist00"), data[:len(data)-1], append([]byte("xplist00"), data[8:]...)} {
		if _, err := parseWhereFroms(bad); err == nil {
			t.Errorf("parsed %q", bad)
		}
	}
}

func FuzzParseWhereFroms(f *testing.F) {
	f.Add(bplist([]byte{0xa1, 1}, ascii("https://a.example/")))
	f.Fuzz(func(t *testing.T, data []byte) {
		parseWhereFroms(data) // must not panic
	})
}
