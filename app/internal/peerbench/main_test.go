package main

import (
	"strings"
	"testing"
)

// The machine-readable output of `openssl speed -mr -evp sha256 -bytes 16384`
// (OpenSSL 3.0).
const speedOutput = `+DT:sha256:3:16384
+R:91043:sha256:3.000000
+H:16384
+F:25:sha256:497201834.67
`

func TestParseSpeed(t *testing.T) {
	v, err := parseSpeed([]byte(speedOutput), "sha256")
	if err != nil || v != 497201834.67 {
		t.Fatalf("parseSpeed = %v, %v; want 497201834.67", v, err)
	}
	if _, err := parseSpeed([]byte(speedOutput), "sha1"); err == nil || !strings.Contains(err.Error(), "sha1") {
		t.Fatalf("parseSpeed of an algorithm not in the output: %v, want an error naming it", err)
	}
}

// xxhsum -q -b5 -i1 (0.8.1): progress lines ended by \r, the result by \n.
const xxhOutput = " 1-XXH3_64b                      :     102400 ->   403444 it/s (39398.8 MB/s) \r" +
	" 5#XXH3_64b                      :     102400 ->   403444 it/s (39398.8 MB/s) \n"

func TestParseXXHSpeed(t *testing.T) {
	if v, err := parseXXHSpeed([]byte(xxhOutput)); err != nil || v != 39398.8 {
		t.Fatalf("parseXXHSpeed = %v, %v; want 39398.8", v, err)
	}
	if _, err := parseXXHSpeed([]byte("Sample of 100 KB...\n")); err == nil {
		t.Fatal("parseXXHSpeed of no result: no error")
	}
}

func TestFirstHex(t *testing.T) {
	const d = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
	for _, out := range []string{
		d + "  /dev/shm/x.bin\n",                // hashdrop sum, rhash
		"SHA2-256(/dev/shm/x.bin)= " + d + "\n", // openssl dgst
	} {
		if got := firstHex([]byte(out)); got != d {
			t.Errorf("firstHex(%q) = %q", out, got)
		}
	}
	const x = "79be3ce0d7558441" // XXH3, 16 digits
	if got := firstHex([]byte("XXH3 (/dev/shm/peerbench-3871624512.bin) = " + x + "\n")); got != x {
		t.Errorf("firstHex of xxhsum -H3's line = %q", got)
	}
	if got := firstHex([]byte("SHA2-256(abc)= \n")); got != "" {
		t.Errorf("firstHex of no digest = %q", got)
	}
}

func TestMedianAndBest(t *testing.T) {
	xs := []float64{3, 1, 2, 5}
	if m := median(xs); m != 2.5 {
		t.Errorf("median of an even count = %v, want 2.5", m)
	}
	if m := median(xs[:3]); m != 2 {
		t.Errorf("median of 3, 1, 2 = %v, want 2", m)
	}
	if b := best(xs, true); b != 5 {
		t.Errorf("best speed = %v, want 5", b)
	}
	if b := best(xs, false); b != 1 {
		t.Errorf("best time = %v, want 1", b)
	}
	if xs[0] != 3 {
		t.Error("median sorted its argument")
	}
}
