package release

import (
	"bytes"
	"context"
	"crypto/rand"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/app/publisher"
	"github.com/hashdrop/hashdrop/app/signature/sigtest"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// What a fetched checksum file's signature (or a fetched signature over
// the file itself) makes of a match, one row a case (the design's rule 8):
// by the row's key GENUINE and green; changed after signing or unreadable,
// red; by another key, or missing where the publisher signs, amber (exit
// 3); unsigned by design, green "as published over HTTPS" and never
// genuine.
func TestFetchedSignatureOutcomes(t *testing.T) {
	s := apptest.NewSignedFolder(t)
	other := apptest.NewSignedFolder(t) // a key that is not the row's
	iso := s.Write(t, "ubuntu.iso", []byte(apptest.ISOData))
	sums := s.Sums()
	tampered := []byte(strings.Replace(string(sums), "other.iso", "othe2.iso", 1))
	random := make([]byte, 4096)
	rand.Read(random)
	malformed := bytes.Repeat([]byte{0x88, 0x01, 0xff}, 100_000) // packets too short for what they say
	isoSig := func(g *sigtest.GnuPG, fpr string) []byte {
		return g.Sign([]byte(apptest.ISOData), fpr, "--detach-sign")
	}
	files := map[string][]byte{
		"/row/SHA256SUMS": sums, "/row/SHA256SUMS.gpg": s.G.Sign(sums, s.Fpr, "--detach-sign"),
		"/tampered/SHA256SUMS": tampered, "/tampered/SHA256SUMS.gpg": s.G.Sign(sums, s.Fpr, "--detach-sign"),
		"/random/SHA256SUMS": sums, "/random/SHA256SUMS.gpg": random,
		"/malformed/SHA256SUMS": sums, "/malformed/SHA256SUMS.gpg": malformed,
		"/other/SHA256SUMS": sums, "/other/SHA256SUMS.gpg": other.G.Sign(sums, other.Fpr, "--detach-sign"),
		"/nosig/SHA256SUMS":          sums,
		"/clear-other/CHECKSUM":      other.G.Sign(sums, other.Fpr, "--clearsign"),
		"/unsigned/SHA256SUMS":       sums,
		"/over/ubuntu.iso.sig":       isoSig(s.G, s.Fpr),
		"/over-other/ubuntu.iso.sig": isoSig(other.G, other.Fpr), "/over-other/sha256sums.txt": sums,
		"/over-random/ubuntu.iso.sig": random,
	}
	byURL := make(map[string][]byte)
	for p, b := range files {
		byURL["https://"+host+p] = b
	}
	srv := serve(t, byURL)
	u := func(p string) string {
		if p == "" {
			return ""
		}
		return "https://" + host + p
	}
	for _, tc := range []struct {
		name        string
		shape       publisher.Shape
		sums, sig   string
		status      verdict.Status
		trust       verdict.Trust
		colour      verdict.Colour
		genuine     bool
		headlineFor verdict.Reason
	}{
		{"by the row's key", publisher.Detached, "/row/SHA256SUMS", "/row/SHA256SUMS.gpg", verdict.OK, verdict.FetchedGenuine, verdict.Green, true, verdict.PublishedMatch},
		{"changed after it was signed", publisher.Detached, "/tampered/SHA256SUMS", "/tampered/SHA256SUMS.gpg", verdict.BadSignature, verdict.FetchedBad, verdict.Red, false, verdict.SourceBadSignature},
		{"a signature of random bytes", publisher.Detached, "/random/SHA256SUMS", "/random/SHA256SUMS.gpg", verdict.BadSignature, verdict.FetchedBad, verdict.Red, false, verdict.SourceBadSignature},
		{"100,000 malformed packets", publisher.Detached, "/malformed/SHA256SUMS", "/malformed/SHA256SUMS.gpg", verdict.BadSignature, verdict.FetchedBad, verdict.Red, false, verdict.SourceBadSignature},
		{"signed by another key", publisher.Detached, "/other/SHA256SUMS", "/other/SHA256SUMS.gpg", verdict.Unconfirmed, verdict.FetchedOtherKey, verdict.Amber, false, verdict.FetchedUnconfirmed},
		{"no signature where the publisher signs", publisher.Detached, "/nosig/SHA256SUMS", "/nosig/SHA256SUMS.gpg", verdict.Unconfirmed, verdict.FetchedUnsigned, verdict.Amber, false, verdict.FetchedUnconfirmed},
		{"clear-signed by another key", publisher.ClearSigned, "/clear-other/CHECKSUM", "", verdict.Unconfirmed, verdict.FetchedOtherKey, verdict.Amber, false, verdict.FetchedUnconfirmed},
		{"unsigned by design", publisher.None, "/unsigned/SHA256SUMS", "", verdict.OK, verdict.FetchedHTTPS, verdict.Green, false, verdict.PublishedMatch},
		{"the file signed by the row's key", publisher.OverFile, "", "/over/ubuntu.iso.sig", verdict.OK, verdict.FetchedGenuine, verdict.Green, true, verdict.SignedGenuine},
		{"the file signed by another key, its digests unsigned", publisher.OverFile, "/over-other/sha256sums.txt", "/over-other/ubuntu.iso.sig", verdict.Unconfirmed, verdict.FetchedOtherKey, verdict.Amber, false, verdict.FetchedUnconfirmed},
		{"the file's signature random bytes", publisher.OverFile, "", "/over-random/ubuntu.iso.sig", verdict.BadSignature, verdict.FetchedBad, verdict.Red, false, verdict.OwnBadSignature},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Fetch(context.Background(), iso, guess(tc.shape, []string{s.Fpr}, publisher.Try{Sums: u(tc.sums), Signature: u(tc.sig)}), s.Ring, srv)
			if err != nil {
				t.Fatal(err)
			}
			defer got.Close()
			rep := decide(t, iso, got)
			v := rep.Files[0]
			if v.Status != tc.status || v.Trust != tc.trust || v.Genuine != tc.genuine {
				t.Errorf("%v, trust %q, genuine %v; want %v, %q, %v", v.Status, v.Trust, v.Genuine, tc.status, tc.trust, tc.genuine)
			}
			h := rep.Headline
			if h.Reason != tc.headlineFor || h.Colour() != tc.colour || h.Exit() != tc.colour.Exit() {
				t.Errorf("headline %v, %v, exit %d; want %v, %v", h.Reason, h.Colour(), h.Exit(), tc.headlineFor, tc.colour)
			}
		})
	}
}
