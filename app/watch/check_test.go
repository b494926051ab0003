package watch_test

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashdrop/hashdrop/app/cli"
	"github.com/hashdrop/hashdrop/app/fetch/fetchtest"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/app/release"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/app/watch"
)

const isoData = "an ISO image\n"

func put(t *testing.T, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func sums(name, data string) string { return apptest.Hex("sha256", []byte(data)) + "  " + name + "\n" }

// noNetwork fails the test if the checker fetches.
func noNetwork(t *testing.T) release.Getter {
	return func(ctx context.Context, rawURL string, hosts []string) ([]byte, error) {
		t.Errorf("fetched %s without consent", rawURL)
		return nil, errors.New("no network in this test")
	}
}

// nixos is a name a publisher's row knows (NixOS signs nothing, so its
// checksums are fetched without keys).
const nixos = "nixos-minimal-24.05.1234.abcdef1-x86_64-linux.iso"

func TestCheckOrder(t *testing.T) {
	crcName := fmt.Sprintf("[Group] Show [%08X].mkv", crc32.ChecksumIEEE([]byte(isoData)))
	for _, c := range []struct {
		name   string
		files  map[string]string // besides the download
		file   string
		data   string
		fetch  bool
		origin watch.Origin
		step   watch.Step
		colour verdict.Colour
		offers bool
	}{
		{name: "beside first, before the publisher and the CRC32", file: nixos, data: isoData,
			files: map[string]string{"SHA256SUMS": sums(nixos, isoData)}, fetch: true, step: watch.Beside, colour: verdict.Green},
		{name: "a damaged file beside its checksums", file: "release.iso", data: "damaged\n",
			files: map[string]string{"SHA256SUMS": sums("release.iso", isoData)}, step: watch.Beside, colour: verdict.Red},
		{name: "a checksum file that does not list it is not evidence", file: "release.iso", data: isoData,
			files: map[string]string{"SHA256SUMS": sums("other.iso", isoData)}, step: watch.Nothing},
		{name: "a known publisher without consent is offered, not fetched", file: nixos, data: isoData, step: watch.Offered, offers: true},
		{name: "the origin naming another publisher's host: nothing fetched", file: nixos, data: isoData, fetch: true,
			origin: watch.Origin{URL: "https://releases.ubuntu.com/24.04/" + nixos}, step: watch.Nothing},
		{name: "the CRC32 in the name", file: crcName, data: isoData, step: watch.InName, colour: verdict.Green},
		{name: "nothing: no verdict", file: "holiday.jpg", data: isoData, step: watch.Nothing},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for n, d := range c.files {
				put(t, dir, n, d)
			}
			path := put(t, dir, c.file, c.data)
			ck := watch.Checker{Verify: cli.Verify, Fetch: c.fetch, Get: noNetwork(t), Origin: func(string) watch.Origin { return c.origin }}
			r := ck.Check(context.Background(), path)
			if r.Step != c.step {
				t.Fatalf("step %v, want %v", r.Step, c.step)
			}
			if r.Judged() && r.Report.Headline.Colour() != c.colour {
				t.Errorf("colour %v, want %v", r.Report.Headline.Colour(), c.colour)
			}
			if r.Offers() != c.offers {
				t.Errorf("offers %v, want %v", r.Offers(), c.offers)
			}
		})
	}
}

// A known publisher's file with fetch allowed: its checksums come from
// the publisher's host (a local HTTPS server standing for it).
func TestCheckFetchesWithConsent(t *testing.T) {
	const host = "releases.nixos.org"
	srv := fetchtest.Serve(t, fetchtest.NewAuthority(t, host), fetchtest.Files(map[string][]byte{
		host + "/nixos/24.05/nixos-24.05.1234.abcdef1/" + nixos + ".sha256": []byte(sums(nixos, isoData)),
	}))
	get := func(ctx context.Context, rawURL string, hosts []string) ([]byte, error) {
		srv.Take()
		return release.Get(ctx, rawURL, hosts)
	}
	dir := t.TempDir()
	path := put(t, dir, nixos, isoData)
	ck := watch.Checker{Verify: cli.Verify, Fetch: true, Get: get, Origin: watch.ReadOrigin}
	r := ck.Check(context.Background(), path)
	if r.Step != watch.Publisher || r.Report.Headline.Colour() != verdict.Green || r.Guess == nil || r.Guess.Publisher != "NixOS" {
		t.Fatalf("step %v, colour %v, guess %+v, fetch error %v; want NixOS's checksums, green", r.Step, r.Report.Headline.Colour(), r.Guess, r.FetchErr)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the check left %d files in the download folder", len(entries))
	}

	path = put(t, t.TempDir(), nixos, "damaged")
	if r := ck.Check(context.Background(), path); r.Step != watch.Publisher || r.Report.Headline.Colour() != verdict.Red {
		t.Fatalf("damaged: step %v, colour %v; want red", r.Step, r.Report.Headline.Colour())
	}
}
