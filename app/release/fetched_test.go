package release

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/fetch/fetchtest"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/app/publisher"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// decide runs the verdict engine on the file at path with what was
// fetched, as verify --fetch and the window do.
func decide(t *testing.T, path string, got *Fetched) verdict.Report {
	t.Helper()
	f := verdict.File{Path: path, Read: verdict.FileDone, Size: int64(len(apptest.ISOData)), Published: got.Published, Signature: got.Signature,
		Digests: []app.Digest{{Algorithm: apptest.Alg("sha256"), Sum: apptest.Sum("sha256", []byte(apptest.ISOData))}}}
	return verdict.Decide(verdict.Evidence{Files: []verdict.File{f}, Sources: got.Sources})
}

const host = "releases.example.org"

// guess is a publisher's row for the tests: its files on host.
func guess(shape publisher.Shape, keys []string, tries ...publisher.Try) *publisher.Guess {
	return &publisher.Guess{Publisher: "Example", Version: "24.04", Host: host, Tries: tries, Hosts: []string{host}, Keys: keys, Shape: shape}
}

func TestFetchEachSignatureShape(t *testing.T) {
	s := apptest.NewSignedFolder(t)
	iso := s.Write(t, "ubuntu.iso", []byte(apptest.ISOData))
	sums := s.Sums()
	clear := s.G.Sign(sums, s.Fpr, "--clearsign")
	srv := serve(t, map[string][]byte{
		"https://" + host + "/24.04/SHA256SUMS":     sums,
		"https://" + host + "/24.04/SHA256SUMS.gpg": s.G.Sign(sums, s.Fpr, "--detach-sign"),
		"https://" + host + "/24.04/CHECKSUM":       clear,
		"https://" + host + "/iso/ubuntu.iso.sig":   s.G.Sign([]byte(apptest.ISOData), s.Fpr, "--detach-sign"),
	})
	for _, c := range []struct {
		name string
		g    *publisher.Guess
	}{
		{"detached over the checksum file", guess(publisher.Detached, []string{s.Fpr},
			publisher.Try{Sums: "https://" + host + "/24.04/SHA256SUMS", Signature: "https://" + host + "/24.04/SHA256SUMS.gpg"})},
		{"clear-signed checksum file", guess(publisher.ClearSigned, []string{s.Fpr},
			publisher.Try{Sums: "https://" + host + "/24.04/CHECKSUM"})},
		{"detached over the file", guess(publisher.OverFile, []string{s.Fpr},
			publisher.Try{Signature: "https://" + host + "/iso/ubuntu.iso.sig"})},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Fetch(context.Background(), iso, c.g, KeyringOf(c.g.Keys, s.Ring.Keys()), srv)
			if err != nil {
				t.Fatal(err)
			}
			defer got.Close()
			rep := decide(t, iso, got)
			if v := rep.Files[0]; v.Status != verdict.OK || !v.Genuine || !rep.Headline.Green() {
				t.Errorf("%v, genuine %v, headline %v; want OK, genuine, green", v.Status, v.Genuine, rep.Headline.Reason)
			}
			if c.g.Shape != publisher.OverFile && (len(got.Published) != 1 || got.Published[0].Fetched != c.g.Tries[0].Sums) {
				t.Errorf("published %+v, want one entry fetched from %s", got.Published, c.g.Tries[0].Sums)
			}
			dir := got.Dir
			got.Close()
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Errorf("%s left behind: %v", dir, err)
			}
		})
	}
}

// A signature that does not verify, or made by a key the row does not
// name (even one Hashdrop ships for another publisher), is never genuine.
func TestFetchBadSignatureAndKeyNotInTheRow(t *testing.T) {
	s := apptest.NewSignedFolder(t)
	iso := s.Write(t, "ubuntu.iso", []byte(apptest.ISOData))
	sums := s.Sums()
	sig := s.G.Sign(sums, s.Fpr, "--detach-sign")
	tampered := []byte(strings.Replace(string(sums), "other.iso", "othe2.iso", 1))
	srv := serve(t, map[string][]byte{
		"https://" + host + "/good/SHA256SUMS":     sums,
		"https://" + host + "/good/SHA256SUMS.gpg": sig,
		"https://" + host + "/bad/SHA256SUMS":      tampered,
		"https://" + host + "/bad/SHA256SUMS.gpg":  sig,
	})
	try := func(dir string) publisher.Try {
		return publisher.Try{Sums: "https://" + host + "/" + dir + "/SHA256SUMS", Signature: "https://" + host + "/" + dir + "/SHA256SUMS.gpg"}
	}
	got, err := Fetch(context.Background(), iso, guess(publisher.Detached, []string{s.Fpr}, try("bad")), s.Ring, srv)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	if v := decide(t, iso, got).Files[0]; v.Status != verdict.BadSignature || v.Genuine {
		t.Errorf("tampered: %v, genuine %v; want BAD SIGNATURE", v.Status, v.Genuine)
	}
	other := strings.Repeat("0", 40) // a fingerprint the row names instead
	g := guess(publisher.Detached, []string{other}, try("good"))
	got2, err := Fetch(context.Background(), iso, g, KeyringOf(g.Keys, s.Ring.Keys()), srv)
	if err != nil {
		t.Fatal(err)
	}
	defer got2.Close()
	if v := decide(t, iso, got2).Files[0]; v.Status != verdict.Unconfirmed || v.Genuine {
		t.Errorf("key not in the row: %v, genuine %v; want NOT CONFIRMED (amber), not genuine", v.Status, v.Genuine)
	}
}

// The primary place gone, the archive's is tried; gone from both, the
// error says the release moved, and is no verdict.
func TestFetchFallsBackToTheArchive(t *testing.T) {
	s := apptest.NewSignedFolder(t)
	iso := s.Write(t, "ubuntu.iso", []byte(apptest.ISOData))
	sums := s.Sums()
	srv := serve(t, map[string][]byte{
		"https://" + host + "/archive/SHA256SUMS":     sums,
		"https://" + host + "/archive/SHA256SUMS.gpg": s.G.Sign(sums, s.Fpr, "--detach-sign"),
	})
	current := publisher.Try{Sums: "https://" + host + "/current/SHA256SUMS", Signature: "https://" + host + "/current/SHA256SUMS.gpg"}
	archive := publisher.Try{Sums: "https://" + host + "/archive/SHA256SUMS", Signature: "https://" + host + "/archive/SHA256SUMS.gpg"}
	got, err := Fetch(context.Background(), iso, guess(publisher.Detached, []string{s.Fpr}, current, archive), s.Ring, srv)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	if got.From != archive.Sums || !decide(t, iso, got).Files[0].Genuine {
		t.Errorf("from %s, want the archive's, genuine", got.From)
	}
	// A series' folder that lists only a newer point release: the archive
	// is tried next.
	newer := []byte(apptest.Hex("sha256", []byte("newer")) + "  ubuntu-newer.iso\n")
	srv2 := serve(t, map[string][]byte{
		"https://" + host + "/current/SHA256SUMS": newer,
		"https://" + host + "/archive/SHA256SUMS": sums,
	})
	got3, err := Fetch(context.Background(), iso, guess(publisher.Detached, []string{s.Fpr}, current, archive), s.Ring, srv2)
	if err != nil {
		t.Fatal(err)
	}
	defer got3.Close()
	if got3.From != archive.Sums || len(got3.Published) != 1 {
		t.Errorf("from %s with %d entries, want the archive's, which lists it", got3.From, len(got3.Published))
	}
	_, err = Fetch(context.Background(), iso, guess(publisher.Detached, []string{s.Fpr}, current), s.Ring, srv)
	var moved *MovedError
	if !errors.As(err, &moved) || !strings.Contains(err.Error(), "no longer lists 24.04") {
		t.Errorf("gone everywhere: %v, want the release moved", err)
	}
}

// A download the browser renamed is found among the fetched entries by
// its digest.
func TestFetchRenamedDownload(t *testing.T) {
	s := apptest.NewSignedFolder(t)
	iso := s.Write(t, "ubuntu (1).iso", []byte(apptest.ISOData))
	sums := s.Sums()
	srv := serve(t, map[string][]byte{
		"https://" + host + "/24.04/SHA256SUMS":     sums,
		"https://" + host + "/24.04/SHA256SUMS.gpg": s.G.Sign(sums, s.Fpr, "--detach-sign"),
	})
	got, err := Fetch(context.Background(), iso, guess(publisher.Detached, []string{s.Fpr},
		publisher.Try{Sums: "https://" + host + "/24.04/SHA256SUMS", Signature: "https://" + host + "/24.04/SHA256SUMS.gpg"}), s.Ring, srv)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	if len(got.Published) != 0 || len(got.Sources) != 1 {
		t.Fatalf("published %d, sources %d: want the entries as sources", len(got.Published), len(got.Sources))
	}
	if v := decide(t, iso, got).Files[0]; v.Status != verdict.OK || v.Renamed == nil || filepath.Base(v.Renamed.Name) != "ubuntu.iso" {
		t.Errorf("%v renamed %+v; want OK as ubuntu.iso", v.Status, v.Renamed)
	}
}

// serve is a Getter of the files given, by URL, from a local HTTPS server
// (HTTP/2) standing for the publisher's host (a test authority, the host
// routed to it), through app/fetch's transport as the application fetches;
// anything else is not there (404).
func serve(t *testing.T, files map[string][]byte) Getter {
	byHostPath := make(map[string][]byte, len(files))
	for u, b := range files {
		byHostPath[strings.TrimPrefix(u, "https://")] = b
	}
	srv := fetchtest.Serve(t, fetchtest.NewAuthority(t, host), fetchtest.Files(byHostPath))
	return func(ctx context.Context, rawURL string, hosts []string) ([]byte, error) {
		srv.Take() // this server, when a test has several
		return Get(ctx, rawURL, hosts)
	}
}
