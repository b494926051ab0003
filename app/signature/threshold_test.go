package signature

import (
	"os"
	"path/filepath"
	"testing"
)

// Several signers: good ones by distinct keys are counted (one key twice
// once; expired, revoked, unknown ones not at all), fewer than needed is
// not trusted, and a BAD one still wins.
func TestAtLeast(t *testing.T) {
	good := func(fpr string) Result { return Result{Kind: Genuine, Signer: Signer{Fingerprint: fpr}} }
	a, b, c := good("AA"), good("BB"), good("CC")
	expired := Result{Kind: Expired, Signer: Signer{Fingerprint: "DD"}}
	unknown := Result{Kind: UnknownKey, KeyID: "EE"}
	bad := Result{Kind: Bad, Signer: Signer{Fingerprint: "FF"}}
	for _, tc := range []struct {
		name string
		rs   []Result
		n    int
		good int
		want Kind
	}{
		{"none", nil, 3, 0, NoSignature},
		{"unknown only", []Result{unknown}, 3, 0, UnknownKey},
		{"one of three", []Result{a, unknown, expired}, 3, 1, UnknownKey},
		{"two, one twice", []Result{a, b, b}, 3, 2, UnknownKey},
		{"three", []Result{a, b, unknown, c}, 3, 3, Genuine},
		{"three and a bad one", []Result{a, b, c, bad}, 3, 3, Bad},
		{"one needed", []Result{a, unknown}, 1, 1, Genuine},
		{"no threshold", []Result{a}, 0, 1, Genuine},
	} {
		if got := GoodSigners(tc.rs); got != tc.good {
			t.Errorf("%s: %d good signers, want %d", tc.name, got, tc.good)
		}
		if got := AtLeast(tc.rs, tc.n); got.Kind != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got.Kind, tc.want)
		}
	}
}

// A key file of several armored blocks, one after the other, gives every
// key: each block was read with a reader of its own, which read ahead and
// lost every other block (issue 48 found it in signature files first).
func TestReadKeysSeveralArmoredBlocks(t *testing.T) {
	var all []byte
	for _, f := range []string{"hashicorp.asc", "keepassxc.asc", "monero-binaryfate.asc"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "assets", "keys", "openpgp", f))
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	ks, err := ReadKeys(all)
	if err != nil || len(ks) != 3 {
		t.Errorf("%d keys (%v), want 3", len(ks), err)
	}
}
