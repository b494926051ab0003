package ui

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The tests run in English whatever the machine's language, except those
// that switch to Japanese with useLanguage.
func TestMain(m *testing.M) {
	if os.Getenv(localeChild) != "" {
		os.Exit(m.Run()) // TestLocaleFromEnvironment's child: its environment as given
	}
	for _, k := range []string{"LC_ALL", "LC_MESSAGES"} {
		os.Unsetenv(k)
	}
	os.Setenv("LANG", "en_US.UTF-8")
	os.Setenv("LANGUAGE", "en")
	loadTranslations("")
	os.Exit(m.Run())
}

// useLanguage makes the window speak language (a LANGUAGE value: "ja",
// "de") until the test ends.
func useLanguage(t *testing.T, language string) {
	t.Setenv("LANG", language+".UTF-8")
	t.Setenv("LANGUAGE", language)
	loadTranslations("")
	t.Cleanup(func() {
		os.Setenv("LANG", "en_US.UTF-8")
		os.Setenv("LANGUAGE", "en")
		loadTranslations("")
	})
}

func readWords(t *testing.T, name string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("translations", name))
	if err != nil {
		t.Fatal(err)
	}
	m := make(map[string]string)
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

var fieldRe = regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)

func fields(s string) []string {
	var out []string
	for _, m := range fieldRe.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

// japanese reports whether s holds kana or kanji.
func japanese(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) || r == '、' || r == '。' || r == '（' || r == '：' {
			return true
		}
	}
	return false
}

// Every English text has its Japanese one, with the same fields, and no
// Japanese text is left in English.
func TestTranslationsMatch(t *testing.T) {
	for _, pair := range [][2]string{{"en.json", "ja.json"}, {"fyne.en.json", "fyne.ja.json"}} {
		en, ja := readWords(t, pair[0]), readWords(t, pair[1])
		for k, v := range en {
			j, ok := ja[k]
			switch {
			case !ok:
				t.Errorf("%s: no Japanese for %q", pair[1], k)
			case strings.TrimSpace(j) == "":
				t.Errorf("%s: empty Japanese for %q", pair[1], k)
			case !wordy(j):
				// "{{.First}}{{.Second}}": punctuation and fields only
			case !japanese(j) && j != v:
				t.Errorf("%s: %q is not Japanese: %q", pair[1], k, j)
			case !japanese(j) && !untranslatable[k]:
				t.Errorf("%s: %q is left untranslated", pair[1], k)
			}
			if ok && !slices.Equal(fields(v), fields(j)) {
				t.Errorf("%s: %q has fields %v, the English %v", pair[1], k, fields(j), fields(v))
			}
			if !slices.Equal(fields(k), fields(v)) {
				t.Errorf("%s: %q has fields %v, its English text %v", pair[0], k, fields(k), fields(v))
			}
		}
		for k := range ja {
			if _, ok := en[k]; !ok {
				t.Errorf("%s: %q is not in %s", pair[1], k, pair[0])
			}
		}
	}
}

// wordy reports whether s has letters outside its fields.
func wordy(s string) bool {
	return strings.IndexFunc(fieldRe.ReplaceAllString(s, ""), unicode.IsLetter) >= 0
}

// untranslatable are texts Japanese writes as English does.
var untranslatable = map[string]bool{"OK": true}

// A call of tr or trn in the window's code.
type trCall struct {
	pos   token.Position
	keys  []string // the English texts (one for tr, two for trn)
	names []string // the field names passed
	ok    bool     // every key is a constant
}

// windowSource parses the window's Go files (not the tests).
func windowSource(t *testing.T) (*token.FileSet, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	paths, _ := filepath.Glob("*.go")
	var files []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return fset, files
}

// constString folds a string literal or a sum of them.
func constString(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			s, err := strconv.Unquote(x.Value)
			return s, err == nil
		}
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			a, ok1 := constString(x.X)
			b, ok2 := constString(x.Y)
			return a + b, ok1 && ok2
		}
	case *ast.ParenExpr:
		return constString(x.X)
	}
	return "", false
}

func trCalls(t *testing.T) []trCall {
	fset, files := windowSource(t)
	var calls []trCall
	for _, f := range files {
		if fset.Position(f.Pos()).Filename == "lang.go" {
			continue // tr and trn themselves
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			id, ok := call.Fun.(*ast.Ident)
			if !ok || id.Name != "tr" && id.Name != "trn" && id.Name != "trIn" {
				return true
			}
			c := trCall{pos: fset.Position(call.Pos()), ok: true}
			args := call.Args
			if id.Name == "trn" || id.Name == "trIn" {
				args = args[1:] // the number, the language
			}
			nkeys := 1
			if id.Name == "trn" {
				nkeys = 2
			}
			for i, a := range args {
				s, isConst := constString(a)
				switch {
				case i < nkeys && !isConst:
					c.ok = false
				case i < nkeys:
					c.keys = append(c.keys, s)
				case (i-nkeys)%2 == 0 && isConst:
					c.names = append(c.names, s)
				case (i-nkeys)%2 == 0:
					c.ok = false
				}
			}
			calls = append(calls, c)
			return true
		})
	}
	return calls
}

// Every text the window words is in en.json, with the fields the code
// fills; en.json holds nothing else.
func TestTranslationKeysAreTheCodes(t *testing.T) {
	en := readWords(t, "en.json")
	used := make(map[string]bool)
	for _, c := range trCalls(t) {
		if !c.ok {
			t.Errorf("%s: the text and field names given to tr must be constants, for this test and the translators", c.pos)
			continue
		}
		// Each text's fields are given; every field given is some text's
		// (the text for one thing of trn may leave the number out).
		var all []string
		for _, k := range c.keys {
			used[k] = true
			v, ok := en[k]
			if !ok {
				t.Errorf("%s: %q is not in translations/en.json", c.pos, k)
				continue
			}
			for _, f := range fields(v) {
				all = append(all, f)
				if !slices.Contains(c.names, f) {
					t.Errorf("%s: %q is not given its field %s", c.pos, k, f)
				}
			}
		}
		for _, n := range c.names {
			if !slices.Contains(all, n) {
				t.Errorf("%s: %q has no field %s", c.pos, c.keys, n)
			}
		}
	}
	for k, v := range en {
		if !used[k] {
			t.Errorf("translations/en.json: %q is not used by the window", k)
		}
		if v != k && !strings.HasPrefix(k, "status.") {
			t.Errorf("translations/en.json: %q is worded %q; the key is the English text", k, v)
		}
	}
}

// uiSinks are the functions whose text arguments people read: Fyne's
// widget and dialog constructors and setters, and the window's own.
var uiSinks = regexp.MustCompile(`^(bold|wrapLabel|widget\.New\w+|dialog\.(New|Show)\w*|fyne\.NewMenu(Item)?|canvas\.NewText|` +
	`\w+\.(SetText|SetPlaceHolder|SetTitleText|SetConfirmText|SetDismissText|SetSelected|flash|copyText|set|Confirm|OpenFiles|OpenFolder|OpenChecksumFile|SaveFile|Error|NewWindow))$`)

// No text reaches a widget without going through tr: a string constant
// with a letter in it, passed to a widget (directly, in a sum, a slice or
// fmt.Sprintf), fails the test. "Hashdrop" is a name.
func TestNoUntranslatedWidgetText(t *testing.T) {
	fset, files := windowSource(t)
	name := func(e ast.Expr) string {
		switch x := e.(type) {
		case *ast.Ident:
			return x.Name
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				return id.Name + "." + x.Sel.Name
			}
			return "x." + x.Sel.Name
		}
		return ""
	}
	var check func(e ast.Expr, pos token.Position, sink string)
	check = func(e ast.Expr, pos token.Position, sink string) {
		switch x := e.(type) {
		case *ast.BasicLit:
			s, _ := strconv.Unquote(x.Value)
			if x.Kind == token.STRING && strings.IndexFunc(s, unicode.IsLetter) >= 0 && strings.TrimSpace(strings.Trim(s, "# ")) != "Hashdrop" {
				t.Errorf("%s: %q passed to %s without tr", pos, s, sink)
			}
		case *ast.BinaryExpr:
			check(x.X, pos, sink)
			check(x.Y, pos, sink)
		case *ast.ParenExpr:
			check(x.X, pos, sink)
		case *ast.CompositeLit:
			for _, el := range x.Elts {
				check(el, pos, sink)
			}
		case *ast.CallExpr:
			if n := name(x.Fun); strings.HasPrefix(n, "fmt.") || n == "errors.New" || n == "string" {
				for _, a := range x.Args {
					check(a, pos, sink)
				}
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sink := name(call.Fun); uiSinks.MatchString(sink) {
				for _, a := range call.Args {
					check(a, fset.Position(a.Pos()), sink)
				}
			}
			return true
		})
	}
}

// notWords are the calls whose text arguments are not for people to read
// in the window: the trace, logs, names of things.
var notWords = regexp.MustCompile(`^(tr|trn|trIn|\w*\.?tracef|log\.\w+|fyne\.LogError|os\.\w+|regexp\.\w+|strings\.\w+|filepath\.\w+|\w+\.(Preferences|StringWithFallback|SetString|NewStaticResource|NewWindow))$`)

// Besides widget arguments, any text that reads like a sentence (two words
// or more) outside tr is suspect wherever it is, since it may reach a widget
// through a variable.
func TestNoUntranslatedSentences(t *testing.T) {
	fset, files := windowSource(t)
	sentence := regexp.MustCompile(`[A-Za-z]{2,}\s+[A-Za-z]{2,}`)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.ImportSpec, *ast.Field:
				return false // import paths, struct tags
			case *ast.ValueSpec:
				if x.Names[0].Name == "allLanguages" {
					return false // each language's name in itself
				}
			case *ast.CallExpr:
				var name string
				switch fn := x.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					name = "x." + fn.Sel.Name
					if id, ok := fn.X.(*ast.Ident); ok {
						name = id.Name + "." + fn.Sel.Name
					}
				}
				if notWords.MatchString(name) {
					return false
				}
			case *ast.BasicLit:
				if x.Kind != token.STRING {
					return true
				}
				s, _ := strconv.Unquote(x.Value)
				if sentence.MatchString(s) {
					t.Errorf("%s: %q looks like words for people; pass it through tr", fset.Position(x.Pos()), s)
				}
			}
			return true
		})
	}
}
