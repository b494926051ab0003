package signature

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStore(t *testing.T) {
	f := fixture(t)
	s := &Store{Dir: filepath.Join(t.TempDir(), "hashdrop", "keys")}
	if ks, errs := s.Load(); len(ks) != 0 || len(errs) != 0 {
		t.Fatalf("a store that does not exist: %v %v", ks, errs)
	}
	k, err := ReadKeys(f.binaryKeys)
	if err != nil {
		t.Fatal(err)
	}
	path, err := s.Import(k[0])
	if err != nil || filepath.Base(path) != f.ed+".asc" {
		t.Fatalf("Import: %s, %v", path, err)
	}
	if _, err := s.Import(k[0]); !errors.Is(err, ErrKnown) {
		t.Errorf("importing it again: %v, want ErrKnown", err)
	}
	shipped, _ := ShippedKeys()
	var signify *Key
	for _, k := range shipped {
		if k.Format == Signify {
			signify = k
		}
	}
	if _, err := s.Import(signify); err != nil {
		t.Fatal(err)
	}
	ks, errs := s.Load()
	if len(ks) != 2 || len(errs) != 0 {
		t.Fatalf("Load: %d keys, %v", len(ks), errs)
	}
	for _, k := range ks {
		if k.Origin != Imported || !strings.HasPrefix(k.Provenance, s.Dir) {
			t.Errorf("loaded key %s: origin %v, provenance %s", k.Fingerprint, k.Origin, k.Provenance)
		}
	}
	entries, _ := os.ReadDir(s.Dir)
	if len(entries) != 2 {
		t.Errorf("the store holds %d files (a temporary one left?)", len(entries))
	}

	os.WriteFile(filepath.Join(s.Dir, "junk.asc"), []byte("not a key"), 0o600)
	ks, errs = s.Load()
	if len(ks) != 2 || len(errs) != 1 || !strings.Contains(errs[0].Error(), "junk.asc") {
		t.Errorf("a bad file: %d keys, %v", len(ks), errs)
	}

	if _, err := s.Remove(f.ed[:8]); err == nil {
		t.Error("removed by 8 digits")
	}
	if k, err := s.Remove(f.ed[len(f.ed)-16:]); err != nil || k.Fingerprint != f.ed {
		t.Fatalf("Remove: %v, %v", k, err)
	}
	if _, err := s.Remove(f.ed); err == nil {
		t.Error("removed twice")
	}
	if ks, _ := s.Load(); len(ks) != 1 || ks[0].Fingerprint != signify.Fingerprint {
		t.Errorf("after Remove: %v", ks)
	}
}

// Item 3: a key file in the store that is too large, or damaged, can
// still be removed by its fingerprint (its file's name).
func TestRemoveUnreadableKey(t *testing.T) {
	s := &Store{Dir: t.TempDir()}
	const big, junk = "0123456789ABCDEF0123456789ABCDEF01234567", "89ABCDEF0123456789ABCDEF0123456789ABCDEF"
	os.WriteFile(filepath.Join(s.Dir, big+".asc"), bytes.Repeat([]byte("A"), MaxKeyFileSize+1), 0o600)
	os.WriteFile(filepath.Join(s.Dir, junk+".asc"), []byte("not a key"), 0o600)
	if ks, errs := s.Load(); len(ks) != 0 || len(errs) != 2 {
		t.Fatalf("Load: %d keys, %v", len(ks), errs)
	}
	k, err := s.Remove(big)
	if err != nil || k.Fingerprint != big {
		t.Fatalf("removing the file that is too large: %+v, %v", k, err)
	}
	if k, err := s.Remove(junk[len(junk)-16:]); err != nil || k.Fingerprint != junk {
		t.Fatalf("removing the damaged file by its last 16 digits: %+v, %v", k, err)
	}
	if left, _ := os.ReadDir(s.Dir); len(left) != 0 {
		t.Errorf("%d files left", len(left))
	}
}

// Item 3: Import never writes a key file Load could not read back.
func TestImportRefusesWhatCannotBeRead(t *testing.T) {
	s := &Store{Dir: t.TempDir()}
	k := &Key{Format: OpenPGP, Fingerprint: "0123456789ABCDEF0123456789ABCDEF01234567", raw: make([]byte, MaxKeyFileSize+1)}
	if _, err := s.Import(k); err == nil {
		t.Fatal("a key larger than a key file may be was imported")
	}
	if left, _ := os.ReadDir(s.Dir); len(left) != 0 {
		t.Errorf("%d files left", len(left))
	}
}
