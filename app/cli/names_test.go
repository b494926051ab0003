package cli

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// A name with a zero-width or bidirectional character must not pass for
// another: check writes it escaped, as it does a control character.
func TestCheckShowsInvisibleCharacters(t *testing.T) {
	zw, rlo := "ubuntu\u200b.iso", "evil\u202eosi.exe"
	dir := apptest.Tree(t, map[string]string{
		zw: "abc", rlo: "abc", "日本語.iso": "abc",
		"SUMS": apptest.ABCSHA256 + "  " + zw + "\n" + apptest.ABCSHA256 + "  " + rlo + "\n" + apptest.ABCSHA256 + "  日本語.iso\n",
	})
	t.Chdir(dir)
	stdout, stderr, code := vRun("check", "SUMS")
	want := `\ubuntu\u200b.iso: OK` + "\n" + `\evil\u202eosi.exe: OK` + "\n" + "日本語.iso: OK\n"
	if code != ExitOK || stdout != want {
		t.Errorf("exit %d\n%s\nwant\n%s%s", code, stdout, want, stderr)
	}
}

// Every invisible or bidirectional character of a listed name reaches
// stdout escaped, whatever letter it follows: a variation selector after a
// Latin letter, or tags after a flag that never end, draw nothing either.
func TestCheckShowsEveryInvisibleCharacter(t *testing.T) {
	hidden := []string{"\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200b", "\u200c", "\u200d", "\u200e", "\u200f",
		"\u2060", "\u2062", "\ufeff", "\u00ad", "\u180e", "\u034f", "\u3164", "\u061c", "\u2028", "\ufe0f", "\U000e0100", "\U000e0067"}
	files := map[string]string{}
	var sums strings.Builder
	for _, h := range hidden {
		r, _ := strconv.Unquote(`"` + h + `"`)
		for _, name := range []string{"ubuntu" + r + ".iso", "é" + r + ".iso", "🏴" + r + ".iso"} {
			if name == "🏴\ufe0f.iso" {
				continue // the flag's emoji form: drawn
			}
			files[name] = "abc"
			sums.WriteString(apptest.ABCSHA256 + "  " + name + "\n")
		}
	}
	files["SUMS"] = sums.String()
	t.Chdir(apptest.Tree(t, files))
	stdout, stderr, code := vRun("check", "SUMS")
	if code != ExitOK || strings.Count(stdout, ": OK\n") != 3*len(hidden)-1 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		if !strings.HasPrefix(line, `\`) || strings.ContainsFunc(line, func(r rune) bool { return r > 0x7e && r != 'é' && r != '🏴' }) {
			t.Errorf("a name written raw: %+q", line)
		}
	}
}

// An unknown flag, which the flag package echoes, is escaped too.
func TestUnknownFlagEscaped(t *testing.T) {
	for _, cmd := range []string{"check", "sum", "compare", "bench"} {
		_, stderr, code := vRun(cmd, "--evil\u202eosi\x1b[2J", "x")
		if code != ExitUsage || !strings.Contains(stderr, `-evil\u202eosi\e[2J`) || app.HasHidden(strings.ReplaceAll(strings.ReplaceAll(stderr, "\n", ""), "\t", "")) {
			t.Errorf("%s: exit %d, stderr %q", cmd, code, stderr)
		}
	}
}

// sum shows such a name escaped on a terminal, but writes it as it is into
// a checksum file, where coreutils reads it back.
func TestSumWritesInvisibleCharactersAsTheyAre(t *testing.T) {
	zw := "ubuntu\u200b.iso"
	dir := apptest.Tree(t, map[string]string{zw: "abc", `back\slash` + "\u202e.iso": "abc"})
	t.Chdir(dir)
	if got := shownLine(false, "SHA256", apptest.ABCSHA256, zw); got != `\`+apptest.ABCSHA256+`  ubuntu\u200b.iso` {
		t.Errorf("on a terminal: %q", got)
	}
	if got := shownLine(true, "SHA256", apptest.ABCSHA256, `back\slash`+"\u202e.iso"); got != `\SHA256 (back\\slash\u202e.iso) = `+apptest.ABCSHA256 {
		t.Errorf("on a terminal, tagged: %q", got)
	}
	stdout, stderr, code := vRun("sum", zw)
	if code != ExitOK || stdout != apptest.ABCSHA256+"  "+zw+"\n" {
		t.Errorf("into a pipe: exit %d %q %s", code, stdout, stderr)
	}
	if _, stderr, code := vRun("sum", "-o", "SUMS", zw, `back\slash`+"\u202e.iso"); code != ExitOK {
		t.Fatalf("sum -o: exit %d %s", code, stderr)
	}
	written, _ := os.ReadFile("SUMS")
	if want := apptest.ABCSHA256 + "  " + zw + "\n" + `\` + apptest.ABCSHA256 + `  back\\slash` + "\u202e.iso\n"; string(written) != want {
		t.Errorf("SUMS:\n%q\nwant\n%q", written, want)
	}
	if stdout, stderr, code := vRun("check", "SUMS"); code != ExitOK {
		t.Errorf("check SUMS: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := exec.LookPath("sha256sum"); err != nil {
		t.Skip("no coreutils sha256sum here to read SUMS back")
	}
	out, err := exec.Command("sha256sum", "-c", "SUMS").CombinedOutput()
	if err != nil || strings.Count(string(out), ": OK") != 2 {
		t.Errorf("sha256sum -c SUMS: %v\n%s", err, out)
	}
}
