package app

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hashdrop/hashdrop/hashing"
)

// vDigests computes ids over data, as a finished job would have them.
func vDigests(data []byte, ids ...string) []Digest {
	var out []Digest
	for _, id := range ids {
		out = append(out, Digest{vAlg(id), vSum(id, data)})
	}
	return out
}

func TestJudge(t *testing.T) {
	abc := []byte("abc")
	tests := []struct {
		name     string
		paste    string
		computed []string // algorithms computed so far
		outcome  Outcome
		alg      string   // Verdict.Algorithm ("" for nil)
		needs    []string // Verdict.Needs
		weak     bool
		headline []string // substrings
		detail   []string
	}{
		{"tagged SHA-256 match", "sha256:" + abcSHA256, []string{"sha256", "md5"}, Match, "sha256", nil, false,
			[]string{"Matches the published SHA-256", "this is the file they released"}, nil},
		{"untagged SHA-256 match", strings.ToUpper(abcSHA256), []string{"sha256"}, Match, "sha256", nil, false,
			[]string{"Matches the published SHA-256"}, []string{"64 hex digits", "equals the file's SHA-256"}},
		{"match on the second candidate", vHex("sha3-256", abc), []string{"sha256", "sha3-256", "ripemd256"}, Match, "sha3-256", nil, false,
			[]string{"SHA3-256"}, nil},
		{"MD5 match is weak", abcMD5, []string{"md5"}, Match, "md5", nil, true,
			[]string{"Matches the published MD5"}, []string{"intact, not who published it"}},
		{"SHA-1 match is weak", "SHA1=" + abcSHA1, []string{"sha1"}, Match, "sha1", nil, true, nil, []string{"intact, not who published it"}},
		{"CRC32 match is weak", abcCRC32, []string{"crc32"}, Match, "crc32", nil, true, nil, []string{"intact, not who published it", "accidental"}},
		{"nothing computed yet", abcSHA256, nil, Pending, "", []string{"sha256", "sha3-256", "ripemd256"}, false,
			[]string{"Computing SHA-256, SHA3-256 and RIPEMD-256"}, nil},
		{"MD5 differs, RIPEMD-128 still to compute", vHex("ripemd128", abc), []string{"md5"}, Pending, "", []string{"ripemd128"}, false,
			[]string{"Computing RIPEMD-128"}, []string{"MD5 is not the published value"}},
		{"tagged, not computed", "ripemd160:" + vHex("ripemd160", abc), []string{"sha256"}, Pending, "ripemd160", []string{"ripemd160"}, false, nil, nil},
		{"tagged mismatch", "sha256:" + abcSHA512[:64], []string{"sha256"}, Mismatch, "sha256", nil, false,
			[]string{"Does NOT match the published SHA-256"}, []string{"damaged"}},
		{"mismatch on every candidate", abcSHA512[:64], []string{"sha256", "sha3-256", "ripemd256", "md5"}, Mismatch, "", nil, false,
			[]string{"Does NOT match"}, []string{"SHA-256, SHA3-256 and RIPEMD-256 all differ"}},
		{"not a digest", "hello", []string{"sha256"}, Unknown, "", nil, false,
			[]string{"Cannot compare"}, []string{"Not a digest"}},
		{"wrong length everywhere", abcSHA256[:63], []string{"sha256"}, Unknown, "", nil, false,
			nil, []string{"63 hex digits: no algorithm has this length"}},
		{"unsupported algorithm", "blake3:" + abcSHA256, nil, Unknown, "", nil, false, nil, []string{"BLAKE3 is not an algorithm Hashdrop supports"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Judge(tt.paste, vDigests(abc, tt.computed...))
			if v.Outcome != tt.outcome {
				t.Fatalf("outcome %v, want %v (%q / %q)", v.Outcome, tt.outcome, v.Headline, v.Detail)
			}
			if got := ""; v.Algorithm != nil || tt.alg != "" {
				if v.Algorithm != nil {
					got = v.Algorithm.ID
				}
				if got != tt.alg {
					t.Errorf("algorithm %q, want %q", got, tt.alg)
				}
			}
			if got := ids(v.Needs); !slices.Equal(got, tt.needs) && len(got)+len(tt.needs) > 0 {
				t.Errorf("needs %v, want %v", got, tt.needs)
			}
			if v.Weak != tt.weak {
				t.Errorf("weak %v", v.Weak)
			}
			if v.Headline == "" {
				t.Error("no headline")
			}
			for _, w := range tt.headline {
				if !strings.Contains(v.Headline, w) {
					t.Errorf("headline %q lacks %q", v.Headline, w)
				}
			}
			for _, w := range tt.detail {
				if !strings.Contains(v.Detail, w) {
					t.Errorf("detail %q lacks %q", v.Detail, w)
				}
			}
		})
	}
}

// A candidate not computed yet is computed when the verdict needs it, and
// only that one.
func TestVerifyComputesWhatTheVerdictNeeds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "abc.txt")
	if err := os.WriteFile(path, []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := ParseExpected(vHex("ripemd128", []byte("abc")))
	if err != nil {
		t.Fatal(err)
	}
	var asked [][]string
	hash := func(ctx context.Context, p string, algs []*hashing.Algorithm) Result {
		asked = append(asked, ids(algs))
		return HashFile(ctx, p, algs, nil)
	}
	v, err := e.Verify(context.Background(), path, vDigests([]byte("abc"), "md5", "sha256"), hash)
	if err != nil {
		t.Fatal(err)
	}
	if v.Outcome != Match || v.Algorithm.ID != "ripemd128" {
		t.Fatalf("verdict %v %v: %s", v.Outcome, v.Algorithm, v.Headline)
	}
	if len(asked) != 1 || !slices.Equal(asked[0], []string{"ripemd128"}) {
		t.Errorf("computed %v, want only [ripemd128]", asked)
	}

	// Nothing to compute when a computed digest already decides.
	var calls atomic.Int32
	count := func(ctx context.Context, p string, algs []*hashing.Algorithm) Result {
		calls.Add(1)
		return HashFile(ctx, p, algs, nil)
	}
	e, _ = ParseExpected(abcMD5)
	if v, _ := e.Verify(context.Background(), path, vDigests([]byte("abc"), "md5"), count); v.Outcome != Match || calls.Load() != 0 {
		t.Errorf("verdict %v after %d hash calls", v.Outcome, calls.Load())
	}

	// The default hasher, and a file that cannot be read.
	if v, err := e.Verify(context.Background(), path, nil, nil); err != nil || v.Outcome != Match {
		t.Errorf("Verify with HashFile: %v %v", v.Outcome, err)
	}
	if _, err := e.Verify(context.Background(), path+".missing", nil, nil); err == nil {
		t.Error("Verify of a missing file: no error")
	}
}

func TestOutcomeString(t *testing.T) {
	for o, want := range map[Outcome]string{Unknown: "unknown", Pending: "pending", Match: "match", Mismatch: "mismatch"} {
		if o.String() != want {
			t.Errorf("%d: %q", o, o.String())
		}
	}
}
