package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/signature/sigtest"
)

// fedoraChecksum is a clear-signed CHECKSUM as Fedora publishes them, with
// a signature that is not a real one: the window says it cannot be read.
func fedoraChecksum(iso, hex string) string {
	return "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n" +
		"# " + iso + ": 3 bytes\nSHA256 (" + iso + ") = " + hex + "\n" +
		"-----BEGIN PGP SIGNATURE-----\n\niQIzBAEBCAAdFiEEfakefakefake\n=abcd\n-----END PGP SIGNATURE-----\n"
}

// A clear-signed CHECKSUM whose signature cannot be read says so, on its
// own line, opened as a checksum file and found next to a dropped ISO.
func TestClearSignedChecksumDamagedSignature(t *testing.T) {
	dir := t.TempDir()
	iso := "Fedora-Workstation-Live-x86_64-40-1.14.iso"
	writeFile(t, filepath.Join(dir, iso), "abc")
	sums := writeFile(t, filepath.Join(dir, "Fedora-Workstation-40-1.14-x86_64-CHECKSUM"), fedoraChecksum(iso, sha256Hex("abc")))
	const cannot = "The signature cannot be read"

	h := newHarness(t)
	h.w.openSums(sums)
	h.waitFor("checked", func() bool {
		return h.w.sums.sf != nil && !h.w.sums.running() && h.w.sums.banner.Outcome() == checksum.Match
	})
	if a := h.w.sums.auth.Text; !h.w.sums.authRow.Visible() || !strings.HasPrefix(a, cannot) {
		t.Errorf("checksum-file view: signature line %q (shown %v)", a, h.w.sums.authRow.Visible())
	}

	h = newHarness(t)
	h.w.Add([]string{filepath.Join(dir, iso)})
	h.waitFor("the sidecar verdict", func() bool { return h.allFinished() && h.w.banner.Outcome() == checksum.Match })
	if d := h.w.banner.Detail(); !strings.Contains(d, cannot) {
		t.Errorf("sidecar banner: detail %q", d)
	}
	if _, a := h.w.files.items[0].authLine(); !strings.HasPrefix(a, cannot) {
		t.Errorf("card: %q", a)
	}
}

// signedDownload is a folder with ubuntu.iso, SHA256SUMS and its
// SHA256SUMS.gpg, signed by a key the user imported.
func signedDownload(t *testing.T) (dir, iso, sums string, g *sigtest.GnuPG, fpr string) {
	g = sigtest.NewGnuPG(t)
	t.Cleanup(g.Close)
	fpr = g.GenKey("Example Release <release@example.org>", "ed25519", "sign", "never")
	store, err := signature.UserStore()
	if err != nil {
		t.Fatal(err)
	}
	ks, err := signature.ReadKeys(g.Export(false, fpr))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Import(ks[0]); err != nil {
		t.Fatal(err)
	}
	trustedKeys.reset()
	dir = t.TempDir()
	iso = writeFile(t, filepath.Join(dir, "ubuntu.iso"), "abc")
	data := sha256Hex("abc") + "  ubuntu.iso\n"
	sums = writeFile(t, filepath.Join(dir, "SHA256SUMS"), data)
	writeFile(t, sums+".gpg", string(g.Sign([]byte(data), fpr, "--detach-sign")))
	return dir, iso, sums, g, fpr
}

func TestSignedChecksumGenuine(t *testing.T) {
	h := newHarness(t)
	_, iso, sums, _, _ := signedDownload(t)
	h.w.openSums(sums)
	h.waitFor("checked", func() bool {
		return h.w.sums.sf != nil && !h.w.sums.running() && h.w.sums.banner.Outcome() == checksum.Match
	})
	if a := h.w.sums.auth.Text; !strings.HasPrefix(a, "Genuine: signed by your key Example Release <release@example.org> (") {
		t.Errorf("checksum-file view: %q", a)
	}

	h.w.show(nil)
	h.w.Add([]string{iso})
	h.waitFor("the sidecar verdict", func() bool { return h.allFinished() && h.w.banner.Outcome() == checksum.Match })
	if d := h.w.banner.Detail(); !strings.Contains(d, "Genuine: signed by your key Example Release") {
		t.Errorf("banner detail %q", d)
	}
	// A trusted signature covers the digest that matched: genuine.
	if got := h.w.banner.Headline(); got != "Matches the published SHA-256: this is the file they released" {
		t.Errorf("banner %q", got)
	}
	if _, a := h.w.files.items[0].authLine(); !strings.HasPrefix(a, "Genuine") {
		t.Errorf("card: %q", a)
	}
	if _, v := h.w.files.items[0].verdictLine(); strings.Contains(v, "Genuine") {
		t.Errorf("authenticity merged into the integrity line: %q", v)
	}
}

// A SHA256SUMS changed after signing: BAD in red, even though the ISO
// matches the changed file.
func TestSignedChecksumBad(t *testing.T) {
	h := newHarness(t)
	_, iso, sums, _, _ := signedDownload(t)
	os.WriteFile(sums, []byte(sha256Hex("abc")+"  ubuntu.iso\n"+sha256Hex("x")+"  evil.iso\n"), 0o644)
	h.w.openSums(sums)
	h.waitFor("checked", func() bool {
		return h.w.sums.sf != nil && !h.w.sums.running() && h.w.sums.banner.Outcome() != checksum.Pending
	})
	if o, head := h.w.sums.banner.Outcome(), h.w.sums.banner.Headline(); o != checksum.Mismatch || !strings.HasPrefix(head, "BAD signature") {
		t.Errorf("banner %v %q", o, head)
	}
	if a := h.w.sums.auth.Text; a != "BAD signature: the checksum file was changed after it was signed" || h.w.sums.auth.Importance != widget.DangerImportance {
		t.Errorf("signature line %q (%v)", a, h.w.sums.auth.Importance)
	}

	h.w.show(nil)
	h.w.Add([]string{iso})
	h.waitFor("the sidecar verdict", func() bool {
		return h.allFinished() && h.w.banner.Outcome() != checksum.Pending && h.w.banner.Headline() != ""
	})
	if o, head := h.w.banner.Outcome(), h.w.banner.Headline(); o != checksum.Mismatch || !strings.HasPrefix(head, "BAD signature") {
		t.Errorf("main banner %v %q: the BAD signature must win over the match", o, head)
	}
	// Nor does the card word the match as reassurance.
	if icon, line := h.w.files.items[0].verdictLine(); !strings.Contains(line, "the signature is BAD: do not use it") || strings.Contains(line, "file they released") || icon == nil {
		t.Errorf("card under a BAD signature says %q", line)
	}
	// Its mark is the red cross of "do not use", not the green check of a match.
	if icon := h.w.files.items[0].icon(); icon.Name() != theme.NewErrorThemedResource(theme.CancelIcon()).Name() {
		t.Errorf("card icon under a BAD signature: %s, want the red cross", icon.Name())
	}
}

func TestSignedChecksumUnknownKey(t *testing.T) {
	h := newHarness(t)
	_, _, sums, g, _ := signedDownload(t)
	other := g.GenKey("Mirror <evil@example.net>", "ed25519", "sign", "never")
	data, _ := os.ReadFile(sums)
	os.WriteFile(sums+".gpg", g.Sign(data, other, "--detach-sign"), 0o644)
	h.w.openSums(sums)
	h.waitFor("checked", func() bool {
		return h.w.sums.sf != nil && !h.w.sums.running() && h.w.sums.banner.Outcome() != checksum.Pending
	})
	if a := h.w.sums.auth.Text; !strings.HasPrefix(a, "Signed by a key Hashdrop does not know (fingerprint ") || !strings.Contains(a, "this says nothing about who made it") {
		t.Errorf("signature line %q", a)
	}
	if h.w.sums.banner.Outcome() != checksum.Match {
		t.Errorf("the files' own verdict changed: %v", h.w.sums.banner.Outcome())
	}
}

// A key file dropped on the window is offered for import: its fingerprint
// and user id are shown and the user is asked; no is no.
func TestDropKeyFileAsksBeforeTrusting(t *testing.T) {
	h := newHarness(t)
	g := sigtest.NewGnuPG(t)
	t.Cleanup(g.Close)
	fpr := g.GenKey("Example Release <release@example.org>", "ed25519", "sign", "never")
	key := writeFile(t, filepath.Join(t.TempDir(), "release.asc"), string(g.Export(true, fpr)))
	store, _ := signature.UserStore()
	grouped := signature.GroupFingerprint(fpr)

	h.dialogs.confirm = false
	h.w.Add([]string{key})
	h.waitFor("the question", func() bool { return len(h.dialogs.asked) == 1 })
	if q := h.dialogs.asked[0]; !strings.Contains(q, "Example Release <release@example.org>") || !strings.Contains(q, grouped) ||
		!strings.Contains(q, "A key found next to a download proves nothing") {
		t.Errorf("asked %q", q)
	}
	if ks, _ := store.Load(); len(ks) != 0 || len(h.w.files.items) != 0 {
		t.Fatalf("a key trusted without a yes (%d), or hashed as a file (%d)", len(ks), len(h.w.files.items))
	}

	h.dialogs.confirm = true
	h.w.Add([]string{key})
	h.waitFor("the key kept", func() bool { ks, _ := store.Load(); return len(ks) == 1 && ks[0].Fingerprint == fpr })
	if k := trustedKeys.get().Find(signature.OpenPGP, fpr); k == nil || k.Origin != signature.Imported {
		t.Errorf("the window's keyring does not trust it: %+v", k)
	}

	// A detached signature named .asc is no key: it is hashed as a file.
	sig := writeFile(t, filepath.Join(t.TempDir(), "SHA256SUMS.asc"), string(g.Sign([]byte("x"), fpr, "--detach-sign", "--armor")))
	h.w.Add([]string{sig})
	h.waitFor("the file listed", func() bool { return len(h.w.files.items) == 1 })
}

// A dropped ISO with its own signature beside it (ubuntu.iso.sig): the
// card says who signed it; changed after signing, BAD in red.
func TestFileOwnSignature(t *testing.T) {
	h := newHarness(t)
	dir, iso, sums, g, fpr := signedDownload(t)
	os.Remove(sums)
	os.Remove(sums + ".gpg")
	writeFile(t, iso+".sig", string(g.Sign([]byte("abc"), fpr, "--detach-sign")))
	h.w.Add([]string{iso})
	h.waitFor("the signature checked", func() bool { return h.allFinished() && len(h.w.files.items) == 1 && h.w.files.items[0].ownSig != nil })
	if _, a := h.w.files.items[0].authLine(); !strings.HasPrefix(a, "Genuine: signed by your key Example Release") {
		t.Errorf("card: %q", a)
	}

	h.w.Clear()
	writeFile(t, filepath.Join(dir, "ubuntu.iso"), "abd")
	h.w.Add([]string{iso})
	h.waitFor("the signature checked", func() bool { return h.allFinished() && len(h.w.files.items) == 1 && h.w.files.items[0].ownSig != nil })
	if _, a := h.w.files.items[0].authLine(); a != "BAD signature: the file was changed after it was signed" {
		t.Errorf("card: %q", a)
	}
	h.waitFor("the banner", func() bool { return h.w.banner.Outcome() == checksum.Mismatch })
	if head := h.w.banner.Headline(); !strings.HasPrefix(head, "BAD signature: do not use ubuntu.iso") {
		t.Errorf("banner %q", head)
	}
}

// Every verdict on a signature has its words, and only a trusted one is
// green, a BAD one red.
func TestAuthenticityWords(t *testing.T) {
	ubuntu := signature.Signer{Publisher: "Ubuntu", UserID: "Ubuntu CD Image Automatic Signing Key (2012) <cdimage@ubuntu.com>", Fingerprint: "843938DF228D22F7B3742BC0D94AA3F0EFE21092"}
	for _, tc := range []struct {
		r    signature.Result
		o    checksum.Outcome
		want string
	}{
		{signature.Result{Kind: signature.NoSignature}, checksum.Unknown, "Not signed: the publisher of this checksum file is not verified"},
		{signature.Result{Kind: signature.Genuine, Signer: ubuntu}, checksum.Match,
			"Genuine: signed by Ubuntu (Ubuntu CD Image Automatic Signing Key (2012) <cdimage@ubuntu.com>, 8439 38DF … 1092)"},
		{signature.Result{Kind: signature.GenuineUser, Signer: signature.Signer{UserID: "Me <me@example.org>", Fingerprint: "E7620F1842B4E81F"}}, checksum.Match,
			"Genuine: signed by your key Me <me@example.org> (E762 0F18 42B4 E81F)"},
		{signature.Result{Kind: signature.Genuine, Signer: ubuntu, KeyExpired: true, Until: time.Date(2024, 5, 31, 12, 0, 0, 0, time.UTC)}, checksum.Match,
			"Genuine: signed by Ubuntu (Ubuntu CD Image Automatic Signing Key (2012) <cdimage@ubuntu.com>, 8439 38DF … 1092), whose key has since expired (2024-05-31)"},
		{signature.Result{Kind: signature.GenuineUser, Signer: signature.Signer{UserID: "Me <me@example.org>", Fingerprint: "E7620F1842B4E81F"}, KeyExpired: true, Until: time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)}, checksum.Match,
			"Genuine: signed by your key Me <me@example.org> (E762 0F18 42B4 E81F), which has since expired (2025-01-02)"},
		{signature.Result{Kind: signature.UnknownKey, KeyID: "46181433FBB75451"}, checksum.Unknown,
			"Signed by a key Hashdrop does not know (fingerprint 4618 1433 FBB7 5451): this says nothing about who made it"},
		{signature.Result{Kind: signature.Bad, Signer: ubuntu}, checksum.Mismatch, "BAD signature: the checksum file was changed after it was signed"},
		{signature.Result{Kind: signature.Expired, Signer: ubuntu}, checksum.Unknown, "Not trusted: the signature by Ubuntu (Ubuntu CD Image Automatic Signing Key (2012) <cdimage@ubuntu.com>, 8439 38DF … 1092) has expired"},
		{signature.Result{Kind: signature.Expired, KeyExpired: true, Signer: ubuntu}, checksum.Unknown, "Not trusted: the key of Ubuntu (Ubuntu CD Image Automatic Signing Key (2012) <cdimage@ubuntu.com>, 8439 38DF … 1092) had expired when it signed"},
		{signature.Result{Kind: signature.Revoked, Signer: ubuntu}, checksum.Unknown, "Not trusted: signed by Ubuntu (Ubuntu CD Image Automatic Signing Key (2012) <cdimage@ubuntu.com>, 8439 38DF … 1092), a key its owner revoked"},
		{signature.Result{Kind: signature.TooWeak, Hash: "SHA-1", Signer: ubuntu}, checksum.Unknown, "Not trusted: signed with SHA-1, which can be forged (Ubuntu (Ubuntu CD Image Automatic Signing Key (2012) <cdimage@ubuntu.com>, 8439 38DF … 1092))"},
		{signature.Result{Kind: signature.TooWeak, Bits: 1024, Signer: ubuntu}, checksum.Unknown, "Not trusted: signed with a 1024-bit key, too short to trust (Ubuntu (Ubuntu CD Image Automatic Signing Key (2012) <cdimage@ubuntu.com>, 8439 38DF … 1092))"},
		{signature.Result{Kind: signature.Unreadable}, checksum.Unknown, "The signature cannot be read: it is damaged or cut short"},
	} {
		o, got := authenticityWords(&checksum.Authenticity{Verdict: tc.r})
		if o != tc.o || got != tc.want {
			t.Errorf("%v: %v %q, want %v %q", tc.r.Kind, o, got, tc.o, tc.want)
		}
	}
}

// A BAD or unreadable signature is worded by its reason, in English and
// Japanese, on a checksum file's line and a file's own: only Changed says
// the signed bytes were changed.
func TestSignatureReasonWords(t *testing.T) {
	me := signature.Signer{UserID: "Me <me@example.org>", Fingerprint: "E7620F1842B4E81F"}
	const who = "Me <me@example.org> (E762 0F18 42B4 E81F)"
	cases := []struct {
		kind     signature.Kind
		reason   signature.Reason
		en, ja   string
		fileWord string // the file's own signature, when not en
	}{
		{signature.Bad, signature.Changed, "BAD signature: the checksum file was changed after it was signed", "不正な署名: チェックサムファイルは署名の後に変更されています",
			"BAD signature: the file was changed after it was signed"},
		{signature.Bad, signature.NoBackSignature, "BAD signature: the signing key is attached to " + who + " without its consent (no back-signature)",
			"不正な署名: 署名した鍵は、その鍵自身の同意（バックシグネチャ）なしに " + who + " に結び付けられています", ""},
		{signature.Bad, signature.NotForSigning, "BAD signature: the key of " + who + " is not one its owner uses to sign files",
			"不正な署名: " + who + " の鍵は、所有者が署名用として指定した鍵ではありません", ""},
		{signature.Bad, signature.CommentChanged, "BAD signature: its trusted comment was changed after signing", "不正な署名: 署名後に信頼済みコメントが書き換えられています", ""},
		{signature.Bad, signature.OtherKey, "BAD signature: it was not made by the key it names (" + who + ")", "不正な署名: 記載された鍵（" + who + "）で作られた署名ではありません", ""},
		{signature.Bad, signature.NotOverFile, "BAD signature: this is not a signature over a file", "不正な署名: ファイルに対する署名ではありません", ""},
		{signature.Unreadable, signature.TooManySignatures, "The signature file holds more than 32 signatures, far more than a publisher makes: none was checked",
			"署名ファイルに 32 個を超える署名が含まれています（配布元が作る数をはるかに超えています）。どれも検証していません", ""},
		{signature.Unreadable, signature.UnsupportedHash, "The signature uses a digest Hashdrop cannot compute", "この署名は Hashdrop が計算できないハッシュ関数を使っています", ""},
	}
	for _, tc := range cases {
		a := &checksum.Authenticity{Verdict: signature.Result{Kind: tc.kind, Reason: tc.reason, Signer: me}}
		wantOutcome := checksum.Unknown
		if tc.kind == signature.Bad {
			wantOutcome = checksum.Mismatch
		}
		fileWord := tc.fileWord
		if fileWord == "" {
			fileWord = tc.en
		}
		if o, got := authenticityWords(a); o != wantOutcome || got != tc.en {
			t.Errorf("%v: %v %q, want %v %q", tc.reason, o, got, wantOutcome, tc.en)
		}
		if o, got := fileSignatureWords(a); o != wantOutcome || got != fileWord {
			t.Errorf("%v, the file's own: %v %q, want %q", tc.reason, o, got, fileWord)
		}
	}
	useLanguage(t, "ja")
	for _, tc := range cases {
		a := &checksum.Authenticity{Verdict: signature.Result{Kind: tc.kind, Reason: tc.reason, Signer: me}}
		if _, got := authenticityWords(a); got != tc.ja {
			t.Errorf("%v in Japanese: %q, want %q", tc.reason, got, tc.ja)
		}
	}
}

// Signed by a publisher's key Hashdrop ships: the publisher's name.
func TestSignedByShippedKey(t *testing.T) {
	h := newHarness(t)
	g := sigtest.NewGnuPG(t)
	t.Cleanup(g.Close)
	fpr := g.GenKey("Example CD Signing Key <cd@example.org>", "ed25519", "sign", "never")
	ks, _ := signature.ReadKeys(g.Export(false, fpr))
	ks[0].Origin, ks[0].Publisher = signature.Shipped, "Example Linux"
	ring := trustedKeys.get() // the shipped keys, and this one as if shipped too
	ring.Add(ks[0])
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "example.iso"), "abc")
	data := sha256Hex("abc") + "  example.iso\n"
	sums := writeFile(t, filepath.Join(dir, "SHA256SUMS"), data)
	writeFile(t, sums+".gpg", string(g.Sign([]byte(data), fpr, "--detach-sign")))
	h.w.openSums(sums)
	h.waitFor("checked", func() bool {
		return h.w.sums.sf != nil && !h.w.sums.running() && h.w.sums.banner.Outcome() == checksum.Match
	})
	if a := h.w.sums.auth.Text; a != "Genuine: signed by Example Linux (Example CD Signing Key <cd@example.org>, "+signature.ShortFingerprint(fpr)+")" {
		t.Errorf("checksum-file view: %q", a)
	}
}
