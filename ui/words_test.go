package ui

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
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

func hexOf(id, data string) string {
	h := mustAlg(id).New()
	h.Write([]byte(data))
	return hex.EncodeToString(h.Sum(nil))
}

func b64Of(id, data string) string {
	h := mustAlg(id).New()
	h.Write([]byte(data))
	return base64.StdEncoding.EncodeToString(h.Sum(nil))
}

// The banner's words for each kind of verdict.
func TestVerdictWordsInEnglish(t *testing.T) {
	tests := []struct {
		name     string
		paste    string
		computed []string // algorithms computed so far
		outcome  checksum.Outcome
		alg      string   // Verdict.Algorithm ("" for nil)
		needs    []string // Verdict.Needs
		weak     bool
		headline []string // substrings
		detail   []string // substrings; of digestProblem for a text that is not a digest
	}{
		{"tagged SHA-256 match", "sha256:" + sha256Hex("abc"), []string{"sha256", "md5"}, checksum.Match, "sha256", nil, false,
			[]string{"Matches the published SHA-256"}, []string{"the publisher is not verified"}},
		{"untagged SHA-256 match", strings.ToUpper(sha256Hex("abc")), []string{"sha256"}, checksum.Match, "sha256", nil, false,
			[]string{"Matches the published SHA-256"}, []string{"64 hex digits", "equals the file's SHA-256"}},
		{"match on the second candidate", hexOf("sha3-256", "abc"), []string{"sha256", "sha3-256", "ripemd256"}, checksum.Match, "sha3-256", nil, false,
			[]string{"SHA3-256"}, nil},
		{"MD5 match is weak", hexOf("md5", "abc"), []string{"md5"}, checksum.Match, "md5", nil, true,
			[]string{"Matches the published MD5"}, []string{"intact, not who published it"}},
		{"SHA-1 match is weak", "SHA1=" + hexOf("sha1", "abc"), []string{"sha1"}, checksum.Match, "sha1", nil, true, nil, []string{"intact, not who published it"}},
		{"CRC32 match is weak", hexOf("crc32", "abc"), []string{"crc32"}, checksum.Match, "crc32", nil, true, nil, []string{"intact, not who published it", "accidental"}},
		{"nothing computed yet: the likeliest first", sha256Hex("abc"), nil, checksum.Pending, "", []string{"sha256"}, false,
			[]string{"Computing SHA-256 to compare"}, nil},
		{"SHA-256 differs: the other candidates", hexOf("blake3", "abc"), []string{"sha256"}, checksum.Pending, "", []string{"sha3-256", "ripemd256", "blake2b-256", "blake3"}, false,
			[]string{"Computing SHA3-256, RIPEMD-256, BLAKE2b-256 and BLAKE3"}, nil},
		{"MD5 differs, RIPEMD-128 still to compute", hexOf("ripemd128", "abc"), []string{"md5"}, checksum.Pending, "", []string{"ripemd128", "xxh128"}, false,
			[]string{"Computing RIPEMD-128"}, []string{"MD5 is not the published value"}},
		{"tagged, not computed", "ripemd160:" + hexOf("ripemd160", "abc"), []string{"sha256"}, checksum.Pending, "ripemd160", []string{"ripemd160"}, false, nil, nil},
		{"tagged mismatch", "sha256:" + hexOf("sha512", "abc")[:64], []string{"sha256"}, checksum.Mismatch, "sha256", nil, false,
			[]string{"Does NOT match the published SHA-256"}, []string{"damaged"}},
		{"mismatch on every candidate", hexOf("sha512", "abc")[:64], []string{"sha256", "sha3-256", "ripemd256", "blake2b-256", "blake3", "md5"}, checksum.Mismatch, "", nil, false,
			[]string{"Does NOT match"}, []string{"SHA-256, SHA3-256, RIPEMD-256, BLAKE2b-256 and BLAKE3 all differ"}},
		{"not a digest", "hello", []string{"sha256"}, checksum.Unknown, "", nil, false,
			[]string{"Cannot compare"}, []string{"Not a digest"}},
		{"wrong length everywhere", sha256Hex("abc")[:63], []string{"sha256"}, checksum.Unknown, "", nil, false,
			nil, []string{"63 hex digits: no algorithm has this length"}},
		{"unsupported algorithm", "sm3:" + sha256Hex("abc"), nil, checksum.Unknown, "", nil, false, nil, []string{"SM3 is not an algorithm Hashdrop supports"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var computed []app.Digest
			for _, id := range tt.computed {
				sum, _ := hex.DecodeString(hexOf(id, "abc"))
				computed = append(computed, app.Digest{Algorithm: mustAlg(id), Sum: sum})
			}
			v := checksum.Judge(tt.paste, computed)
			if v.Outcome != tt.outcome {
				t.Fatalf("outcome %v, want %v", v.Outcome, tt.outcome)
			}
			headline, detail := verdictWords(&v, nil) // pasted: no signature covers it
			if v.Outcome == checksum.Unknown {
				_, err := checksum.ParseExpected(tt.paste)
				detail = digestProblem(err)
			}
			if headline == "" {
				t.Error("no headline")
			}
			for _, w := range tt.headline {
				if !strings.Contains(headline, w) {
					t.Errorf("headline %q lacks %q", headline, w)
				}
			}
			for _, w := range tt.detail {
				if !strings.Contains(detail, w) {
					t.Errorf("detail %q lacks %q", detail, w)
				}
			}
		})
	}
}

// What the line under the paste box says was understood.
func TestDescribeDigest(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"lowercase hex", sha256Hex("abc"), "64 hex digits: SHA-256, SHA3-256, RIPEMD-256, BLAKE2b-256 or BLAKE3"},
		{"wrapped over lines", hexOf("sha512", "abc")[:64] + "\n" + hexOf("sha512", "abc")[64:], "128 hex digits: SHA-512, SHA3-512, Whirlpool or BLAKE2b-512"},
		{"quotes", `"` + hexOf("md5", "abc") + `"`, "32 hex digits: MD5, RIPEMD-128 or XXH3-128"},
		{"md5 length", hexOf("md5", "abc"), "32 hex digits: MD5, RIPEMD-128 or XXH3-128"},
		{"sha1 length", hexOf("sha1", "abc"), "40 hex digits: SHA-1 or RIPEMD-160"},
		{"crc32", hexOf("crc32", "abc"), "8 hex digits: CRC32 or XXH32"},
		{"prefix sha256:", "sha256:" + sha256Hex("abc"), "SHA-256, 64 hex digits"},
		{"prefix SHA256=", "SHA256=" + sha256Hex("abc"), "SHA-256, 64 hex digits"},
		{"prefix sha3-256:", "sha3-256:" + sha256Hex("abc"), "SHA3-256, 64 hex digits"},
		{"prefix md5:", "MD5: " + hexOf("md5", "abc"), "MD5, 32 hex digits"},
		{"prefix RMD160", "RMD160=" + hexOf("sha1", "abc"), "RIPEMD-160, 40 hex digits"},
		{"SRI", "sha256-" + b64Of("sha256", "abc"), "SHA-256, base64, 32 bytes"},
		{"base64 standard", b64Of("sha256", "abc"), "base64, 32 bytes: SHA-256, SHA3-256, RIPEMD-256, BLAKE2b-256 or BLAKE3"},
		{"GNU line", sha256Hex("abc") + "  abc.txt", "64 hex digits: SHA-256, SHA3-256, RIPEMD-256, BLAKE2b-256 or BLAKE3, for abc.txt"},
		{"BSD line", "SHA256 (abc.txt) = " + sha256Hex("abc"), "SHA-256, 64 hex digits, for abc.txt"},
	} {
		e, err := checksum.ParseExpected(tt.in)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := describeDigest(e); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// The reasons and summary of a checked checksum file.
func TestEntryWordsInEnglish(t *testing.T) {
	_, sums := sumsFolder(t)
	sf, err := checksum.ReadFile(sums)
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := sf.Check(context.Background(), checksum.CheckOptions{})
	want := []string{
		"SHA-256 matches",
		"the SHA-256 differs: the file is damaged or not the one listed",
		"no such file",
		"outside the checksum file's folder (allow files outside to check it)",
		"BLAKE2s is not an algorithm Hashdrop supports",
	}
	for i, r := range rep.Results {
		if got := entryReason(&r); i >= len(want) || got != want[i] {
			t.Errorf("%s %v: %q", r.Entry.Name, r.Status, got)
		}
	}
	if got := summaryText(func(s checksum.Status) int { return rep.Counts[s] }); got != "1 OK, 1 FAILED, 1 missing, 1 refused, 1 skipped" {
		t.Errorf("summary %q", got)
	}
}

func TestLineProblemsInJapanese(t *testing.T) {
	useLanguage(t, "ja")
	sf, err := checksum.Parse("SHA256SUMS", []byte("hello there\n"+strings.Repeat("a", 63)+"  x.iso\n-----BEGIN PGP PUBLIC KEY BLOCK-----\n"))
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
