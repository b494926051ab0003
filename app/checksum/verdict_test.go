package checksum

import (
	"slices"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// vDigests computes ids over data, as a finished job would have them.
func vDigests(data []byte, ids ...string) []app.Digest {
	var out []app.Digest
	for _, id := range ids {
		out = append(out, app.Digest{Algorithm: apptest.Alg(id), Sum: apptest.Sum(id, data)})
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
	}{
		{"tagged SHA-256 match", "sha256:" + apptest.ABCSHA256, []string{"sha256", "md5"}, Match, "sha256", nil, false},
		{"untagged SHA-256 match", strings.ToUpper(apptest.ABCSHA256), []string{"sha256"}, Match, "sha256", nil, false},
		{"match on the second candidate", apptest.Hex("sha3-256", abc), []string{"sha256", "sha3-256", "ripemd256", "blake2b-256", "blake3"}, Match, "sha3-256", nil, false},
		{"MD5 match is weak", apptest.ABCMD5, []string{"md5"}, Match, "md5", nil, true},
		{"SHA-1 match is weak", "SHA1=" + apptest.ABCSHA1, []string{"sha1"}, Match, "sha1", nil, true},
		{"CRC32 match is weak", apptest.ABCCRC32, []string{"crc32"}, Match, "crc32", nil, true},
		// The likeliest candidate alone first; the others once it differs.
		{"nothing computed yet: SHA-256 alone", apptest.ABCSHA256, nil, Pending, "", []string{"sha256"}, false},
		{"nothing computed yet, 32 digits: MD5 alone", apptest.ABCMD5, nil, Pending, "", []string{"md5"}, false},
		{"nothing computed yet, 40 digits: SHA-1 alone", apptest.ABCSHA1, nil, Pending, "", []string{"sha1"}, false},
		{"nothing computed yet, 128 digits: SHA-512 alone", apptest.ABCSHA512, nil, Pending, "", []string{"sha512"}, false},
		{"SHA-256 differs: every other candidate at once", apptest.Hex("blake3", abc), []string{"sha256", "md5"}, Pending, "", []string{"sha3-256", "ripemd256", "blake2b-256", "blake3"}, false},
		{"another candidate differs: SHA-256 next", apptest.ABCSHA256, []string{"sha3-256"}, Pending, "", []string{"sha256"}, false},
		{"another candidate computed matches at once", apptest.Hex("blake3", abc), []string{"blake3"}, Match, "blake3", nil, false},
		{"MD5 differs, RIPEMD-128 and XXH3-128 still to compute", apptest.Hex("ripemd128", abc), []string{"md5"}, Pending, "", []string{"ripemd128", "xxh128"}, false},
		{"tagged, not computed", "ripemd160:" + apptest.Hex("ripemd160", abc), []string{"sha256"}, Pending, "ripemd160", []string{"ripemd160"}, false},
		{"tagged mismatch", "sha256:" + apptest.ABCSHA512[:64], []string{"sha256"}, Mismatch, "sha256", nil, false},
		{"mismatch on every candidate", apptest.ABCSHA512[:64], []string{"sha256", "sha3-256", "ripemd256", "blake2b-256", "blake3", "md5"}, Mismatch, "", nil, false},
		{"not a digest", "hello", []string{"sha256"}, Unknown, "", nil, false},
		{"wrong length everywhere", apptest.ABCSHA256[:63], []string{"sha256"}, Unknown, "", nil, false},
		{"unsupported algorithm", "sm3:" + apptest.ABCSHA256, nil, Unknown, "", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Judge(tt.paste, vDigests(abc, tt.computed...))
			if v.Outcome != tt.outcome {
				t.Fatalf("outcome %v, want %v", v.Outcome, tt.outcome)
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
		})
	}
}

func TestOutcomeString(t *testing.T) {
	for o, want := range map[Outcome]string{Unknown: "unknown", Pending: "pending", Match: "match", Mismatch: "mismatch"} {
		if o.String() != want {
			t.Errorf("%d: %q", o, o.String())
		}
	}
}
