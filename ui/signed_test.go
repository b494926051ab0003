package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app"
)

// fedoraChecksum is a clear-signed CHECKSUM as Fedora publishes them (the
// signature is not a real one: Hashdrop does not check it, and says so).
func fedoraChecksum(iso, hex string) string {
	return "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n" +
		"# " + iso + ": 3 bytes\nSHA256 (" + iso + ") = " + hex + "\n" +
		"-----BEGIN PGP SIGNATURE-----\n\niQIzBAEBCAAdFiEEfakefakefake\n=abcd\n-----END PGP SIGNATURE-----\n"
}

// For a PGP clear-signed CHECKSUM the window says that the signature was
// not checked: opened as a checksum file, and found next to a dropped ISO.
func TestClearSignedChecksumSaysSignatureNotChecked(t *testing.T) {
	dir := t.TempDir()
	iso := "Fedora-Workstation-Live-x86_64-40-1.14.iso"
	writeFile(t, filepath.Join(dir, iso), "abc")
	sums := writeFile(t, filepath.Join(dir, "Fedora-Workstation-40-1.14-x86_64-CHECKSUM"), fedoraChecksum(iso, sha256Hex("abc")))

	h := newHarness(t)
	h.w.openSums(sums)
	h.waitFor("checked", func() bool {
		return h.w.sums.sf != nil && !h.w.sums.running() && h.w.sums.banner.Outcome() == app.Match
	})
	if n := h.w.sums.notes.Text; !h.w.sums.notes.Visible() || !strings.Contains(n, "did not check the signature") {
		t.Errorf("checksum-file view: notes %q (shown %v)", n, h.w.sums.notes.Visible())
	}

	h = newHarness(t)
	h.w.Add([]string{filepath.Join(dir, iso)})
	h.waitFor("the sidecar verdict", func() bool { return h.allFinished() && h.w.banner.Outcome() == app.Match })
	if d := h.w.banner.Detail(); !strings.Contains(d, "did not check the signature") {
		t.Errorf("sidecar banner: detail %q", d)
	}

	// Two ISOs listed in one signed CHECKSUM, dropped together.
	other := "Fedora-Server-dvd-x86_64-40-1.14.iso"
	writeFile(t, filepath.Join(dir, other), "xyz")
	writeFile(t, sums, strings.Replace(fedoraChecksum(iso, sha256Hex("abc")),
		"-----BEGIN PGP SIGNATURE-----", "SHA256 ("+other+") = "+sha256Hex("xyz")+"\n-----BEGIN PGP SIGNATURE-----", 1))
	h = newHarness(t)
	h.w.Add([]string{filepath.Join(dir, iso), filepath.Join(dir, other)})
	h.waitFor("both verdicts", func() bool { return h.allFinished() && strings.HasPrefix(h.w.banner.Headline(), "All 2 files match") })
	if d := h.w.banner.Detail(); !strings.Contains(d, "did not check the signature") {
		t.Errorf("two files, one signed CHECKSUM: detail %q", d)
	}
}
