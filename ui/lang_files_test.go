package ui

import (
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"text/template"

	xlanguage "golang.org/x/text/language"
)

// The tests of this file read every translation in translations/ (the
// window's words, glossary/, platform/, fyne.*.json), whichever languages
// are there: a new language's files are checked as soon as they are added.

// translationFiles lists the codes of the window's translations other than
// English: the names of translations/*.json, fyne.*.json aside.
func translationFiles(t *testing.T) []string {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join("translations", "*.json"))
	var codes []string
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".json")
		if name == "en" || strings.HasPrefix(name, "fyne.") {
			continue
		}
		codes = append(codes, name)
	}
	return codes
}

func readTextFile(t *testing.T, path string) map[string]text {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := make(map[string]text)
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return m
}

// categories are the CLDR plural categories of language code: those of the
// whole numbers, and "other" (fractions, where whole numbers have none).
func categories(code string) []string {
	tag := xlanguage.Make(code)
	set := map[string]bool{"other": true}
	for n := range 1000 {
		set[pluralCategory(tag, n)] = true
	}
	return slices.Sorted(maps.Keys(set))
}

// pluralPairs maps each text given to trn to its pair: [one, other].
func pluralPairs(t *testing.T) map[string][2]string {
	pairs := make(map[string][2]string)
	for _, c := range trCalls(t) {
		if len(c.keys) == 2 {
			p := [2]string{c.keys[0], c.keys[1]}
			pairs[p[0]], pairs[p[1]] = p, p
		}
	}
	return pairs
}

func (x text) all() []string {
	if x.forms == nil {
		return []string{x.s}
	}
	out := make([]string, 0, len(x.forms))
	for _, k := range slices.Sorted(maps.Keys(x.forms)) {
		out = append(out, x.forms[k])
	}
	return out
}

// Every language has every text of en.json and no other; each text keeps
// the English fields and parses; texts of forms are for the sentences trn
// words, with exactly the language's CLDR categories, and a language with
// more categories than one and other words each such sentence with forms.
func TestEveryTranslation(t *testing.T) {
	en := readTextFile(t, filepath.Join("translations", "en.json"))
	pairs := pluralPairs(t)
	codes := translationFiles(t)
	if !slices.Contains(codes, "ja") {
		t.Errorf("no ja.json among %q", codes)
	}
	for _, code := range codes {
		if _, ok := languageOf(code); !ok {
			t.Errorf("translations/%s.json: %s is not a language of allLanguages", code, code)
			continue
		}
		name := "translations/" + code + ".json"
		tr := readTextFile(t, filepath.Join("translations", code+".json"))
		cats := categories(code)
		moreForms := !slices.Equal(cats, []string{"one", "other"}) && !slices.Equal(cats, []string{"other"})
		for _, k := range slices.Sorted(maps.Keys(en)) {
			v, ok := tr[k]
			if !ok {
				t.Errorf("%s: no text for %q", name, k)
				continue
			}
			want := fields(en[k].s)
			if v.forms != nil {
				pair, isPair := pairs[k]
				if !isPair {
					t.Errorf("%s: %q has plural forms, but the window words it with tr, not trn", name, k)
					continue
				}
				if got := slices.Sorted(maps.Keys(v.forms)); !slices.Equal(got, cats) {
					t.Errorf("%s: %q has the forms %q; %s's categories are %q", name, k, got, code, cats)
				}
				want = fields(pair[0] + pair[1]) // every form says all
			} else if _, isPair := pairs[k]; isPair && moreForms {
				t.Errorf("%s: %q is a plain text; %s needs the forms %q", name, k, code, cats)
			}
			for _, s := range v.all() {
				if strings.TrimSpace(s) == "" {
					t.Errorf("%s: %q is empty", name, k)
				}
				if _, err := template.New("").Parse(s); err != nil {
					t.Errorf("%s: %q does not parse: %v", name, k, err)
				}
				if got := fields(s); !slices.Equal(got, want) {
					t.Errorf("%s: %q has the fields %v, the English %v: %q", name, k, got, want, s)
				}
			}
		}
		for k := range tr {
			if _, ok := en[k]; !ok {
				t.Errorf("%s: %q is not in en.json", name, k)
			}
		}
	}
}

// A glossary: the words a translation uses for Hashdrop's ideas.
type glossary struct {
	Language string `json:"language"`
	Sources  string `json:"sources"`
	Terms    []struct {
		En     string   `json:"en"`
		Term   string   `json:"term"`
		Forms  []string `json:"forms"`
		Why    string   `json:"why"`
		Except []string `json:"except"`
	} `json:"terms"`
}

// productName is Hashdrop's name, which no term's phrase ("hash") matches.
var productName = regexp.MustCompile(`(?i)hashdrop`)

// glossaryTerms are the ideas every glossary must name.
var glossaryTerms = []string{"checksum file", "digest", "signature", "genuine", "does not match", "publisher", "key"}

// Each translation follows its glossary: wherever an English text has a
// term's phrase (at a word start, in any case; the name Hashdrop aside),
// the translation has one of the term's forms, except in the texts the
// term excepts. The window's words, as TRANSLATE.md says; a term may except
// a text of platform/en.json too.
func TestGlossaries(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("translations", "glossary", "*.json"))
	for _, p := range paths {
		code := strings.TrimSuffix(filepath.Base(p), ".json")
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var g glossary
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&g); err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if g.Language != code || g.Sources == "" {
			t.Errorf("%s: language %q (want %q), sources %q", p, g.Language, code, g.Sources)
		}
		var named []string
		for _, term := range g.Terms {
			named = append(named, strings.ToLower(term.En))
		}
		for _, want := range glossaryTerms {
			if !slices.Contains(named, want) {
				t.Errorf("%s: no term for %q", p, want)
			}
		}
		english := map[string]bool{}
		for _, dir := range []string{"", "platform"} {
			en := readTextFile(t, filepath.Join("translations", dir, "en.json"))
			for k := range en {
				english[k] = true
			}
			if dir != "" {
				continue
			}
			trPath := filepath.Join("translations", code+".json")
			if _, err := os.Stat(trPath); err != nil {
				t.Errorf("%s: no %s", p, trPath)
				continue
			}
			checkGlossary(t, p, g, en, readTextFile(t, trPath))
		}
		for _, term := range g.Terms {
			for _, x := range term.Except {
				if !english[x] {
					t.Errorf("%s: %q excepts %q, which is in neither en.json nor platform/en.json", p, term.En, x)
				}
			}
		}
	}
}

// checkGlossary checks the translation tr of the English texts en against
// the glossary g (from the file p).
func checkGlossary(t *testing.T, p string, g glossary, en, tr map[string]text) {
	for _, term := range g.Terms {
		if term.En == "" || term.Term == "" || len(term.Forms) == 0 {
			t.Errorf("%s: the term %q has no en, term or forms", p, term.En)
			continue
		}
		re := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(term.En))
		for _, k := range slices.Sorted(maps.Keys(en)) {
			if !re.MatchString(productName.ReplaceAllString(k, "")) || slices.Contains(term.Except, k) {
				continue
			}
			for _, s := range tr[k].all() {
				low := strings.ToLower(s)
				if !slices.ContainsFunc(term.Forms, func(f string) bool { return strings.Contains(low, strings.ToLower(f)) }) {
					t.Errorf("%s: %q says %q, and its translation %q none of %q", p, k, term.En, s, term.Forms)
				}
			}
		}
	}
}

// The words outside the window (platform/): every language has every text
// of platform/en.json and no other, non-empty, the Keywords keeping their
// ';'-separated form with the English ones.
func TestPlatformTranslations(t *testing.T) {
	en := readWords(t, filepath.Join("platform", "en.json"))
	paths, _ := filepath.Glob(filepath.Join("translations", "platform", "*.json"))
	for _, p := range paths {
		code := strings.TrimSuffix(filepath.Base(p), ".json")
		if code == "en" {
			continue
		}
		if _, ok := languageOf(code); !ok {
			t.Errorf("%s: %s is not one of the window's languages (translations/%s.json)", p, code, code)
		}
		tr := readWords(t, filepath.Join("platform", code+".json"))
		for k := range en {
			v, ok := tr[k]
			switch {
			case !ok:
				t.Errorf("%s: no text for %q", p, k)
			case strings.TrimSpace(v) == "" || strings.ContainsAny(v, "\n\t"):
				t.Errorf("%s: %q is empty or not one line: %q", p, k, v)
			case strings.Count(k, ";") > 1 && (!strings.HasSuffix(v, ";") || !strings.HasPrefix(v, k)):
				t.Errorf("%s: the keywords %q must keep the English ones and end in ';'", p, v)
			}
		}
		for k := range tr {
			if _, ok := en[k]; !ok {
				t.Errorf("%s: %q is not in platform/en.json", p, k)
			}
		}
	}
}

// fyneLanguages are the languages Fyne's own dialogs have words in, by the
// names of its files (base.de.json: "de"), read from the Fyne module the
// test is built with; nil when it cannot be found.
func fyneLanguages(t *testing.T) (dir string, names []string) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "fyne.io/fyne/v2").Output()
	if err != nil || strings.TrimSpace(string(out)) == "" {
		t.Logf("go list -m fyne.io/fyne/v2: %v", err)
		return "", nil
	}
	dir = filepath.Join(strings.TrimSpace(string(out)), "lang", "translations")
	paths, _ := filepath.Glob(filepath.Join(dir, "base.*.json"))
	for _, p := range paths {
		names = append(names, strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "base."), ".json"))
	}
	sort.Strings(names)
	return dir, names
}

// Fyne's own dialogs speak every language the window speaks: Fyne's words,
// or fyne.<name>.json where Fyne has none; each of those has every word of
// fyne.en.json and none Fyne does not ask for.
func TestFyneWordsForEveryLanguage(t *testing.T) {
	dir, builtin := fyneLanguages(t)
	if builtin == nil {
		t.Skip("Fyne's module is not in the module cache")
	}
	base := readWords(t, "fyne.en.json")
	var fyneKeys map[string]json.RawMessage
	data, _ := os.ReadFile(filepath.Join(dir, "base.en.json"))
	json.Unmarshal(data, &fyneKeys)
	for _, l := range ourLanguages() {
		file := filepath.Join("translations", "fyne."+l.fyne+".json")
		_, err := os.Stat(file)
		if slices.Contains(builtin, l.fyne) {
			if err == nil && l.code != "en" {
				t.Errorf("%s: Fyne has its own words in %s", file, l.name)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: Fyne has no words in %s, and this file is missing", file, l.name)
			continue
		}
		var words map[string]text
		data, _ := os.ReadFile(file)
		if err := json.Unmarshal(data, &words); err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		for k := range base {
			if w, ok := words[k]; !ok || strings.TrimSpace(w.form("other")) == "" {
				t.Errorf("%s: no words for %q", file, k)
			}
		}
		for k := range words {
			if _, ok := fyneKeys[k]; !ok {
				t.Errorf("%s: %q is not a word of Fyne's", file, k)
			}
		}
	}
}
