package signature

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Store is the folder of keys the user chose to trust, one file per key:
// FINGERPRINT.asc for OpenPGP, FINGERPRINT.pub for minisign and signify.
type Store struct {
	Dir string
}

// UserStore is the store in Hashdrop's configuration folder:
// os.UserConfigDir()/hashdrop/keys (~/.config/hashdrop/keys on Linux,
// %AppData%\hashdrop\keys on Windows, ~/Library/Application
// Support/hashdrop/keys on macOS).
func UserStore() (*Store, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return nil, err
	}
	return &Store{Dir: filepath.Join(dir, "hashdrop", "keys")}, nil
}

// ErrKnown is returned by Import for a key that is already in the store.
var ErrKnown = errors.New("this key is already trusted")

// Load reads every key in the store, marked Imported. A file that cannot
// be read is an error naming it; the other keys are still returned. A
// store that does not exist yet is empty.
func (s *Store) Load() ([]*Key, []error) {
	list, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []error{err}
	}
	var out []*Key
	var errs []error
	for _, de := range list {
		name := de.Name()
		if !keyFileName(de) {
			continue
		}
		path := filepath.Join(s.Dir, name)
		data, err := readKeyFile(path)
		if err == nil {
			var ks []*Key
			ks, err = ReadKeys(data)
			for _, k := range ks {
				k.Origin, k.Provenance = Imported, path
				out = append(out, k)
			}
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", path, err))
		}
	}
	return out, errs
}

// keyFileName reports whether de is one of the store's key files.
func keyFileName(de fs.DirEntry) bool {
	name := de.Name()
	return !de.IsDir() && !strings.HasPrefix(name, ".") && (strings.HasSuffix(name, ".asc") || strings.HasSuffix(name, ".pub"))
}

// readKeyFile reads a key file no larger than MaxKeyFileSize, without
// reading a larger one into memory first.
func readKeyFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxKeyFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxKeyFileSize {
		return nil, fmt.Errorf("too large for a key file (the limit is %d MiB)", MaxKeyFileSize>>20)
	}
	return data, nil
}

func (s *Store) path(k *Key) string {
	ext := ".pub"
	if k.Format == OpenPGP {
		ext = ".asc"
	}
	return filepath.Join(s.Dir, k.Fingerprint+ext)
}

// Import adds k to the store and returns the file it was written to. The
// caller has shown the user k's fingerprint and user id and asked. The file
// is written under a temporary name and then linked into place, so a
// reader never sees half a key and an existing file is never replaced:
// ErrKnown when the key is there already.
func (s *Store) Import(k *Key) (string, error) {
	if len(k.Bytes()) > MaxKeyFileSize {
		// It could never be loaded (or removed by its contents) again.
		return "", fmt.Errorf("the key %s takes %.1f MiB, over the %d MiB a key file may hold: not imported",
			k.Fingerprint, float64(len(k.Bytes()))/(1<<20), MaxKeyFileSize>>20)
	}
	final := s.path(k)
	if _, err := os.Lstat(final); err == nil {
		return final, ErrKnown
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(s.Dir, ".import-*")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(k.Bytes()); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	if err := os.Link(tmp.Name(), final); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return final, ErrKnown
		}
		// File systems without hard links: rename, after one more look.
		if _, serr := os.Lstat(final); serr == nil {
			return final, ErrKnown
		}
		if err := os.Rename(tmp.Name(), final); err != nil {
			return "", err
		}
	}
	return final, nil
}

// Remove deletes the key whose fingerprint is fpr (or ends with fpr, when
// fpr has at least 16 digits and only one key matches) and returns it.
// Files are found by their names first (FINGERPRINT.asc, .pub, as Import
// writes them), so that a key file that can no longer be read, or is too
// large, can still be removed; then by the keys inside the others.
func (s *Store) Remove(fpr string) (*Key, error) {
	fpr = strings.ToUpper(strings.ReplaceAll(fpr, " ", ""))
	if fpr == "" {
		return nil, errors.New("no fingerprint given")
	}
	list, err := os.ReadDir(s.Dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	var named []*Key
	for _, de := range list {
		if !keyFileName(de) {
			continue
		}
		stem, ext, _ := strings.Cut(de.Name(), ".")
		if stem = strings.ToUpper(stem); stem == fpr || len(fpr) >= 16 && strings.HasSuffix(stem, fpr) {
			k := &Key{Format: OpenPGP, Fingerprint: stem, Origin: Imported, Provenance: filepath.Join(s.Dir, de.Name())}
			if ext == "pub" {
				k.Format = Minisign
			}
			named = append(named, k)
		}
	}
	match := named
	var errs []error
	if len(named) == 0 {
		var ks []*Key
		ks, errs = s.Load()
		for _, k := range ks {
			if k.Fingerprint == fpr || len(fpr) >= 16 && strings.HasSuffix(k.Fingerprint, fpr) {
				match = append(match, k)
			}
		}
	}
	switch {
	case len(match) == 0 && len(errs) > 0:
		return nil, errs[0]
	case len(match) == 0:
		return nil, fmt.Errorf("no trusted key has the fingerprint %s", fpr)
	case len(match) > 1 && !slices.ContainsFunc(match, func(k *Key) bool { return k.Fingerprint == fpr }):
		return nil, fmt.Errorf("%d keys end with %s: give the whole fingerprint", len(match), fpr)
	}
	k := match[0]
	for _, m := range match {
		if m.Fingerprint == fpr {
			k = m
		}
	}
	if len(named) > 0 {
		// Say whose key it was when the file can still tell.
		if data, err := readKeyFile(k.Provenance); err == nil {
			if ks, err := ReadKeys(data); err == nil && len(ks) == 1 && ks[0].Fingerprint == k.Fingerprint {
				ks[0].Origin, ks[0].Provenance = Imported, k.Provenance
				k = ks[0]
			}
		}
	}
	if err := os.Remove(k.Provenance); err != nil {
		return nil, err
	}
	return k, nil
}
