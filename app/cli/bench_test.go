package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/hashing"
)

func TestBenchJSON(t *testing.T) {
	out, errs, code := run(nil, "bench", "-a", "crc32,SHA-256,whirlpool", "--size", "1", "--json")
	if code != ExitOK || errs != "" {
		t.Fatalf("bench --json: exit %d: %s", code, errs)
	}
	if strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, `{"cpu":`) {
		t.Errorf("want one JSON object on one line, got %q", out)
	}
	var rep struct {
		CPU      *string  `json:"cpu"`
		Features []string `json:"features"`
		Results  []struct {
			Algorithm      string   `json:"algorithm"`
			Implementation string   `json:"implementation"`
			MBPerSec       *float64 `json:"mb_per_s"`
		} `json:"results"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if rep.CPU == nil || rep.Features == nil {
		t.Errorf("cpu or features missing: %s", out)
	}
	for _, f := range rep.Features {
		if f != strings.ToLower(f) || f == "" {
			t.Errorf("feature %q is not a lowercase name", f)
		}
	}
	want := []string{"crc32", "sha256", "whirlpool"}
	if len(rep.Results) != len(want) {
		t.Fatalf("%d results, want %d", len(rep.Results), len(want))
	}
	for i, r := range rep.Results {
		a, _ := hashing.Lookup(want[i])
		if r.Algorithm != want[i] || r.Implementation != a.Core() || r.MBPerSec == nil || *r.MBPerSec <= 0 {
			t.Errorf("result %d: %+v, want %s on %s", i, r, want[i], a.Core())
		}
	}
}

func TestBenchTable(t *testing.T) {
	out, _, code := run(nil, "bench", "--size", "1", "-a", "md5,sha1")
	if code != ExitOK || !strings.Contains(out, "MD5") || !strings.Contains(out, "SHA-1") || !strings.Contains(out, "MB/s") {
		t.Errorf("bench: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{"bench", "-a", "nope"}, {"bench", "--size", "0"}, {"bench", "extra"}} {
		if _, errs, code := run(nil, args...); code != ExitUsage || errs == "" {
			t.Errorf("%q: exit %d, stderr %q", args, code, errs)
		}
	}
}
