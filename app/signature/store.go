package signature

import (
	"errors"
	"fmt"
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
		if de.IsDir() || strings.HasPrefix(name, ".") || !(strings.HasSuffix(name, ".asc") || strings.HasSuffix(name, ".pub")) {
			continue
		}
		path := filepath.Join(s.Dir, name)
		data, err := os.ReadFile(path)
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
// Fpr, has at least 16 digits and only one key matches) and returns it.
func (s *Store) Remove(fpr string) (*Key, error) {
	fpr = strings.ToUpper(strings.ReplaceAll(fpr, " ", ""))
	ks, errs := s.Load()
	var match []*Key
	for _, k := range ks {
		if k.Fingerprint == fpr || len(fpr) >= 16 && strings.HasSuffix(k.Fingerprint, fpr) {
			match = append(match, k)
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
	if err := os.Remove(k.Provenance); err != nil {
		return nil, err
	}
	return k, nil
}
