package desktop

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// fakeClasses is HKCU\Software\Classes in memory: key -> value name -> data.
// Keys exist when present in the map, with or without values.
type fakeClasses map[string]map[string]string

func (f fakeClasses) Get(key, name string) (string, bool, error) {
	v, ok := f[strings.ToLower(key)][name]
	return v, ok, nil
}

func (f fakeClasses) Set(key, name, value string) error {
	k := strings.ToLower(key)
	// CreateKey makes the parents too.
	for i := range len(k) {
		if k[i] == '\\' && f[k[:i]] == nil {
			f[k[:i]] = map[string]string{}
		}
	}
	if f[k] == nil {
		f[k] = map[string]string{}
	}
	f[k][name] = value
	return nil
}

func (f fakeClasses) DeleteValue(key, name string) error {
	delete(f[strings.ToLower(key)], name)
	return nil
}

func (f fakeClasses) DeleteTree(key string) error {
	k := strings.ToLower(key)
	for other := range f {
		if other == k || strings.HasPrefix(other, k+`\`) {
			delete(f, other)
		}
	}
	return nil
}

func (f fakeClasses) Empty(key string) (bool, error) {
	k := strings.ToLower(key)
	vals, ok := f[k]
	if !ok || len(vals) > 0 {
		return false, nil
	}
	for other := range f {
		if strings.HasPrefix(other, k+`\`) {
			return false, nil
		}
	}
	return true, nil
}

func (f fakeClasses) DeleteKey(key string) error {
	delete(f, strings.ToLower(key))
	return nil
}

func (f fakeClasses) clone() fakeClasses {
	c := fakeClasses{}
	for k, v := range f {
		c[k] = maps.Clone(v)
	}
	return c
}

func (f fakeClasses) equal(g fakeClasses) bool {
	return maps.EqualFunc(f, g, func(a, b map[string]string) bool { return maps.Equal(a, b) })
}

const assocTestExe = `C:\Users\Ann\AppData\Local\Programs\Hashdrop\Hashdrop.exe`

// The exact key set written, for one extension (the others repeat it).
func TestAssocInstallKeys(t *testing.T) {
	ch, err := assocInstall(assocTestExe, EnglishAssocWords)
	if err != nil {
		t.Fatal(err)
	}
	r := fakeClasses{}
	if err := applyRegChanges(r, ch); err != nil {
		t.Fatal(err)
	}
	cmd := `"` + assocTestExe + `" "%1"`
	icon := `"` + assocTestExe + `",0`
	want := map[string]map[string]string{
		`hashdrop.checksumfile`:                        {"": "Checksum file"},
		`hashdrop.checksumfile\defaulticon`:            {"": icon},
		`hashdrop.checksumfile\shell`:                  {"": "open"},
		`hashdrop.checksumfile\shell\open`:             {"": "Verify with Hashdrop"},
		`hashdrop.checksumfile\shell\open\command`:     {"": cmd},
		`applications`:                                 {},
		`applications\hashdrop.exe`:                    {"FriendlyAppName": "Hashdrop"},
		`applications\hashdrop.exe\defaulticon`:        {"": icon},
		`applications\hashdrop.exe\shell`:              {},
		`applications\hashdrop.exe\shell\open`:         {},
		`applications\hashdrop.exe\shell\open\command`: {"": cmd},
		`.sha256`:                 {"": assocProgID},
		`.sha256\openwithprogids`: {assocProgID: ""},
	}
	for k, v := range want {
		if !maps.Equal(r[k], v) {
			t.Errorf("%s = %q, want %q", k, r[k], v)
		}
	}
	for _, ext := range []string{".md5", ".sha1", ".sha256", ".sha512", ".sha3-256", ".sfv"} {
		if r[ext][""] != assocProgID || r[ext+`\openwithprogids`] == nil {
			t.Errorf("%s not associated: %q", ext, r[ext])
		}
	}
	if n := len(r); n != len(want)-2+2*len(ChecksumExtensions) {
		t.Errorf("%d keys written, want %d: %v", n, len(want)-2+2*len(ChecksumExtensions), slices.Sorted(maps.Keys(r)))
	}
}

// Removal restores exactly what was there: another program's default and
// "Open with" entries stay, ours go, empty keys we made go.
func TestAssocRemoveRestores(t *testing.T) {
	before := fakeClasses{
		`.md5`:                       {"": "Notepad++.md5", "Content Type": "text/plain"},
		`.md5\openwithprogids`:       {"Notepad++.md5": ""},
		`.sfv`:                       {"": ""}, // an empty default is no program
		`notepad++.md5\shell\open`:   {},
		`applications\notepad++.exe`: {"FriendlyAppName": "Notepad++"},
		`applications`:               {},
		`notepad++.md5`:              {},
		`notepad++.md5\shell`:        {},
	}
	r := before.clone()
	ins, _ := assocInstall(assocTestExe, EnglishAssocWords)
	for range 2 { // registering twice keeps the first backup
		if err := applyRegChanges(r, ins); err != nil {
			t.Fatal(err)
		}
	}
	if r[`.md5`][""] != assocProgID || r[`.md5`][assocBackup] != "Notepad++.md5" {
		t.Errorf(".md5 after install: %q", r[`.md5`])
	}
	if r[`.md5\openwithprogids`]["Notepad++.md5"] != "" || len(r[`.md5\openwithprogids`]) != 2 {
		t.Errorf(".md5 open-with list: %q", r[`.md5\openwithprogids`])
	}
	for range 2 { // removing twice is harmless
		if err := applyRegChanges(r, assocRemove()); err != nil {
			t.Fatal(err)
		}
	}
	if !r.equal(before) {
		t.Errorf("after removal:\n%v\nwant\n%v", r, before)
	}
}

// A default the user chose after registering is theirs: removal keeps it.
func TestAssocRemoveKeepsLaterChoice(t *testing.T) {
	r := fakeClasses{`.sha1`: {"": "Old.sha1"}}
	ins, _ := assocInstall(assocTestExe, EnglishAssocWords)
	applyRegChanges(r, ins)
	r.Set(`.sha1`, "", "Newer.sha1")
	applyRegChanges(r, assocRemove())
	if got := r[`.sha1`]; !maps.Equal(got, map[string]string{"": "Newer.sha1"}) {
		t.Errorf(".sha1 = %q, want only the later choice", got)
	}
	if len(r) != 1 {
		t.Errorf("left behind: %v", slices.Sorted(maps.Keys(r)))
	}
}

func TestAssocInstallRefusesBadExe(t *testing.T) {
	for _, exe := range []string{"", "Hashdrop.exe", `relative\Hashdrop.exe`, "/usr/bin/hashdrop", `C:\a"b\Hashdrop.exe`, `C:\%PATH%\x.exe`} {
		if _, err := assocInstall(exe, EnglishAssocWords); err == nil {
			t.Errorf("%q accepted", exe)
		}
	}
	for _, exe := range []string{`C:\Program Files\Hashdrop\Hashdrop.exe`, `d:/tools/Hashdrop.exe`, `\\server\share\Hashdrop.exe`} {
		if _, err := assocInstall(exe, EnglishAssocWords); err != nil {
			t.Errorf("%q: %v", exe, err)
		}
	}
}

func TestAssocChangesPrint(t *testing.T) {
	got := regChange{regSet, `.md5`, "", assocProgID}.String()
	if got != `set .md5 [] "Hashdrop.ChecksumFile"` {
		t.Errorf("String() = %s", got)
	}
}

// The words of Explorer's entries follow the user's language: the entries
// there are worded again, nothing is added where there are none.
func TestExplorerMenuWords(t *testing.T) {
	r := fakeClasses{}
	ins, _ := assocInstall(assocTestExe, EnglishAssocWords)
	applyRegChanges(r, ins)
	r.Set(`*\shell\Hashdrop`, "", "Check with Hashdrop") // the installer's
	ja := AssocWords{ChecksumFile: "チェックサムファイル", Verify: "Hashdrop で検証", Check: "Hashdrop で確認"}
	if err := applyRegChanges(r, explorerMenuWords(ja)); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]string{
		`*\shell\hashdrop`:                 ja.Check,
		`hashdrop.checksumfile`:            ja.ChecksumFile,
		`hashdrop.checksumfile\shell\open`: ja.Verify,
	} {
		if got := r[k][""]; got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if _, ok := r[`directory\shell\hashdrop`]; ok {
		t.Error("an entry the installer did not write was added")
	}
	empty := fakeClasses{}
	applyRegChanges(empty, explorerMenuWords(ja))
	if len(empty) != 0 {
		t.Errorf("words written where nothing was registered: %v", empty)
	}
}
