package linux

import (
	"bufio"
	"encoding/xml"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

type metainfo struct {
	ID         string   `xml:"id"`
	Launchable string   `xml:"launchable"`
	Binaries   []string `xml:"provides>binary"`
	MediaTypes []string `xml:"provides>mediatype"`
	Releases   []struct {
		Version string `xml:"version,attr"`
	} `xml:"releases>release"`
}

// The AppStream metadata names the desktop entry, the command and the
// checksum types the entry opens, and its newest release is the version
// being built.
func TestMetainfo(t *testing.T) {
	data, err := os.ReadFile("io.github.hashdrop.hashdrop.metainfo.xml")
	if err != nil {
		t.Fatal(err)
	}
	var m metainfo
	if err := xml.Unmarshal(data, &m); err != nil {
		t.Fatalf("io.github.hashdrop.hashdrop.metainfo.xml: %v", err)
	}
	if m.ID != "io.github.hashdrop.hashdrop" || m.Launchable != "io.github.hashdrop.hashdrop.desktop" {
		t.Errorf("id %q, launchable %q", m.ID, m.Launchable)
	}
	if !slices.Equal(m.Binaries, []string{"hashdrop"}) {
		t.Errorf("binaries %q", m.Binaries)
	}
	if got, want := slices.Sorted(slices.Values(m.MediaTypes)), list(readDesktop(t)["MimeType"]); !slices.Equal(got, want) {
		t.Errorf("metainfo media types %q, desktop entry %q", got, want)
	}
	toml, err := os.ReadFile("../../FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	v := regexp.MustCompile(`(?m)^Version\s*=\s*"([^"]*)"`).FindSubmatch(toml)
	if v == nil {
		t.Fatal("FyneApp.toml has no Version")
	}
	if len(m.Releases) == 0 || m.Releases[0].Version != string(v[1]) {
		t.Errorf("newest release in the metainfo is not FyneApp.toml's Version %s: %+v", v[1], m.Releases)
	}
}

// keyFile reads the groups of a desktop-entry-style file.
func keyFile(t *testing.T, name string) map[string]map[string]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	groups := map[string]map[string]string{}
	var g map[string]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			g = map[string]string{}
			groups[line[1:len(line)-1]] = g
		case g != nil:
			if k, v, ok := strings.Cut(line, "="); ok {
				g[k] = v
			}
		}
	}
	return groups
}

// Every file manager's entry runs "hashdrop" (which make install turns into
// the installed program's path) on all the selected files at once, and
// says so in English and Japanese.
func TestFileManagerEntries(t *testing.T) {
	for _, c := range []struct{ file, group string }{
		{"filemanager/dolphin.desktop", "Desktop Action check"},
		{"filemanager/io.github.hashdrop.hashdrop.nemo_action", "Nemo Action"},
		{"filemanager/thunar-sendto.desktop", "Desktop Entry"},
	} {
		g := keyFile(t, c.file)[c.group]
		if g == nil {
			t.Errorf("%s: no [%s]", c.file, c.group)
			continue
		}
		if g["Exec"] != "hashdrop %F" {
			t.Errorf("%s: Exec=%q, want hashdrop %%F (make install rewrites exactly that)", c.file, g["Exec"])
		}
		if g["Name"] != "Check with Hashdrop" || g["Name[ja]"] != "Hashdrop で確認" {
			t.Errorf("%s: Name=%q Name[ja]=%q", c.file, g["Name"], g["Name[ja]"])
		}
	}
	for file, placeholder := range map[string]string{
		"filemanager/nautilus-hashdrop.py":   "\nHASHDROP = \"hashdrop\"\n",
		"filemanager/check-with-hashdrop.sh": "\nHASHDROP=hashdrop ",
	} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), placeholder) {
			t.Errorf("%s lacks the line %q that make install rewrites", file, strings.TrimSpace(placeholder))
		}
	}
}
