package desktop

// The Windows installer (assets/windows/hashdrop.wxs, built by make
// package-windows) writes the registry entries the setting "Open checksum
// files with Hashdrop" writes: these tests keep the two equal, so that an
// installed Hashdrop and one that registered itself open the same files the
// same way.

import (
	"encoding/xml"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

type wix struct {
	Values []registryValue `xml:"Product>DirectoryRef>Component>RegistryValue"`
}

type registryValue struct {
	Root    string `xml:",attr"`
	Key     string `xml:",attr"`
	Name    string `xml:",attr"`
	Type    string `xml:",attr"`
	Value   string `xml:",attr"`
	KeyPath string `xml:",attr"`
}

// entry is one registry value: key\name = data.
type entry struct{ key, name, data string }

const (
	classes = `Software\Classes\`
	// installDir stands for [INSTALLDIR], the folder the installer chose.
	installDir = `C:\Users\someone\AppData\Local\Programs\Hashdrop\`
	exe        = installDir + "Hashdrop.exe"
)

// installerClasses returns the values the installer writes under
// HKCU\Software\Classes, [INSTALLDIR] replaced by installDir.
func installerClasses(t *testing.T) map[entry]bool {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "assets", "windows", "hashdrop.wxs"))
	if err != nil {
		t.Fatal(err)
	}
	var w wix
	if err := xml.Unmarshal(data, &w); err != nil {
		t.Fatal(err)
	}
	got := map[entry]bool{}
	for _, v := range w.Values {
		if v.Root != "HKCU" {
			t.Errorf("%s\\%s is written under %s: a per-user install writes only under HKCU", v.Key, v.Name, v.Root)
		}
		key, ok := strings.CutPrefix(v.Key, classes)
		if !ok {
			continue
		}
		if v.Type != "string" {
			t.Errorf("%s\\%s is a %s, not a string", v.Key, v.Name, v.Type)
		}
		e := entry{key, v.Name, strings.ReplaceAll(v.Value, "[INSTALLDIR]", installDir)}
		if got[e] {
			t.Errorf("%v twice", e)
		}
		got[e] = true
	}
	if len(w.Values) == 0 {
		t.Fatal("hashdrop.wxs has no registry value (has its layout changed?)")
	}
	return got
}

// settingClasses returns the values the setting writes for exe.
func settingClasses(t *testing.T) map[entry]bool {
	t.Helper()
	ch, err := assocInstall(exe, EnglishAssocWords)
	if err != nil {
		t.Fatal(err)
	}
	want := map[entry]bool{}
	for _, c := range ch {
		switch c.Op {
		case regSet:
			want[entry{c.Key, c.Name, c.Data}] = true
		case regTakeDefault:
			// The installer takes the default without keeping the one
			// before (Windows Installer puts back nothing it did not
			// write); Windows lets the user's own choice win either way.
			want[entry{c.Key, "", c.Data}] = true
		default:
			t.Fatalf("AssocInstall has a change the installer does not know: %v", c)
		}
	}
	return want
}

func TestInstallerWritesTheSettingsAssociations(t *testing.T) {
	got, want := installerClasses(t), settingClasses(t)
	for _, e := range sorted(want) {
		if !got[e] {
			t.Errorf("the setting writes %s [%s] = %q; hashdrop.wxs does not", e.key, e.name, e.data)
		}
	}
	for _, ext := range ChecksumExtensions {
		if !got[entry{ext, "", assocProgID}] {
			t.Errorf("hashdrop.wxs does not open %s files with Hashdrop", ext)
		}
	}
}

func TestInstallerAddsOnlyTheRightClickEntries(t *testing.T) {
	got, want := installerClasses(t), settingClasses(t)
	command := `"` + exe + `" "%1"`
	icon := `"` + exe + `",0`
	for _, key := range []string{`*\shell\Hashdrop`, `Directory\shell\Hashdrop`} {
		want[entry{key, "", "Check with Hashdrop"}] = true
		want[entry{key, "Icon", icon}] = true
		want[entry{key + `\command`, "", command}] = true
	}
	for _, e := range sorted(got) {
		if !want[e] {
			t.Errorf("hashdrop.wxs writes %s [%s] = %q, which neither the setting nor the right-click entry has", e.key, e.name, e.data)
		}
	}
	for _, e := range sorted(want) {
		if !got[e] {
			t.Errorf("hashdrop.wxs lacks %s [%s] = %q", e.key, e.name, e.data)
		}
	}
}

func sorted(m map[entry]bool) []entry {
	return slices.SortedFunc(maps.Keys(m), func(a, b entry) int {
		return strings.Compare(a.key+"\x00"+a.name, b.key+"\x00"+b.name)
	})
}

// The installer puts its folder on the user's PATH, for hashdrop.com in
// terminals: environment.idt's one row, which the Makefile adds to the
// MSI with msibuild (wixl has no <Environment>), belongs to the component
// that installs hashdrop.com, appends to the user's own PATH and is removed
// again at uninstall.
func TestInstallerPutsTheConsoleProgramOnThePath(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "assets", "windows", "environment.idt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(lines) != 4 || lines[0] != "Environment\tName\tValue\tComponent_" || lines[2] != "Environment\tEnvironment" {
		t.Fatalf("environment.idt is not the Environment table with one row:\n%s", data)
	}
	row := strings.Split(lines[3], "\t")
	if len(row) != 4 {
		t.Fatalf("row %q has %d fields, want 4", lines[3], len(row))
	}
	// "=": set at install; "-": removed at uninstall; no "*": the user's
	// variable, not the system's. [~] keeps what is there.
	if name, value := row[1], row[2]; name != "=-PATH" || value != "[~];[INSTALLDIR]" {
		t.Errorf("the row sets %s to %s, want =-PATH to [~];[INSTALLDIR]", name, value)
	}

	wxs, err := os.ReadFile(filepath.Join("..", "..", "assets", "windows", "hashdrop.wxs"))
	if err != nil {
		t.Fatal(err)
	}
	var w struct {
		Components []struct {
			ID    string `xml:"Id,attr"`
			Files []struct {
				Name string `xml:",attr"`
			} `xml:"File"`
		} `xml:"Product>DirectoryRef>Component"`
	}
	if err := xml.Unmarshal(wxs, &w); err != nil {
		t.Fatal(err)
	}
	for _, c := range w.Components {
		if c.ID != row[3] {
			continue
		}
		if len(c.Files) != 1 || c.Files[0].Name != "hashdrop.com" {
			t.Errorf("component %s installs %v, want hashdrop.com", c.ID, c.Files)
		}
		return
	}
	t.Errorf("hashdrop.wxs has no component %s, whose PATH entry environment.idt adds", row[3])
}
