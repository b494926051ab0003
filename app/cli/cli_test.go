package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/hashing"
)

// runCLI runs the command line with args and no input, returning its output
// and exit code.
func runCLI(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Main(args, strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestIsCommand(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, name := range []string{"ubuntu.iso", "SHA256SUMS", "summary.txt", "sum"} {
		os.WriteFile(name, nil, 0o644)
	}
	os.Symlink("gone", "dangling")
	for args, want := range map[string]bool{
		"": false, "sum x": true, "check": true, "bench": true, "algos": true, "--help": true,
		"ubuntu.iso": false, "SHA256SUMS": false, "summary.txt": false, "dangling": false, "- x": false,
		// Neither a command nor a file: the command line says so.
		"frob": true, "frob ubuntu.iso": true, "-x": true, "--frob=a.b": true,
		// A file that is not there (deleted since a file manager listed it,
		// a name typed wrong): the window opens and says so.
		"./frob": false, "gone.iso": false, "/tmp/no/such.iso ubuntu.iso": false,
	} {
		if got := IsCommand(strings.Fields(args)); got != want {
			t.Errorf("IsCommand(%q) = %v, want %v", args, got, want)
		}
	}
}

func TestUnknownCommand(t *testing.T) {
	_, stderr, code := runCLI(t, "frobnicate")
	if code != ExitUsage || !strings.Contains(stderr, `unknown command "frobnicate"`) || !strings.Contains(stderr, "hashdrop sum") {
		t.Errorf("code %d, stderr %q", code, stderr)
	}
	stdout, _, code := runCLI(t, "--help")
	if code != ExitOK || !strings.Contains(stdout, "hashdrop check") {
		t.Errorf("--help: code %d, stdout %q", code, stdout)
	}
}

func TestAlgos(t *testing.T) {
	stdout, _, code := runCLI(t, "algos")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	table, note, _ := strings.Cut(stdout, "\n\n")
	lines := strings.Split(strings.TrimSpace(table), "\n")
	if len(lines) != 1+len(hashing.All()) {
		t.Fatalf("%d lines, want a header and %d algorithms:\n%s", len(lines), len(hashing.All()), stdout)
	}
	inferred := false
	for _, a := range hashing.All() {
		inferred = inferred || a.CoreInferred()
	}
	if inferred != strings.Contains(note, "inferred") || inferred != strings.Contains(table, "*") {
		t.Errorf("a core inferred: %v, but the output says\n%s", inferred, stdout)
	}
	for _, want := range []string{"RIPEMD-320", "SHA3-512", "WHIRLPOOL", "rmd160", "generic"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("algos output lacks %q", want)
		}
	}
}

func TestParseFlagsAnywhere(t *testing.T) {
	for _, tc := range []struct {
		args     string
		operands string
		algos    string
	}{
		{"-a md5 a b", "a b", "md5"},
		{"a -a md5 b", "a b", "md5"},
		{"a b -a md5", "a b", "md5"},
		{"- -a md5", "-", "md5"},
		{"-a md5 -- -x -a", "-x -a", "md5"},
		{"a -- b", "a b", "sha256"},
	} {
		c := &cli{stderr: &bytes.Buffer{}}
		fs := c.flags("t", "")
		a := fs.String("a", "sha256", "")
		ops, ok := c.parse(fs, strings.Fields(tc.args))
		if !ok || strings.Join(ops, " ") != tc.operands || *a != tc.algos {
			t.Errorf("parse(%q) = %q, -a %q, %v; want %q, -a %q", tc.args, ops, *a, ok, tc.operands, tc.algos)
		}
	}
	c := &cli{stderr: &bytes.Buffer{}}
	if _, ok := c.parse(c.flags("t", ""), []string{"a", "-nope"}); ok {
		t.Error("an unknown flag after an operand was accepted")
	}
}

func TestLines(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{checksum.GNULine("abcd", "dir/f.iso"), "abcd  dir/f.iso"},
		{checksum.GNULine("abcd", `a\b`), `\abcd  a\\b`},
		{checksum.GNULine("abcd", "a\nb"), `\abcd  a\nb`},
		{checksum.BSDLine("SHA256", "abcd", "x y.iso"), "SHA256 (x y.iso) = abcd"},
		{checksum.BSDLine("MD5", "abcd", "new\nline"), `\MD5 (new\nline) = abcd`},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// --help lists every subcommand (verify was missing), and says which one
// touches the network.
func TestHelpListsEveryCommand(t *testing.T) {
	stdout, _, code := runCLI(t, "--help")
	if code != ExitOK {
		t.Fatalf("--help: code %d", code)
	}
	for name := range commands {
		if !strings.Contains(stdout, "\n  hashdrop "+name+" ") && !strings.Contains(stdout, "\n  hashdrop "+name+"\n") {
			t.Errorf("--help does not list hashdrop %s:\n%s", name, stdout)
		}
	}
	if !strings.Contains(stdout, "[--fetch]") {
		t.Errorf("--help does not show verify --fetch:\n%s", stdout)
	}
}
