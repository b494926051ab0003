package cli

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/fetch/fetchtest"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/app/publisher"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// verify --fetch for a software publisher's row (issue 48): Bitcoin Core,
// its SHA256SUMS fetched from bitcoincore.org with the publisher and host
// named; served without SHA256SUMS.asc, or signed only by a builder
// Hashdrop does not ship, the match is not confirmed (amber, exit 3).
func TestVerifyFetchBitcoinCore(t *testing.T) {
	userConfig(t)
	dir := t.TempDir()
	iso := filepath.Join(dir, "bitcoin-28.0-x86_64-linux-gnu.tar.gz")
	os.WriteFile(iso, []byte(apptest.ISOData), 0o644)
	g, ok := publisher.Lookup(filepath.Base(iso))
	if !ok || g.Publisher != "Bitcoin Core" || g.Host != "bitcoincore.org" || g.MinSigners != 3 {
		t.Fatalf("row: %+v", g)
	}
	sumsURL, _ := url.Parse(g.Tries[0].Sums)
	sigURL, _ := url.Parse(g.Tries[0].Signature)
	sums := []byte(apptest.Hex("sha256", []byte("win")) + "  bitcoin-28.0-win64-setup.exe\n" +
		apptest.Hex("sha256", []byte(apptest.ISOData)) + "  " + filepath.Base(iso) + "\n")
	builder := apptest.NewSignedFolder(t) // a builder whose key Hashdrop does not ship
	for _, tc := range []struct {
		name  string
		sig   []byte
		words string
	}{
		{"no signature", nil, "NOT CONFIRMED (the signature is missing"},
		{"an unshipped builder", builder.G.Sign(sums, builder.Fpr, "--detach-sign", "--armor"), "NOT CONFIRMED (signed by none of the publisher's keys Hashdrop ships, and it needs 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string][]byte{sumsURL.Host + sumsURL.Path: sums}
			if tc.sig != nil {
				files[sigURL.Host+sigURL.Path] = tc.sig
			}
			fetchtest.Serve(t, fetchtest.NewAuthority(t, g.Hosts...), fetchtest.Files(files))
			out, errOut, code := vRun("verify", "--fetch", iso)
			if code != ExitCannotSay || !strings.Contains(out, tc.words) || !strings.Contains(errOut, "fetching Bitcoin Core's checksums from bitcoincore.org") {
				t.Errorf("exit %d, want %d; want %q in\n%s%s", code, ExitCannotSay, tc.words, out, errOut)
			}
			if strings.Contains(out, "genuine") {
				t.Errorf("said genuine:\n%s", out)
			}
		})
	}
}

// The words of several signers and of an expired copy of a key.
func TestSeveralSignersWords(t *testing.T) {
	builder := func(fpr string) signature.Result {
		return signature.Result{Kind: signature.Genuine, Signer: signature.Signer{Publisher: "Bitcoin Core", Fingerprint: fpr}}
	}
	url := "https://bitcoincore.org/bin/bitcoin-core-28.0/SHA256SUMS"
	for _, tc := range []struct {
		name  string
		a     checksum.Authenticity
		trust verdict.Trust
		want  string
	}{
		{"two of three", checksum.Authenticity{Verdict: signature.Result{Kind: signature.UnknownKey}, Results: []signature.Result{builder("AA"), builder("BB")}, Signers: 2, Needs: 3},
			verdict.FetchedOtherKey, "signed by 2 of Bitcoin Core's keys Hashdrop ships, and it needs 3"},
		{"four of three", checksum.Authenticity{Verdict: builder("AA"), Results: []signature.Result{builder("AA"), builder("BB"), builder("CC"), builder("DD")}, Signers: 4, Needs: 3},
			verdict.FetchedGenuine, "genuine: signed by 4 of Bitcoin Core's keys Hashdrop ships (3 needed)"},
		{"an expired copy", checksum.Authenticity{Verdict: signature.Result{Kind: signature.Expired, KeyExpired: true, Signer: signature.Signer{Publisher: "KeePassXC", Fingerprint: "BF5A669F2272CF4324C1FDA8CFB4C2166397D0D2"}}},
			verdict.FetchedOtherKey, "signed by KeePassXC's key, whose copy in Hashdrop has expired: update Hashdrop"},
	} {
		a := tc.a
		a.Fetched = url
		f := &verdict.File{Path: "x", Signature: &a}
		v := &verdict.FileVerdict{Trust: tc.trust, Status: verdict.Unconfirmed}
		got := trustWhy(f, v)
		if tc.trust == verdict.FetchedGenuine {
			v.Status, v.Genuine = verdict.OK, true
			got = genuineWords(f, v)
		}
		if got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
