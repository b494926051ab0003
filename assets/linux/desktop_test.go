// Package linux holds Hashdrop's desktop integration files for Linux; this
// test keeps them consistent with each other, with FyneApp.toml and with the
// Windows associations in package app.
package linux

import (
	"bufio"
	"encoding/xml"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/desktop"
)

type mimeInfo struct {
	Types []struct {
		Type     string `xml:"type,attr"`
		SubClass []struct {
			Type string `xml:"type,attr"`
		} `xml:"sub-class-of"`
		Comments []string `xml:"comment"`
		Globs    []struct {
			Pattern string `xml:"pattern,attr"`
		} `xml:"glob"`
	} `xml:"mime-type"`
}

func readMime(t *testing.T) (types []string, globs map[string]string) {
	t.Helper()
	data, err := os.ReadFile("io.github.hashdrop.hashdrop.xml")
	if err != nil {
		t.Fatal(err)
	}
	var mi mimeInfo
	if err := xml.Unmarshal(data, &mi); err != nil {
		t.Fatal(err)
	}
	globs = map[string]string{}
	for _, mt := range mi.Types {
		types = append(types, mt.Type)
		if len(mt.SubClass) != 1 || mt.SubClass[0].Type != "text/plain" {
			t.Errorf("%s is not a kind of text/plain, so text editors would not offer to open it", mt.Type)
		}
		if len(mt.Comments) == 0 || len(mt.Globs) == 0 {
			t.Errorf("%s has no comment or no glob", mt.Type)
		}
		for _, g := range mt.Globs {
			p := strings.ToLower(g.Pattern)
			if other, dup := globs[p]; dup {
				t.Errorf("glob %s in %s and %s", g.Pattern, other, mt.Type)
			}
			globs[p] = mt.Type
		}
	}
	return types, globs
}

func readDesktop(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open("io.github.hashdrop.hashdrop.desktop")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	kv := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok {
			kv[k] = v
		}
	}
	return kv
}

func list(s string) []string {
	return slices.Sorted(slices.Values(strings.FieldsFunc(s, func(r rune) bool { return r == ';' })))
}

func TestDesktopEntry(t *testing.T) {
	d := readDesktop(t)
	for k, want := range map[string]string{
		"Type": "Application", "Name": "Hashdrop", "Exec": "hashdrop %F",
		"Icon": "io.github.hashdrop.hashdrop", "Terminal": "false", "Categories": "Utility;",
	} {
		if d[k] != want {
			t.Errorf("%s=%q, want %q", k, d[k], want)
		}
	}
	types, _ := readMime(t)
	if got, want := list(d["MimeType"]), slices.Sorted(slices.Values(types)); !slices.Equal(got, want) {
		t.Errorf("desktop MimeType %q, MIME XML defines %q", got, want)
	}
}

func TestFyneAppMimeTypes(t *testing.T) {
	data, err := os.ReadFile("../../FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^MimeTypes\s*=\s*"([^"]*)"`).FindSubmatch(data)
	if m == nil {
		t.Fatal("FyneApp.toml has no [CanOpen] MimeTypes: fyne package would write an Exec line that opens no files")
	}
	if got, want := list(string(m[1])), list(readDesktop(t)["MimeType"]); !slices.Equal(got, want) {
		t.Errorf("FyneApp.toml MimeTypes %q, desktop entry %q", got, want)
	}
}

// What double-clicking the files people download would open.
func TestMimeGlobs(t *testing.T) {
	_, globs := readMime(t)
	typeOf := func(name string) string {
		n := strings.ToLower(name)
		if mt, ok := globs[n]; ok { // literal names first, as shared-mime-info does
			return mt
		}
		best, bestLen := "", 0
		for g, mt := range globs {
			if ok, _ := path.Match(g, n); ok && len(g) > bestLen {
				best, bestLen = mt, len(g)
			}
		}
		return best
	}
	for name, want := range map[string]string{
		"ubuntu-24.04-desktop-amd64.iso.sha256": "text/x-sha256",
		"SHA256SUMS":                            "text/x-sha256",
		"sha256sum.txt":                         "text/x-sha256",
		"MD5SUMS":                               "text/x-md5",
		"archive.md5":                           "text/x-md5",
		"SHA1SUMS":                              "text/x-sha1",
		"debian-12.iso.sha512":                  "text/x-sha512",
		"SHA512SUMS":                            "text/x-sha512",
		"file.sha3-256":                         "text/x-sha3",
		"release.sfv":                           "text/x-sfv",
		"CHECKSUM":                              "text/x-checksum",
		"b2sums.txt":                            "text/x-blake2",
		"archlinux-x86_64.iso.b2":               "text/x-blake2",
		"B3SUMS":                                "text/x-blake3",
		"release.tar.gz.b3":                     "text/x-blake3",
		"game.iso.xxh128":                       "text/x-xxhash",
		"Fedora-Workstation-41-1.4-x86_64-CHECKSUM":   "text/x-checksum",
		"stage3-amd64-openrc-20250101.tar.xz.DIGESTS": "text/x-checksum",
		"ubuntu-24.04-desktop-amd64.iso":              "",
		"notes.txt":                                   "",
		"SHA256SUMS.gpg":                              "",
		"SHA256SUMS.sig":                              "",
		"ubuntu-24.04-desktop-amd64.iso.sig":          "",
		"SHA256SUMS.minisig":                          "",
		"SHA256.sig":                                  "text/x-sha256", // OpenBSD's, signed lines inside
	} {
		if got := typeOf(name); got != want {
			t.Errorf("%s: type %q, want %q", name, got, want)
		}
	}
}

// Windows and Linux open the same checksum files.
func TestWindowsExtensionsHaveGlobs(t *testing.T) {
	_, globs := readMime(t)
	for _, ext := range desktop.ChecksumExtensions {
		if _, ok := globs["*"+ext]; !ok {
			t.Errorf("Windows associates %s, the MIME XML has no *%s", ext, ext)
		}
	}
}
