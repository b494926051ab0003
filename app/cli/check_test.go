package cli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// vRun runs the command line and returns what it printed and its exit code.
func vRun(args ...string) (stdout, stderr string, code int) {
	return vRunIn("", args...)
}

// vRunIn is vRun with stdin.
func vRunIn(stdin string, args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = Main(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestCheckCommand(t *testing.T) {
	absent := filepath.Join(t.TempDir(), "abs.iso")
	dir := apptest.Tree(t, map[string]string{
		"a.iso": "abc", "b.iso": "abd", "sub/c.iso": "abc", "new\nline": "abc",
		"outside/x.iso": "abc",
		"SHA256SUMS":    apptest.ABCSHA256 + "  a.iso\n" + apptest.ABCSHA256 + "  sub/c.iso\n",
		"BAD":           apptest.ABCSHA256 + "  a.iso\n" + apptest.ABCSHA256 + "  b.iso\n" + apptest.ABCSHA256 + "  gone.iso\nnot a checksum line\n",
		"ESCAPED":       `\` + apptest.ABCSHA256 + `  new\nline` + "\n",
		"EMPTY":         "# nothing here\n\n",
		"JUNK":          "hello\nworld\n",
		"in/SHA256SUMS": apptest.ABCSHA256 + "  ../outside/x.iso\n",
		"ABS":           apptest.ABCSHA256 + "  " + absent + "\n",
		"SIGNED":        "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n" + apptest.ABCSHA256 + "  a.iso\n-----BEGIN PGP SIGNATURE-----\nx\n-----END PGP SIGNATURE-----\n",
		"SKIP":          "BLAKE2s (a.iso) = " + apptest.ABCSHA256 + "\n",
		"MISSING":       apptest.ABCSHA256 + "  a.iso\n" + apptest.ABCSHA256 + "  gone.iso\n",
		"GONE":          apptest.ABCSHA256 + "  gone.iso\n",
		"DIGESTS": "SHA256 (a.iso) = " + apptest.ABCSHA256 + "\nMD5 (gone.iso) = " + apptest.ABCMD5 +
			"\nSHA1 (gone.iso) = " + apptest.ABCSHA1 + "\nSHA256 (gone.iso) = " + apptest.ABCSHA256 + "\n",
		"MALFORMED": apptest.ABCSHA256 + "  a.iso\nnot a checksum line\n",
	})
	p := func(name string) string { return filepath.Join(dir, filepath.FromSlash(name)) }
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string   // exact
		stderr []string // substrings, in order
	}{
		{"all OK", []string{"check", p("SHA256SUMS")}, 0,
			p("a.iso") + ": OK\n" + p("sub/c.iso") + ": OK\n", []string{"2 OK\n"}},
		{"quiet", []string{"check", "--quiet", p("SHA256SUMS")}, 0, "", []string{"2 OK\n"}},
		{"flags after the file", []string{"check", p("SHA256SUMS"), "--quiet"}, 0, "", []string{"2 OK"}},
		{"failed, missing and a malformed line", []string{"check", p("BAD")}, 1,
			p("a.iso") + ": OK\n" + p("b.iso") + ": FAILED\n" + p("gone.iso") + ": MISSING\n",
			[]string{p("BAD") + ":4: not a checksum line", "1 line was not understood", p("BAD") + ":3: " + p("gone.iso") + ": no such file", "1 OK, 1 FAILED, 1 missing\n"}},
		{"quiet still shows what is not OK", []string{"check", "-quiet", p("BAD")}, 1,
			p("b.iso") + ": FAILED\n" + p("gone.iso") + ": MISSING\n", []string{"1 OK, 1 FAILED, 1 missing"}},
		{"escaped name", []string{"check", p("ESCAPED")}, 0, `\` + p("new") + `\nline: OK` + "\n", nil},
		{"no valid line", []string{"check", p("EMPTY")}, 2, "", []string{p("EMPTY") + ": no checksum lines found"}},
		{"junk lines", []string{"check", p("JUNK")}, 2, "", []string{p("JUNK") + ":1: not a checksum line", p("JUNK") + ":2: not a checksum line", "no checksum lines found"}},
		{"unreadable SUMFILE, the others still checked", []string{"check", p("nope"), p("SHA256SUMS")}, 2,
			p("a.iso") + ": OK\n" + p("sub/c.iso") + ": OK\n", []string{"cannot use " + p("nope") + ": no such file", "2 OK"}},
		{"a folder as SUMFILE", []string{"check", p("sub")}, 2, "", []string{"is a folder"}},
		{"refused ..", []string{"check", p("in/SHA256SUMS")}, 1,
			p("outside/x.iso") + ": REFUSED\n", []string{"outside the checksum file's folder", "0 OK, 1 refused"}},
		{"allowed ..", []string{"check", "--allow-outside", p("in/SHA256SUMS")}, 0, p("outside/x.iso") + ": OK\n", nil},
		{"refused absolute", []string{"check", p("ABS")}, 1, absent + ": REFUSED\n", []string{"an absolute path", "0 OK, 1 refused"}},
		{"signed, its signature damaged", []string{"check", p("SIGNED")}, 0, p("SIGNED") + ": UNREADABLE signature: the clear-signed message or its signature is damaged or cut short\n" + p("a.iso") + ": OK\n", []string{"1 OK"}},
		{"signed, its signature damaged, --require-signature", []string{"check", "--require-signature", p("SIGNED")}, 1, p("SIGNED") + ": UNREADABLE signature: the clear-signed message or its signature is damaged or cut short\n" + p("a.iso") + ": OK\n", []string{"1 OK"}},
		{"not signed", []string{"check", p("SHA256SUMS")}, 0, p("a.iso") + ": OK\n" + p("sub/c.iso") + ": OK\n", []string{p("SHA256SUMS") + ": no signature found beside it", "2 OK"}},
		{"not signed, --require-signature", []string{"check", "--require-signature", p("SHA256SUMS")}, 1, p("a.iso") + ": OK\n" + p("sub/c.iso") + ": OK\n", []string{"no signature found", "2 OK"}},
		{"skipped", []string{"check", p("SKIP")}, 1, p("a.iso") + ": SKIPPED\n", []string{"BLAKE2s is not an algorithm Hashdrop supports", p("SKIP") + ": no file was verified", "0 OK, 1 skipped"}},
		{"several SUMFILEs, one summary", []string{"check", p("SHA256SUMS"), p("BAD")}, 1,
			p("a.iso") + ": OK\n" + p("sub/c.iso") + ": OK\n" + p("a.iso") + ": OK\n" + p("b.iso") + ": FAILED\n" + p("gone.iso") + ": MISSING\n",
			[]string{"3 OK, 1 FAILED, 1 missing"}},
		{"the ISO downloaded, another listed", []string{"check", p("MISSING")}, 0, p("a.iso") + ": OK\n" + p("gone.iso") + ": MISSING\n",
			[]string{p("MISSING") + ":2: " + p("gone.iso") + ": no such file", p("MISSING") + ": 1 file it lists is not here (not an error; --require-all requires every file listed)", "1 OK, 1 missing\n"}},
		{"missing files counted as files", []string{"check", "--quiet", p("DIGESTS")}, 0, p("gone.iso") + ": MISSING\n" + p("gone.iso") + ": MISSING\n" + p("gone.iso") + ": MISSING\n",
			[]string{p("DIGESTS") + ": 1 file it lists is not here", "1 OK, 3 missing\n"}},
		{"require all: missing fails", []string{"check", "--require-all", p("MISSING")}, 1, p("a.iso") + ": OK\n" + p("gone.iso") + ": MISSING\n", []string{"1 OK, 1 missing\n"}},
		{"require all, all there", []string{"check", "--require-all", p("SHA256SUMS")}, 0, p("a.iso") + ": OK\n" + p("sub/c.iso") + ": OK\n", []string{"2 OK\n"}},
		{"none there", []string{"check", p("GONE")}, 1, p("gone.iso") + ": MISSING\n", []string{p("GONE") + ": no file was verified", "0 OK, 1 missing\n"}},
		{"one SUMFILE verifies nothing", []string{"check", p("SHA256SUMS"), p("GONE")}, 1, p("a.iso") + ": OK\n" + p("sub/c.iso") + ": OK\n" + p("gone.iso") + ": MISSING\n",
			[]string{p("GONE") + ": no file was verified", "2 OK, 1 missing\n"}},
		{"ignore missing and require all", []string{"check", "--ignore-missing", "--require-all", p("MISSING")}, 2, "", []string{"cannot be given together"}},
		{"ignore missing", []string{"check", "--ignore-missing", p("MISSING")}, 0, p("a.iso") + ": OK\n", []string{"1 OK, 1 missing\n"}},
		{"ignore missing, but one FAILED", []string{"check", "--ignore-missing", p("BAD")}, 1,
			p("a.iso") + ": OK\n" + p("b.iso") + ": FAILED\n", []string{"1 OK, 1 FAILED, 1 missing\n"}},
		{"ignore missing, none there", []string{"check", "--ignore-missing", p("GONE")}, 1, "", []string{p("GONE") + ": no file was verified"}},
		{"a malformed line is a warning", []string{"check", p("MALFORMED")}, 0, p("a.iso") + ": OK\n", []string{"1 line was not understood", "1 OK\n"}},
		{"strict: a malformed line fails", []string{"check", "--strict", p("MALFORMED")}, 1, p("a.iso") + ": OK\n", []string{"1 line was not understood", "1 OK\n"}},
		{"strict, all well formed", []string{"check", "--strict", p("SHA256SUMS")}, 0, p("a.iso") + ": OK\n" + p("sub/c.iso") + ": OK\n", nil},
		{"strict: a missing file fails", []string{"check", "--strict", p("MISSING")}, 1, p("a.iso") + ": OK\n" + p("gone.iso") + ": MISSING\n", []string{p("MISSING") + ":2: " + p("gone.iso") + ": no such file", "1 OK, 1 missing\n"}},
		{"strict: a skipped line fails", []string{"check", "--strict", p("SKIP")}, 1, p("a.iso") + ": SKIPPED\n", []string{"0 OK, 1 skipped"}},
		{"strict, ignore missing", []string{"check", "--strict", "--ignore-missing", p("MISSING")}, 0, p("a.iso") + ": OK\n", []string{"1 OK, 1 missing\n"}},
		{"no SUMFILE", []string{"check"}, 2, "", []string{"no checksum file given"}},
		{"bad flag", []string{"check", "--nope", p("SHA256SUMS")}, 2, "", []string{"Usage: hashdrop check"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := vRun(tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			if stdout != tt.stdout {
				t.Errorf("stdout\n%s\nwant\n%s", stdout, tt.stdout)
			}
			if strings.Contains(tt.name, "strict") && strings.Contains(stderr, "not an error") {
				t.Errorf("--strict, yet stderr says something is not an error:\n%s", stderr)
			}
			rest := stderr
			for _, w := range tt.stderr {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Errorf("stderr lacks %q (in order):\n%s", w, stderr)
					break
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

// Names are printed relative to where the user stands: "dl/SHA256SUMS" lists
// "a.iso" as "dl/a.iso", "SHA256SUMS" as "a.iso".
func TestCheckCommandNamesAsTheUserGaveThem(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{"dl/a.iso": "abc", "dl/SHA256SUMS": apptest.ABCSHA256 + "  a.iso\n"})
	t.Chdir(dir)
	if stdout, _, code := vRun("check", "dl/SHA256SUMS"); code != 0 || stdout != filepath.Join("dl", "a.iso")+": OK\n" {
		t.Errorf("%d %q", code, stdout)
	}
	t.Chdir(filepath.Join(dir, "dl"))
	if stdout, _, code := vRun("check", "SHA256SUMS"); code != 0 || stdout != "a.iso: OK\n" {
		t.Errorf("%d %q", code, stdout)
	}
	// "-" reads the list from standard input, names relative to here.
	if stdout, stderr, code := vRunIn(apptest.ABCSHA256+"  a.iso\n"+apptest.ABCMD5+"  a.iso\n", "check", "-"); code != 0 || stdout != "a.iso: OK\na.iso: OK\n" {
		t.Errorf("stdin: %d %q %s", code, stdout, stderr)
	}
}

// verifyFixtures are the real-world checksum files package checksum tests
// with.
var verifyFixtures = filepath.Join("..", "checksum", "testdata", "verify")

func TestCheckCommandFixtures(t *testing.T) {
	for _, name := range []string{"Fedora-Workstation-40-1.14-x86_64-CHECKSUM", "SHA256SUMS", "files.sfv", "windows.sha256"} {
		stdout, stderr, code := vRun("check", filepath.Join(verifyFixtures, name))
		// The Fedora file's signature is cut short in the fixture: a line
		// says so, the entries are still checked.
		stdout = strings.ReplaceAll(stdout, filepath.ToSlash(filepath.Join(verifyFixtures, name))+": UNREADABLE signature: unexpected EOF\n", "")
		if code != 0 || strings.Count(stdout, ": OK\n") != strings.Count(stdout, "\n") {
			t.Errorf("%s: exit %d\n%s%s", name, code, stdout, stderr)
		}
	}
	stdout, stderr, code := vRun("check", filepath.Join(verifyFixtures, "stage3-amd64-openrc.tar.xz.DIGESTS"))
	// Gentoo's BLAKE2B, SHA512 and WHIRLPOOL sections: every one is checked.
	if code != 0 || strings.Count(stdout, ": OK\n") != 3 || !strings.Contains(stderr, "3 OK") {
		t.Errorf("DIGESTS: exit %d\n%s%s", code, stdout, stderr)
	}
}

// A hostile checksum file must not draw on the terminal: every control
// character of a name or a line reaches stdout and stderr escaped.
func TestCheckEscapesControlCharacters(t *testing.T) {
	evil := "b.txt\x1b[1A\rb.txt: OK\x07\x9b"
	dir := apptest.Tree(t, map[string]string{
		"b.txt": "abd", evil: "abc",
		"SUMS": apptest.ABCSHA256 + "  b.txt\n" + apptest.ABCSHA256 + "  " + evil + "\n" + apptest.ABCSHA256 + "  gone\x1b[2J\n" + "junk \x1b]0;title\x07\n",
	})
	t.Chdir(dir)
	stdout, stderr, code := vRun("check", "SUMS")
	if code != ExitFail {
		t.Errorf("exit %d", code)
	}
	for name, out := range map[string]string{"stdout": stdout, "stderr": stderr} {
		if app.HasHidden(strings.ReplaceAll(out, "\n", "")) {
			t.Errorf("%s holds raw control characters:\n%q", name, out)
		}
	}
	want := "b.txt: FAILED\n" + `\b.txt\e[1A\rb.txt: OK\x07\x9b: OK` + "\n" + `\gone\e[2J: MISSING` + "\n"
	if stdout != want {
		t.Errorf("stdout\n%s\nwant\n%s", stdout, want)
	}
	for _, w := range []string{`SUMS:4: not a checksum line`, `gone\e[2J: no such file`} {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr lacks %q:\n%s", w, stderr)
		}
	}
}

func TestEscapeControls(t *testing.T) {
	for in, want := range map[string]string{
		"plain ünïcode/a b":    "plain ünïcode/a b",
		"a\tb\x00c\x7f":        `a\tb\x00c\x7f`,
		"\xff\xfe":             `\xff\xfe`,
		"back\\slash":          `back\slash`,
		"\u0085\u009f\u00a0":   `\u0085\u009f` + "\u00a0",
		"key \u202eevil\u200b": `key \u202eevil\u200b`,
	} {
		if got := escapeControls(in); got != want {
			t.Errorf("escapeControls(%q) = %q, want %q", in, got, want)
		}
	}
	if got := quoteName(`a\b` + "\n"); got != `\a\\b\n` {
		t.Errorf("quoteName = %q", got)
	}
	if got := quoteName(`a b`); got != `a b` {
		t.Errorf("quoteName of a name without control characters = %q", got)
	}
	// The file `\a\nb` and the file "a", newline, "b" never print alike
	// (issue 50); on Windows a backslash separates folders.
	plain, newline := quoteName(`\a\nb`), quoteName("a\nb")
	if want := `\\\a\\nb`; filepath.Separator != '\\' && plain != want {
		t.Errorf("quoteName(%q) = %q, want %q", `\a\nb`, plain, want)
	}
	if newline != `\a\nb` || plain == newline {
		t.Errorf("quoteName: %q and %q", plain, newline)
	}
}
