package desktop

import (
	"errors"
	"fmt"
	"strings"
)

// Windows file associations, per user: the setting "Open checksum files with
// Hashdrop" writes these under HKCU\Software\Classes (no administrator rights
// needed) and removes them again. The plan is plain data so that it is
// tested on every system; assoc_windows.go applies it to the registry.

// ErrNoAssociations is what RegisterFileAssociations returns off Windows:
// there the desktop package declares the types (make install on Linux).
var ErrNoAssociations = errors.New("file associations are set by the desktop's installer on this system")

// assocProgID names Hashdrop's checksum file type in the registry.
const assocProgID = "Hashdrop.ChecksumFile"

// assocBackup is the value under .ext where the user's previous default
// program is kept while Hashdrop is the default, to be put back on removal.
const assocBackup = "Hashdrop.Previous"

// ChecksumExtensions are the checksum file extensions Hashdrop opens on a
// double-click. Files named without an extension (SHA256SUMS, CHECKSUM) can
// only be associated on Linux, by name.
var ChecksumExtensions = []string{
	".md5", ".sha1", ".sha224", ".sha256", ".sha384", ".sha512",
	".sha3-224", ".sha3-256", ".sha3-384", ".sha3-512", ".sfv",
	".md5sum", ".sha1sum", ".sha256sum", ".sha512sum", ".digests",
	".b2", ".b3", ".xxh64", ".xxh3", ".xxh128",
}

// regOp is what one regChange does.
type regOp int

const (
	// regSet sets value Name of Key to Data (a string), creating the key.
	regSet regOp = iota
	// regTakeDefault makes Data the default value of Key, first keeping a
	// different existing default in value Name.
	regTakeDefault
	// regGiveBackDefault undoes regTakeDefault: when the default is still
	// Data, it gets the kept value back (or is deleted); the kept copy in
	// value Name goes either way.
	regGiveBackDefault
	// regDeleteValue deletes value Name of Key if it is there.
	regDeleteValue
	// regDeleteTree deletes Key and everything below it.
	regDeleteTree
	// regDeleteIfEmpty deletes Key when it has no values and no subkeys.
	regDeleteIfEmpty
	// regReplace sets value Name of Key to Data when the value is there.
	regReplace
)

var regOpNames = [...]string{"set", "take-default", "give-back-default", "delete-value", "delete-tree", "delete-if-empty", "replace"}

func (o regOp) String() string { return regOpNames[o] }

// regChange is one step of a registry plan. Key is relative to
// HKCU\Software\Classes; Name "" is the key's default value.
type regChange struct {
	Op   regOp
	Key  string
	Name string
	Data string
}

func (c regChange) String() string {
	return fmt.Sprintf("%s %s [%s] %q", c.Op, c.Key, c.Name, c.Data)
}

// AssocWords are the words Explorer shows for Hashdrop's entries. A
// registry value holds one language (an MSI database has one code page, so
// the installer writes English): they are written in the language of the
// window that writes them, when the setting registers the associations and
// when the window starts (LocalizeExplorerMenu), in the user's language
// then. MUIVerb would need the words in the program's resources.
type AssocWords struct {
	ChecksumFile string // the type of checksum files
	Verify       string // their open verb, a double-click
	Check        string // the right-click entry of every file and folder (the installer's)
}

// EnglishAssocWords are the installer's words.
var EnglishAssocWords = AssocWords{ChecksumFile: "Checksum file", Verify: "Verify with Hashdrop", Check: "Check with Hashdrop"}

// assocInstall returns the changes that make Windows open checksum files
// with exe (an absolute path such as C:\Program Files\Hashdrop\Hashdrop.exe)
// and list Hashdrop under "Open with" for any file, worded with words.
func assocInstall(exe string, words AssocWords) ([]regChange, error) {
	if !isWindowsAbs(exe) || strings.ContainsAny(exe, "\"%\x00") {
		return nil, fmt.Errorf("cannot register %q as the program for checksum files: not an absolute Windows path", exe)
	}
	command := `"` + exe + `" "%1"`
	icon := `"` + exe + `",0`
	set := func(key, name, data string) regChange { return regChange{regSet, key, name, data} }
	ch := []regChange{
		set(assocProgID, "", words.ChecksumFile),
		set(assocProgID+`\DefaultIcon`, "", icon),
		set(assocProgID+`\shell`, "", "open"),
		set(assocProgID+`\shell\open`, "", words.Verify),
		set(assocProgID+`\shell\open\command`, "", command),
		// "Open with" for ISOs and everything else, without taking them over.
		set(assocAppKey, "FriendlyAppName", "Hashdrop"),
		set(assocAppKey+`\DefaultIcon`, "", icon),
		set(assocAppKey+`\shell\open\command`, "", command),
	}
	for _, ext := range ChecksumExtensions {
		ch = append(ch,
			set(ext+`\OpenWithProgids`, assocProgID, ""),
			regChange{regTakeDefault, ext, assocBackup, assocProgID})
	}
	return ch, nil
}

const assocAppKey = `Applications\Hashdrop.exe`

// explorerMenuWords returns the changes that word the entries the installer
// or the setting wrote (and only those: nothing is added) with words.
func explorerMenuWords(words AssocWords) []regChange {
	replace := func(key, data string) regChange { return regChange{regReplace, key, "", data} }
	return []regChange{
		replace(`*\shell\Hashdrop`, words.Check),
		replace(`Directory\shell\Hashdrop`, words.Check),
		replace(assocProgID, words.ChecksumFile),
		replace(assocProgID+`\shell\open`, words.Verify),
	}
}

// assocRemove returns the changes that undo assocInstall whatever exe it was
// given, leaving other programs' entries (and a default the user chose since)
// alone.
func assocRemove() []regChange {
	ch := []regChange{
		{Op: regDeleteTree, Key: assocProgID},
		{Op: regDeleteTree, Key: assocAppKey},
		{Op: regDeleteIfEmpty, Key: "Applications"},
	}
	for _, ext := range ChecksumExtensions {
		ch = append(ch,
			regChange{regGiveBackDefault, ext, assocBackup, assocProgID},
			regChange{regDeleteValue, ext + `\OpenWithProgids`, assocProgID, ""},
			regChange{regDeleteIfEmpty, ext + `\OpenWithProgids`, "", ""},
			regChange{regDeleteIfEmpty, ext, "", ""})
	}
	return ch
}

// regKeys is the part of the registry a plan needs; missing keys and values
// are not errors except where said.
type regKeys interface {
	// Get returns value name of key; ok is false when either is missing.
	Get(key, name string) (value string, ok bool, err error)
	Set(key, name, value string) error
	DeleteValue(key, name string) error
	DeleteTree(key string) error
	// Empty reports whether key exists with no values and no subkeys.
	Empty(key string) (bool, error)
	DeleteKey(key string) error
}

// applyRegChanges carries out ch in order, stopping at the first error.
func applyRegChanges(r regKeys, ch []regChange) error {
	for _, c := range ch {
		if err := applyRegChange(r, c); err != nil {
			return fmt.Errorf(`cannot change HKEY_CURRENT_USER\Software\Classes\%s: %w`, c.Key, err)
		}
	}
	return nil
}

func applyRegChange(r regKeys, c regChange) error {
	switch c.Op {
	case regSet:
		return r.Set(c.Key, c.Name, c.Data)
	case regTakeDefault:
		cur, ok, err := r.Get(c.Key, "")
		if err != nil {
			return err
		}
		if ok && cur != c.Data {
			if _, kept, err := r.Get(c.Key, c.Name); err != nil {
				return err
			} else if !kept {
				if err := r.Set(c.Key, c.Name, cur); err != nil {
					return err
				}
			}
		}
		return r.Set(c.Key, "", c.Data)
	case regGiveBackDefault:
		cur, ok, err := r.Get(c.Key, "")
		if err != nil {
			return err
		}
		prev, kept, err := r.Get(c.Key, c.Name)
		if err != nil {
			return err
		}
		if ok && cur == c.Data {
			if kept {
				err = r.Set(c.Key, "", prev)
			} else {
				err = r.DeleteValue(c.Key, "")
			}
			if err != nil {
				return err
			}
		}
		if kept {
			return r.DeleteValue(c.Key, c.Name)
		}
		return nil
	case regDeleteValue:
		return r.DeleteValue(c.Key, c.Name)
	case regDeleteTree:
		return r.DeleteTree(c.Key)
	case regDeleteIfEmpty:
		empty, err := r.Empty(c.Key)
		if err != nil || !empty {
			return err
		}
		return r.DeleteKey(c.Key)
	case regReplace:
		cur, ok, err := r.Get(c.Key, c.Name)
		if err != nil || !ok || cur == c.Data {
			return err
		}
		return r.Set(c.Key, c.Name, c.Data)
	}
	return errors.New("unknown registry change " + c.String())
}

// isWindowsAbs reports whether p is C:\... or \\server\share\... whatever
// system this runs on.
func isWindowsAbs(p string) bool {
	if len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') {
		c := p[0] | 0x20
		return c >= 'a' && c <= 'z'
	}
	return len(p) > 2 && p[0] == '\\' && p[1] == '\\'
}
