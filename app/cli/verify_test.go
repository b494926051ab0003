package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/fetch/fetchtest"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/app/publisher"
	"github.com/hashdrop/hashdrop/app/release"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/verdict"
)

func sha256Hex(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// TestVerifyNestedRelease is the release folder of issue 37: entries in
// sub-folders, three files damaged, two deleted. The verdict names the
// three, the two are rows that say so, and the exit status is red.
func TestVerifyNestedRelease(t *testing.T) {
	files := map[string]string{}
	var sums strings.Builder
	for i := range 40 {
		name := fmt.Sprintf("%c/file-%04d.bin", 'a'+i%4, i)
		files[name] = fmt.Sprint("file ", i)
		fmt.Fprintf(&sums, "%s  %s\n", sha256Hex(files[name]), name)
	}
	files["SHA256SUMS"] = sums.String()
	files["b/file-0001.bin"] = "damaged"
	files["c/file-0002.bin"] = "damaged"
	files["d/file-0003.bin"] = "damaged"
	dir := apptest.Tree(t, files)
	os.Remove(filepath.Join(dir, "a/file-0004.bin"))
	os.Remove(filepath.Join(dir, "a/file-0008.bin"))

	out, _, code := vRun("verify", "--quiet", dir)
	if code != 1 {
		t.Errorf("exit %d, want 1\n%s", code, out)
	}
	for _, want := range []string{"b/file-0001.bin: FAILED", "c/file-0002.bin: FAILED", "d/file-0003.bin: FAILED",
		"a/file-0004.bin: MISSING", "a/file-0008.bin: MISSING", "FAILED: 3 files do NOT match", "2 other files listed are not here"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, ": OK") || strings.Contains(out, "SHA256SUMS: ") {
		t.Errorf("--quiet printed an OK file or the checksum file as a file:\n%s", out)
	}

	out, _, code = vRun("verify", "--json", dir)
	var got struct {
		Outcome, Reason string
		Exit            int
		Counts          map[string]int
		Files           []struct{ Name, Status string }
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	if got.Outcome != "mismatch" || got.Reason != "published-mismatch" || got.Exit != 1 || code != 1 ||
		got.Counts["ok"] != 35 || got.Counts["failed"] != 3 || got.Counts["missing"] != 2 {
		t.Errorf("--json: %+v", got)
	}
}

// TestVerifyEverydayCase: an ISO beside a SHA256SUMS that lists others too
// ends green, and a browser's renamed copy is found by its digest.
func TestVerifyEverydayCase(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{
		"ubuntu.iso": "abc",
		"SHA256SUMS": apptest.ABCSHA256 + " *ubuntu.iso\n" + sha256Hex("server") + " *ubuntu-server.iso\n",
	})
	out, _, code := vRun("verify", filepath.Join(dir, "ubuntu.iso"))
	if code != 0 || !strings.Contains(out, "OK: ") {
		t.Errorf("exit %d\n%s", code, out)
	}
	os.Rename(filepath.Join(dir, "ubuntu.iso"), filepath.Join(dir, "ubuntu (1).iso"))
	out, _, code = vRun("verify", filepath.Join(dir, "ubuntu (1).iso"))
	if code != 0 || !strings.Contains(out, `listed as "ubuntu.iso" in SHA256SUMS: the same digest under another name`) {
		t.Errorf("renamed: exit %d\n%s", code, out)
	}
	// The folder given: the entry its renamed copy matches is not counted
	// as "not here" too; the other ISO is.
	out, _, code = vRun("verify", "--json", dir)
	var got struct {
		Reason string
		Counts map[string]int
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	if code != 0 || got.Reason != "published-match" || got.Counts["missing"] != 1 || got.Counts["ok"] != 1 {
		t.Errorf("the folder with the renamed copy: exit %d, %+v", code, got)
	}
}

func TestVerifyExitCodes(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{"a.bin": "abc", "b.bin": "abd", "SUMS/x": ""})
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"verify", filepath.Join(dir, "a.bin")}, 3, "CANNOT SAY: nothing was published"},
		{[]string{"verify", "--digest", apptest.ABCSHA256, filepath.Join(dir, "a.bin")}, 0, "OK: "},
		{[]string{"verify", "--digest", "sha256:" + apptest.ABCSHA256, filepath.Join(dir, "b.bin")}, 1, "FAILED: "},
		{[]string{"verify", "--digest", "sha256:" + apptest.ABCSHA256[:63] + "0", filepath.Join(dir, "a.bin")}, 1, "typing slip"},
		{[]string{"verify", "--digest", "xyz", filepath.Join(dir, "a.bin")}, 2, ""},
		// A checksum line names its file: only b.bin is compared with it
		// (verdict.PastedTargets, the window's rule), and it fails, though
		// a.bin has that digest.
		{[]string{"verify", "--digest", apptest.ABCSHA256 + "  b.bin", filepath.Join(dir, "a.bin"), filepath.Join(dir, "b.bin")}, 1, "b.bin: FAILED"},
		{[]string{"verify"}, 2, ""},
		{[]string{"verify", filepath.Join(dir, "a.bin"), filepath.Join(dir, "gone.bin")}, 3, "could not be read"},
	}
	for _, tt := range tests {
		out, _, code := vRun(tt.args...)
		if code != tt.code || !strings.Contains(out, tt.want) {
			t.Errorf("%v: exit %d, want %d with %q\n%s", tt.args[1:], code, tt.code, tt.want, out)
		}
	}
}

// TestVerifyLikeliestFirst: a digest of 64 hex digits in a checksum file
// whose name names no algorithm is read with SHA-256 alone when it
// matches, and with every candidate before it is called FAILED.
func TestVerifyLikeliestFirst(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{
		"good.iso": "abc", "bad.iso": "abd",
		"checksums.txt": apptest.ABCSHA256 + "  good.iso\n" + apptest.ABCSHA256 + "  bad.iso\n",
	})
	rel := release.Gather(context.Background(), []string{filepath.Join(dir, "checksums.txt")}, release.Options{})
	ev := verdict.Evidence{Files: rel.Files, Sources: rel.Sources}
	rep := Verify(context.Background(), &ev)
	for i, f := range ev.Files {
		var algs []string
		for _, d := range f.Digests {
			algs = append(algs, d.Algorithm.ID)
		}
		switch filepath.Base(f.Path) {
		case "good.iso":
			if rep.Files[i].Status != verdict.OK || len(algs) != 1 || algs[0] != "sha256" {
				t.Errorf("good.iso: %v, computed %v; want OK with sha256 alone", rep.Files[i].Status, algs)
			}
		case "bad.iso":
			if rep.Files[i].Status != verdict.Failed || len(algs) != len(f.Published[0].Expected.Candidates) {
				t.Errorf("bad.iso: %v, computed %v; want FAILED after every candidate of %v", rep.Files[i].Status, algs, f.Published[0].Expected.Candidates)
			}
		}
	}
}

// A match is genuine only under a trusted signature (rule 4): verify says
// so of an ISO beside a SHA256SUMS signed by a key given, not of one
// signed by a key Hashdrop does not know, and a BAD signature is red.
func TestVerifySignedChecksumFile(t *testing.T) {
	userConfig(t)
	s := apptest.NewSignedFolder(t)
	key := s.Write(t, "release.asc", s.G.Export(true, s.Fpr))
	sums := s.Sums()
	s.Write(t, "SHA256SUMS", sums)
	s.Write(t, "SHA256SUMS.gpg", s.G.Sign(sums, s.Fpr, "--detach-sign"))
	iso := s.Write(t, "ubuntu.iso", []byte(apptest.ISOData))
	out, _, code := vRun("verify", "--keyring", key, iso)
	if code != 0 || !strings.Contains(out, "and it is genuine: signed by a key Hashdrop trusts") {
		t.Errorf("trusted key: exit %d\n%s", code, out)
	}
	out, _, code = vRun("verify", iso)
	if code != 0 || strings.Contains(out, "genuine") {
		t.Errorf("unknown key: exit %d\n%s", code, out)
	}
	s.Write(t, "SHA256SUMS", []byte(strings.Replace(string(sums), "other.iso", "othe2.iso", 1)))
	out, _, code = vRun("verify", "--keyring", key, iso)
	if code != 1 || !strings.Contains(out, "BAD SIGNATURE") {
		t.Errorf("tampered: exit %d\n%s", code, out)
	}
}

// verify --fetch: a file alone whose name a publisher's row knows is
// checked against that publisher's checksums, fetched from a local HTTPS
// server standing for the row's hosts; a release gone from there, or a
// name no row knows, is said on stderr and is never red (exit 3).
func TestVerifyFetch(t *testing.T) {
	userConfig(t)
	dir := t.TempDir()
	iso := filepath.Join(dir, "ubuntu-24.04.1-desktop-amd64.iso")
	os.WriteFile(iso, []byte(apptest.ISOData), 0o644)
	g, ok := publisher.Lookup(filepath.Base(iso))
	if !ok || len(g.Tries) == 0 || g.Tries[0].Sums == "" {
		t.Fatalf("no row for %s: %+v", filepath.Base(iso), g)
	}
	sumsURL, err := url.Parse(g.Tries[0].Sums)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{sumsURL.Host + sumsURL.Path: []byte(apptest.Hex("sha256", []byte(apptest.ISOData)) + " *" + filepath.Base(iso) + "\n")}
	// The application's transport, its connections routed to the server.
	fetchtest.Serve(t, fetchtest.NewAuthority(t, g.Hosts...), fetchtest.Files(files))

	// Ubuntu signs its SHA256SUMS: served without SHA256SUMS.gpg, a match
	// is not confirmed (amber), never a plain OK.
	out, errOut, code := vRun("verify", "--fetch", iso)
	if code != ExitCannotSay || !strings.Contains(out, "NOT CONFIRMED (the signature is missing") || !strings.Contains(errOut, "fetching "+g.Publisher+"'s checksums from "+g.Host) {
		t.Errorf("fetched: exit %d\n%s\n%s", code, out, errOut)
	}
	var got struct {
		Colour string
		Exit   int
		Files  []struct{ Status, Trust, Source string }
	}
	jsonOut, _, _ := vRun("verify", "--fetch", "--json", iso)
	if err := json.Unmarshal([]byte(jsonOut), &got); err != nil || got.Colour != "amber" || got.Exit != ExitCannotSay || len(got.Files) != 1 ||
		got.Files[0].Trust != "signature-missing" || got.Files[0].Source != g.Tries[0].Sums {
		t.Errorf("--json: %v %+v\n%s", err, got, jsonOut)
	}
	if strings.Contains(out, "genuine") {
		t.Errorf("unsigned checksums said genuine:\n%s", out)
	}
	out, _, code = vRun("verify", iso)
	if code != ExitCannotSay {
		t.Errorf("without --fetch: exit %d, want %d (nothing fetched)\n%s", code, ExitCannotSay, out)
	}

	delete(files, sumsURL.Host+sumsURL.Path) // the release moved
	out, errOut, code = vRun("verify", "--fetch", iso)
	if code != ExitCannotSay || !strings.Contains(errOut, "no longer lists") {
		t.Errorf("moved: exit %d, want %d\n%s\n%s", code, ExitCannotSay, out, errOut)
	}
	other := filepath.Join(dir, "holiday.iso")
	os.WriteFile(other, []byte("x"), 0o644)
	_, errOut, code = vRun("verify", "--fetch", other)
	if code != ExitCannotSay || !strings.Contains(errOut, "knows no publisher") {
		t.Errorf("unknown name: exit %d\n%s", code, errOut)
	}
}

// verify --fetch words each outcome of the fetched checksum file's
// signature (rule 8) in its text, exit status and JSON: a signature of
// random bytes is red (exit 1), one by a key not the row's amber (exit 3,
// the signer named), none where the publisher signs amber (exit 3).
func TestVerifyFetchedSignatureOutcomes(t *testing.T) {
	userConfig(t)
	dir := t.TempDir()
	iso := filepath.Join(dir, "ubuntu-24.04.1-desktop-amd64.iso")
	os.WriteFile(iso, []byte(apptest.ISOData), 0o644)
	g, _ := publisher.Lookup(filepath.Base(iso))
	sumsURL, _ := url.Parse(g.Tries[0].Sums)
	sigURL, _ := url.Parse(g.Tries[0].Signature)
	sums := []byte(apptest.Hex("sha256", []byte(apptest.ISOData)) + " *" + filepath.Base(iso) + "\n")
	other := apptest.NewSignedFolder(t)
	random := bytes.Repeat([]byte{0x88, 0x01, 0xff}, 100_000)
	for _, tc := range []struct {
		name         string
		sig          []byte
		exit         int
		status       string
		trust, words string
	}{
		{"no signature", nil, ExitCannotSay, "unconfirmed", "signature-missing", "NOT CONFIRMED (the signature is missing"},
		{"100,000 malformed packets", random, ExitFail, "bad-signature", "bad-signature", "BAD SIGNATURE (the signature from " + g.Host + " cannot be read"},
		{"another key", other.G.Sign(sums, other.Fpr, "--detach-sign"), ExitCannotSay, "unconfirmed", "other-key",
			"NOT CONFIRMED (signed by key " + signature.GroupFingerprint(other.Fpr)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string][]byte{sumsURL.Host + sumsURL.Path: sums}
			if tc.sig != nil {
				files[sigURL.Host+sigURL.Path] = tc.sig
			}
			fetchtest.Serve(t, fetchtest.NewAuthority(t, g.Hosts...), fetchtest.Files(files))
			out, errOut, code := vRun("verify", "--fetch", iso)
			if code != tc.exit || !strings.Contains(out, tc.words) {
				t.Errorf("exit %d, want %d; want %q in\n%s%s", code, tc.exit, tc.words, out, errOut)
			}
			jsonOut, _, _ := vRun("verify", "--fetch", "--json", iso)
			var got struct {
				Exit  int
				Files []struct{ Status, Trust string }
			}
			if err := json.Unmarshal([]byte(jsonOut), &got); err != nil || got.Exit != tc.exit || len(got.Files) != 1 ||
				got.Files[0].Status != tc.status || got.Files[0].Trust != tc.trust {
				t.Errorf("--json: %v %+v\n%s", err, got, jsonOut)
			}
		})
	}
}

// verify warns of the checksum lines it cannot read, as check does, and
// says of an empty folder that it holds no files.
func TestVerifyWarnsOfLinesAndEmptyFolders(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{
		"a.iso":      "abc",
		"SHA256SUMS": apptest.ABCSHA256 + "  a.iso\nthis is not a checksum line\n",
	})
	_, errOut, code := vRun("verify", dir)
	if code != 0 || !strings.Contains(errOut, "SHA256SUMS:2:") || !strings.Contains(errOut, "1 line was not understood") {
		t.Errorf("exit %d; stderr:\n%s", code, errOut)
	}
	empty := t.TempDir()
	out, _, code := vRun("verify", empty)
	if code != ExitCannotSay || !strings.Contains(out, "no files") || strings.Contains(out, "nothing was published") {
		t.Errorf("empty folder: exit %d\n%s", code, out)
	}
}

// A file whose name holds a newline, listed as sha256sum escapes it, is one
// row, OK: no phantom MISSING row for a part of its name.
func TestVerifyNameWithANewline(t *testing.T) {
	dir := t.TempDir()
	name := "a\nb"
	if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
		t.Skipf("this file system refuses a newline in a name: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "SHA256SUMS"), []byte(`\`+sha256Hex("x")+"  a\\nb\n"), 0o644)
	out, _, code := vRun("verify", "--json", dir)
	var got struct {
		Reason string
		Counts map[string]int
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	if code != 0 || got.Reason != "published-match" || got.Counts["ok"] != 1 || got.Counts["missing"] != 0 {
		t.Errorf("exit %d, %+v\n%s", code, got, out)
	}
}
