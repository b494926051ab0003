package ui

import (
	"context"
	"encoding/hex"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

func TestTimesAndProgressInEnglish(t *testing.T) {
	for _, c := range []struct {
		d         time.Duration
		dur, left string
	}{
		{-1, "-", ""},
		{400 * time.Millisecond, "0.4 s", "less than a second left"},
		{3 * time.Second, "3 s", "3 s left"},
		{1500 * time.Millisecond, "1.5 s", "2 s left"},
		{2*time.Minute + 5*time.Second, "2 min 5 s", "2 min 5 s left"},
		{2 * time.Minute, "2 min", "2 min left"},
		{80 * time.Minute, "1 h 20 min", "1 h 20 min left"},
	} {
		if got := durationText(c.d); got != c.dur {
			t.Errorf("durationText(%v) = %q, want %q", c.d, got, c.dur)
		}
		if got := leftText(c.d); got != c.left {
			t.Errorf("leftText(%v) = %q, want %q", c.d, got, c.left)
		}
	}
	for _, c := range []struct {
		got, want string
	}{
		{progressText(0.42, 0, 1.21e9, 3*time.Second), "42% · 1.21 GB/s · 3 s left"},
		{progressText(0.9999, 0, 0, -1), "99%"}, // no speed, no estimate; never 100% early
		{progressText(-1, 2_500_000, 5e6, -1), "2.50 MB read · 5.00 MB/s"},
		{sizeText(-1), "size unknown"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestTimesAndProgressInJapanese(t *testing.T) {
	useLanguage(t, "ja")
	for _, c := range []struct {
		got, want string
	}{
		{progressText(0.42, 0, 1.21e9, 3*time.Second), "42% · 1.21 GB/s · 残り 3 秒"},
		{progressText(-1, 2_500_000, 5e6, -1), "2.50 MB 読み込み済み · 5.00 MB/s"},
		{durationText(2*time.Minute + 5*time.Second), "2 分 5 秒"},
		{leftText(400 * time.Millisecond), "残り 1 秒未満"},
		{algOr([]*hashing.Algorithm{mustAlg("sha256"), mustAlg("sha3-256"), mustAlg("ripemd256")}), "SHA-256、SHA3-256 または RIPEMD-256"},
		{sizeText(-1), "サイズ不明"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// The window's English words for app's values are app's own words (the
// command line's), so the two never tell a person different things.
func TestEnglishWordsAreApps(t *testing.T) {
	sum := func(text string) []app.Digest {
		var ds []app.Digest
		for _, a := range hashing.All() {
			h := a.New()
			h.Write([]byte(text))
			ds = append(ds, app.Digest{Algorithm: a, Sum: h.Sum(nil)})
		}
		return ds
	}
	abc, other := sum("abc"), sum("abd")
	find := func(ds []app.Digest, id string) string {
		for _, d := range ds {
			if d.Algorithm.ID == id {
				return hex.EncodeToString(d.Sum)
			}
		}
		return ""
	}
	for _, c := range []struct {
		text     string
		computed []app.Digest
	}{
		{find(abc, "sha256"), abc},               // match, untagged: three candidates
		{"sha256:" + find(abc, "sha256"), abc},   // match, tagged
		{find(abc, "md5"), abc},                  // weak
		{find(abc, "crc32"), abc},                // CRC32
		{"sha1:" + find(abc, "sha1"), abc},       // weak, tagged
		{"sha256:" + find(abc, "sha256"), other}, // mismatch
		{find(abc, "sha256"), other},             // mismatch of three
		{find(abc, "sha256"), other[:6]},         // pending: SHA-256 compared, the others not computed
		{find(abc, "sha256"), nil},               // pending
		{"x.iso: " + find(abc, "sha512"), abc},   // match with a name
		{find(abc, "sha256")[:63], abc},          // not a digest
	} {
		v := app.Judge(c.text, c.computed)
		headline, detail := verdictWords(&v)
		if v.Outcome == app.Unknown {
			_, err := app.ParseExpected(c.text)
			detail = digestProblem(err) + "."
		}
		if headline != v.Headline || detail != v.Detail {
			t.Errorf("%.30q (%v):\n window %q\n        %q\n    app %q\n        %q", c.text, v.Outcome, headline, detail, v.Headline, v.Detail)
		}
	}
	for _, text := range []string{
		strings.Repeat("a", 63), strings.Repeat("a", 200), "hello world", "sha256:" + strings.Repeat("a", 65),
		"sha256:AAAAAAAAAAAAAAAAAAAAAA==", "AAAAAAAAAAAAAAAAAAA=", "\xff\xfe", "blake2b:" + strings.Repeat("ab", 64),
		strings.Repeat("b", 129), "zz" + strings.Repeat("a", 62),
	} {
		_, err := app.ParseExpected(text)
		var de *app.DigestError
		if !errors.As(err, &de) {
			t.Fatalf("%.30q: %v", text, err)
		}
		if got, want := digestProblem(err), capitalize(de.Reason); got != want {
			t.Errorf("%.30q:\n window %q\n    app %q", text, got, want)
		}
	}
	// The statuses and reasons of a checked checksum file.
	_, sums := sumsFolder(t)
	sf, err := app.ReadSumsFile(sums)
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := sf.Check(context.Background(), app.CheckOptions{})
	for _, r := range rep.Results {
		want := r.Reason
		if r.Status == app.StatusOK {
			want = r.Algorithm.Name + " matches"
		}
		if got := entryReason(&r); got != want {
			t.Errorf("%s %v: window %q, app %q", r.Entry.Name, r.Status, got, want)
		}
		if got := statusWord(r.Status); got != r.Status.String() {
			t.Errorf("status word %q, app %q", got, r.Status)
		}
	}
	if got := summaryText(func(s app.Status) int { return rep.Counts[s] }); got != rep.Summary() {
		t.Errorf("summary %q, app %q", got, rep.Summary())
	}
}

func TestLineProblemsInJapanese(t *testing.T) {
	useLanguage(t, "ja")
	sf, err := app.ParseSums("SHA256SUMS", []byte("hello there\n"+strings.Repeat("a", 63)+"  x.iso\n-----BEGIN PGP PUBLIC KEY BLOCK-----\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"1 行目: チェックサムの行ではありません",
		"2 行目: 16 進数 63 桁ですが、SHA-256 は 64 桁です。1 桁欠けているかもしれません（このチェックサムファイルは SHA-256 用です）",
		"3 行目: 想定外の PGP ブロックです。解釈できるのはクリア署名されたメッセージだけです",
	}
	for i, p := range sf.Problems {
		if got := lineProblem(p); i >= len(want) || got != want[i] {
			t.Errorf("line %d: %q", p.Line, got)
		}
	}
}
