package ui

import (
	"bytes"
	"context"
	"image/png"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/fetch/fetchtest"
	"github.com/hashdrop/hashdrop/app/publisher"
	"github.com/hashdrop/hashdrop/app/release"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/signature/sigtest"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// fakeGetter serves files by URL from a local HTTPS server (HTTP/2)
// standing for every publisher's host, reached through app/fetch's own
// transport, its connections routed there (fetchtest), and counts the
// fetches; any other URL is not there (404). offline: no host is reached,
// as with no network.
type fakeGetter struct {
	files   map[string][]byte
	offline bool
	mu      sync.Mutex
	asked   []string
}

func useGetter(t *testing.T, g *fakeGetter) {
	var hosts []string
	for _, r := range publisher.All() {
		hosts = append(hosts, r.Hosts...)
	}
	a := fetchtest.NewAuthority(t, hosts...)
	fetchtest.Serve(t, a, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, ok := g.files["https://"+r.Host+r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(b)
	}))
	if g.offline {
		fetchtest.Route(t, func(_ context.Context, _, addr string) (net.Conn, error) {
			return nil, &net.DNSError{Err: "no such host", Name: addr, IsNotFound: true}
		})
	}
	old := getter
	getter = func(ctx context.Context, rawURL string, hosts []string) ([]byte, error) {
		g.mu.Lock()
		g.asked = append(g.asked, rawURL)
		g.mu.Unlock()
		return release.Get(ctx, rawURL, hosts) // the window's own getter
	}
	t.Cleanup(func() { getter = old })
}

// An ISO alone that nothing published is compared with, whose publisher
// a row knows, gets an offer, not a download; one click fetches the
// publisher's checksums and the verdict is given as if they had been
// beside it (issue 40).
func TestOfferFetchesThePublishersChecksums(t *testing.T) {
	h := newHarness(t)
	name := "ubuntu-24.04.1-desktop-amd64.iso"
	g, ok := publisher.Lookup(name)
	if !ok {
		t.Fatalf("no row for %s", name)
	}
	fake := &fakeGetter{files: map[string][]byte{g.Tries[0].Sums: []byte(sha256Hex("abc") + " *" + name + "\n")}}
	useGetter(t, fake)
	iso := writeFile(t, filepath.Join(t.TempDir(), name), "abc")
	h.w.Add([]string{iso})
	h.waitFor("the offer", func() bool { return h.allFinished() && h.w.Idle() && h.w.offer.obj.Visible() })
	if len(fake.asked) != 0 {
		t.Fatalf("fetched before the click: %q", fake.asked)
	}
	if got, want := h.w.offer.headline.Text, "Get "+g.Publisher+"'s signed checksums from "+g.Host+"?"; got != want {
		t.Errorf("offer %q, want %q", got, want)
	}
	if d := h.w.offer.detail.Text; !strings.Contains(d, g.Host) || !strings.Contains(d, "nothing else is sent") {
		t.Errorf("the offer does not say what is contacted and sent: %q", d)
	}
	test.Tap(h.w.offer.yes)
	// Ubuntu signs its SHA256SUMS; served here without SHA256SUMS.gpg, the
	// match is not confirmed: amber, never a plain green (rule 8).
	h.waitFor("the verdict", func() bool { return h.w.Idle() && h.w.report.Headline.Reason == verdict.FetchedUnconfirmed })
	h.settle()
	if h.w.offer.obj.Visible() {
		t.Error("the band stays after the fetch")
	}
	if got := h.w.banner.Headline(); h.w.banner.Outcome() != checksum.Unknown || !strings.Contains(got, "from "+g.Host) || !strings.Contains(got, "the signature is missing") {
		t.Errorf("the banner does not say where the checksums came from, and that their signature is missing: %v %q", h.w.banner.Outcome(), got)
	}

	// Clear forgets the fetch: the next drop is offered again.
	h.w.Clear()
	h.w.Add([]string{iso})
	h.waitFor("the offer again", func() bool { return h.allFinished() && h.w.Idle() && h.w.offer.obj.Visible() })
	test.Tap(h.w.offer.no) // Not now
	h.settle()
	if h.w.offer.obj.Visible() {
		t.Error("the offer stays after Not now")
	}
}

// A failed fetch is a word in the band, never a red verdict; the setting
// fetches without asking.
func TestOfferFailureIsNoVerdict(t *testing.T) {
	h := newHarness(t)
	h.app.Preferences().SetBool(prefAlwaysFetch, true)
	name := "debian-13.2.0-amd64-netinst.iso"
	if _, ok := publisher.Lookup(name); !ok {
		t.Fatalf("no row for %s", name)
	}
	fake := &fakeGetter{offline: true}
	useGetter(t, fake)
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), name), "abc")})
	h.waitFor("the failure", func() bool { return h.allFinished() && h.w.Idle() && h.w.offer.says })
	if len(fake.asked) == 0 {
		t.Error("the setting did not fetch")
	}
	if got := h.w.offer.detail.Text; !strings.Contains(got, "cdimage.debian.org could not be reached") {
		t.Errorf("failure says %q", got)
	}
	if o := h.w.banner.Outcome(); o == checksum.Mismatch || o == checksum.Conflict {
		t.Errorf("a failed fetch made the banner %v", o)
	}
}

// The address of a checksum file pasted in the expected-digest field is
// fetched, with its signature tried beside it, and used for the files,
// named by where it came from (issue 40).
func TestPastedChecksumAddressIsFetched(t *testing.T) {
	h := newHarness(t)
	name := "ubuntu-24.04.1-desktop-amd64.iso"
	sumsURL := "https://releases.ubuntu.com/24.04.1/SHA256SUMS"
	fake := &fakeGetter{files: map[string][]byte{sumsURL: []byte(sha256Hex("abc") + " *" + name + "\n")}}
	useGetter(t, fake)
	iso := writeFile(t, filepath.Join(t.TempDir(), name), "abc")
	h.w.Add([]string{iso})
	h.waitFor("hashed", func() bool { return h.allFinished() && h.w.Idle() })
	h.w.expected.SetText(sumsURL)
	h.waitFor("the verdict", func() bool { return h.w.Idle() && h.w.report.Headline.Reason == verdict.FetchedUnconfirmed })
	if got := h.w.banner.Headline(); !strings.Contains(got, "SHA256SUMS from releases.ubuntu.com") || !strings.Contains(got, "the signature is missing") {
		t.Errorf("headline %q does not say where the checksum file came from, and that its signature is missing", got)
	}
	if h.w.expected.entry.Text != "" {
		t.Errorf("the address stays in the field: %q", h.w.expected.entry.Text)
	}
	if len(fake.asked) < 2 || fake.asked[0] != sumsURL || fake.asked[1] != sumsURL+".gpg" {
		t.Errorf("fetched %q, want the file then its signature", fake.asked)
	}
}

// The whole way, signed: the offer, the click, the checksum file and its
// signature by the publisher's key, GENUINE. The publisher's key is a
// test's (rowKeyring), as only Ubuntu holds Ubuntu's. With
// HASHDROP_SCREENSHOTS=DIR the window is drawn to DIR/offer.png and
// DIR/offer-genuine.png (Fyne's own renderer), for the note.
func TestOfferToGenuine(t *testing.T) {
	h := newHarness(t)
	h.win.SetContent(h.w.body)
	g := sigtest.NewGnuPG(t)
	t.Cleanup(g.Close)
	fpr := g.GenKey("Ubuntu CD Image Automatic Signing Key (test) <cdimage@example.org>", "ed25519", "sign", "never")
	ks, err := signature.ReadKeys(g.Export(false, fpr))
	if err != nil {
		t.Fatal(err)
	}
	ks[0].Origin, ks[0].Publisher = signature.Shipped, "Ubuntu"
	old := rowKeyring
	rowKeyring = func([]string) *signature.Keyring { r := &signature.Keyring{}; r.Add(ks...); return r }
	t.Cleanup(func() { rowKeyring = old })

	name := "ubuntu-24.04.1-desktop-amd64.iso"
	row, _ := publisher.Lookup(name)
	sums := []byte(sha256Hex("abc") + " *" + name + "\n" + sha256Hex("server") + " *ubuntu-24.04.1-live-server-amd64.iso\n")
	useGetter(t, &fakeGetter{files: map[string][]byte{row.Tries[0].Sums: sums, row.Tries[0].Signature: g.Sign(sums, fpr, "--detach-sign")}})
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), name), "abc")})
	h.waitFor("the offer", func() bool { return h.allFinished() && h.w.Idle() && h.w.offer.obj.Visible() })
	shoot(t, h, "offer.png")
	test.Tap(h.w.offer.yes)
	h.waitFor("the verdict", func() bool { return h.w.Idle() && h.w.banner.Outcome() == checksum.Match })
	h.settle()
	if got := h.w.banner.Headline(); got != "Matches the published SHA-256: this is the file they released" {
		t.Errorf("headline %q", got)
	}
	if d := h.w.banner.Detail(); !strings.Contains(d, "Genuine: signed by") || !strings.Contains(d, "from "+row.Host) {
		t.Errorf("detail %q: not genuine, or not where from", d)
	}
	shoot(t, h, "offer-genuine.png")
}

// shoot draws the window to a PNG in $HASHDROP_SCREENSHOTS, if set.
func shoot(t *testing.T, h *harness, name string) {
	dir := os.Getenv("HASHDROP_SCREENSHOTS")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, h.win.Canvas().Capture()); err != nil {
		t.Fatal(err)
	}
}

// What the window says of a fetched checksum file by its signature (rule
// 8), through the offer: none where the publisher signs, one that cannot
// be read, one by a key that is not the publisher's. Each is a headline of
// its own and its colour, never a plain green.
func TestFetchedSignatureWords(t *testing.T) {
	name := "ubuntu-24.04.1-desktop-amd64.iso"
	g, _ := publisher.Lookup(name)
	sums := []byte(sha256Hex("abc") + " *" + name + "\n")
	og := sigtest.NewGnuPG(t)
	t.Cleanup(og.Close)
	ofpr := og.GenKey("Someone Else <else@example.org>", "ed25519", "sign", "never")
	for _, tc := range []struct {
		name     string
		sig      []byte
		outcome  checksum.Outcome
		headline string
	}{
		{"no signature", nil, checksum.Unknown, "but the signature is missing"},
		{"malformed", bytes.Repeat([]byte{0x88, 0x01, 0xff}, 100_000), checksum.Mismatch, "BAD signature: do not trust SHA256SUMS from " + g.Host},
		{"another key", og.Sign(sums, ofpr, "--detach-sign"), checksum.Unknown, "signed by a key Hashdrop does not know for this publisher"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			files := map[string][]byte{g.Tries[0].Sums: sums}
			if tc.sig != nil {
				files[g.Tries[0].Signature] = tc.sig
			}
			useGetter(t, &fakeGetter{files: files})
			h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), name), "abc")})
			h.waitFor("the offer", func() bool { return h.allFinished() && h.w.Idle() && h.w.offer.obj.Visible() })
			test.Tap(h.w.offer.yes)
			h.waitFor("the verdict", func() bool {
				return h.w.Idle() && h.w.banner.Outcome() == tc.outcome && strings.Contains(h.w.banner.Headline(), tc.headline)
			})
			if h.w.report.Headline.Green() {
				t.Errorf("green: %q", h.w.banner.Headline())
			}
		})
	}
}

// The offer says what it fetches: Arch signs the ISO itself, so its offer
// is a signature of the file, not "signed checksums".
func TestOfferNamesWhatItFetches(t *testing.T) {
	h := newHarness(t)
	name := "archlinux-2026.12.01-x86_64.iso"
	g, ok := publisher.Lookup(name)
	if !ok || g.Shape != publisher.OverFile {
		t.Skipf("no over-file row for %s", name)
	}
	useGetter(t, &fakeGetter{})
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), name), "abc")})
	h.waitFor("the offer", func() bool { return h.allFinished() && h.w.Idle() && h.w.offer.obj.Visible() })
	if got := h.w.offer.headline.Text; strings.Contains(got, "checksums") || !strings.Contains(got, "signature of this file") {
		t.Errorf("offer %q", got)
	}
}
