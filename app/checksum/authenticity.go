package checksum

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/signature"
)

// Authenticity says who published a checksum file (or a download): the
// verdict on its signatures. It stands beside the verdict on integrity and
// is never merged into it: a file can match its checksum file and the
// checksum file be signed by nobody Hashdrop knows.
type Authenticity struct {
	// Verdict is signature.Verdict of Results: a BAD signature wins, else
	// the best trusted one. Kind NoSignature when none was found.
	Verdict signature.Result
	// Results has one result per signature checked: a signed file's own
	// first, then those of each signature file found beside it.
	Results []signature.Result
	// Fetched is the HTTPS URL of a signature over a file itself fetched
	// from its publisher (app/release.Fetch); "" for one on the disk.
	Fetched string
	// Signers counts the distinct keys whose signatures in Results are good
	// (signature.GoodSigners), for what was fetched from a publisher; 0
	// otherwise.
	Signers int
	// Needs is how many good signatures by distinct keys the publisher's
	// row needs (Bitcoin Core's builders: 3); 0 when one is enough. With
	// fewer than Needs, Verdict is not trusted (signature.AtLeast).
	Needs int
}

// Trusted reports whether a key Hashdrop or the user trusts signed every
// entry: the entries of a signed file come from its signed part only, and a
// detached signature covers the whole file, so a trusted verdict covers
// every line checked.
func (a *Authenticity) Trusted() bool { return a != nil && a.Verdict.Kind.Trusted() }

// signatureSuffixes are the names signatures take beside the file they
// sign: SHA256SUMS.gpg (Ubuntu), SHA256SUMS.sign (Debian), sha256sum.txt.gpg
// (Linux Mint), *.asc, *.sig (Arch, Qubes, openSUSE, Rocky, AlmaLinux;
// OpenBSD's SHA256.sig beside SHA256), *.minisig.
var signatureSuffixes = []string{".gpg", ".sign", ".asc", ".sig", ".minisig"}

// SignatureFiles returns the signature files beside the file at path
// (path + ".gpg", ".sign", ".asc", ".sig", ".minisig"), those that exist
// and are regular files.
func SignatureFiles(path string) []string {
	var out []string
	for _, s := range signatureSuffixes {
		if st, err := os.Stat(path + s); err == nil && st.Mode().IsRegular() {
			out = append(out, path+s)
		}
	}
	return out
}

// isSignatureName reports whether name is a signature file's name by its
// suffix, so that it is not taken for a checksum file.
func isSignatureName(name string) bool {
	n := strings.ToLower(name)
	for _, s := range signatureSuffixes {
		if strings.HasSuffix(n, s) {
			return true
		}
	}
	return false
}

// SignedPath returns the file a signature file's name says it signs
// (SHA256SUMS for SHA256SUMS.gpg, ubuntu.iso for ubuntu.iso.sig), or ""
// when the name is not a signature's.
func SignedPath(path string) string {
	n := strings.ToLower(path)
	for _, s := range signatureSuffixes {
		if strings.HasSuffix(n, s) && len(path) > len(s) {
			return path[:len(path)-len(s)]
		}
	}
	return ""
}

// ReadSignedStreamed reads the checksum file at path like ReadFile and
// checks its signatures against ring: its own (clear-signed, signify) and
// those of the signature files beside it (SignatureFiles), all over the
// very bytes it parsed. It keeps the file's text instead
// of its entries, or for a file over a megabyte only where its lines are,
// reading them again from the disk (TextErr says when the file changed
// since): Entries stays empty, All and EntryAt give them, Problems holds the
// first ones and ProblemCount counts them all. The window lists checksum
// files of millions of lines so.
func ReadSignedStreamed(path string, ring *signature.Keyring) (*File, error) {
	return readSignedSums(path, ring, streamEntries)
}

// ReadSignedForCheck is ReadSignedStreamed for a check (hashdrop check):
// the reading that counts the entries also plans their check (File.Plan),
// so that Check reads them once more only, to check them.
func ReadSignedForCheck(path string, ring *signature.Keyring) (*File, error) {
	return readSignedSums(path, ring, streamPlanned)
}

// readSignedSums is ReadSignedStreamed, the entries read how says.
func readSignedSums(path string, ring *signature.Keyring, how readHow) (*File, error) {
	sf, part, data, err := readSumsAs(path, how)
	if err != nil {
		return nil, err
	}
	sf.Authenticity = authenticate(sf, part, data, ring, SignatureFiles(path))
	if err := sf.TextErr(); err != nil {
		return nil, err
	}
	return sf, nil
}

// ParseSignedStreamed is Parse with the file's own signature checked (a
// checksum file read from standard input has no folder to look in), the
// entries kept out of memory as ReadSignedStreamed keeps them.
func ParseSignedStreamed(path string, data []byte, ring *signature.Keyring) (*File, error) {
	return parseSignedSums(path, data, ring, streamEntries)
}

// ParseSignedForCheck is ParseSignedStreamed for a check, as
// ReadSignedForCheck is ReadSignedStreamed.
func ParseSignedForCheck(path string, data []byte, ring *signature.Keyring) (*File, error) {
	return parseSignedSums(path, data, ring, streamPlanned)
}

func parseSignedSums(path string, data []byte, ring *signature.Keyring, how readHow) (*File, error) {
	sf, part, err := parseSumsAs(path, data, how)
	if err != nil {
		return nil, err
	}
	sf.Authenticity = authenticate(sf, part, data, ring, nil)
	return sf, nil
}

// authenticate checks the signatures over data, the bytes sf was parsed
// from: part's, then each file in sigs.
func authenticate(sf *File, part *signedPart, data []byte, ring *signature.Keyring, sigs []string) *Authenticity {
	a := &Authenticity{}
	switch {
	case part != nil && part.clear != nil:
		for _, r := range ring.VerifyClearSigned(part.clear) {
			r.Source = sf.Path
			a.Results = append(a.Results, r)
		}
	case part != nil && part.signify != nil:
		r := ring.VerifySignify(part.signify)
		r.Source = sf.Path
		a.Results = append(a.Results, r)
	case bytes.Contains(data, []byte(pgpSignedBegin)):
		// A clear-signed message whose signature cannot be read: its lines
		// were parsed as they stand, but nothing vouches for them.
		a.Results = append(a.Results, signature.Result{Kind: signature.Unreadable, Format: signature.OpenPGP, Source: sf.Path,
			Err: errors.New("the clear-signed message or its signature is damaged or cut short")})
	}
	for _, s := range sigs {
		var signed io.Reader = bytes.NewReader(data)
		if t := sf.fileText(); t != nil {
			signed = io.NewSectionReader(t, 0, t.size) // as parsed
		}
		a.Results = append(a.Results, verifyFileWith(signed, s, ring)...)
	}
	a.Verdict = signature.Verdict(a.Results)
	return a
}

// verifyFileWith checks the signature file at sigPath over signed.
func verifyFileWith(signed io.Reader, sigPath string, ring *signature.Keyring) []signature.Result {
	sig, err := readSignatureFile(sigPath)
	if err != nil {
		return []signature.Result{{Kind: signature.Unreadable, Source: sigPath, Err: err}}
	}
	rs, err := ring.Verify(signed, sig)
	if err != nil {
		return []signature.Result{{Kind: signature.Unreadable, Source: sigPath, Err: err}}
	}
	for i := range rs {
		rs[i].Source = sigPath
	}
	return rs
}

func readSignatureFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	return io.ReadAll(io.LimitReader(f, signature.MaxSignatureSize+1))
}

// VerifyFile checks the signatures beside the file at path that sign the
// file itself (ubuntu.iso.sig, archlinux.iso.sig), reading it through once.
// Nil when there is no such signature. The error is for a file that cannot
// be read.
func VerifyFile(path string, ring *signature.Keyring) (*Authenticity, error) {
	sigs := SignatureFiles(path)
	if len(sigs) == 0 {
		return nil, nil
	}
	a := &Authenticity{}
	for _, s := range sigs {
		f, err := os.Open(path)
		if err != nil {
			return nil, app.FileErrorOf(path, err)
		}
		a.Results = append(a.Results, verifyFileWith(f, s, ring)...)
		f.Close()
	}
	a.Verdict = signature.Verdict(a.Results)
	return a, nil
}

var ShippedKeys = sync.OnceValues(signature.ShippedKeys)

// TrustedKeys returns the keyring Hashdrop checks signatures against: the
// publishers' keys it ships, then the user's own (in the configuration
// folder). A key file of the user's that cannot be read is an error beside
// the other keys.
func TrustedKeys() (*signature.Keyring, []error) {
	ring := &signature.Keyring{}
	shipped, err := ShippedKeys()
	if err != nil {
		return ring, []error{err} // a broken build: its test fails
	}
	ring.Add(shipped...)
	store, err := signature.UserStore()
	if err != nil {
		return ring, nil // no configuration folder: no keys of the user's
	}
	ks, errs := store.Load()
	ring.Add(ks...)
	return ring, errs
}

// TrustedKeysLater is TrustedKeys whose shipped keys are parsed only when
// the ring is first used (signature.KeyringLater): a command that checks
// no signature (a checksum file with none beside it) does not pay for
// them. The user's keys are read at once, so that their errors are told
// at once; a shipped key that cannot be read is a broken build, whose
// test fails.
func TrustedKeysLater() (*signature.Keyring, []error) {
	ring := signature.KeyringLater(func() []*signature.Key {
		shipped, _ := ShippedKeys()
		return shipped
	})
	store, err := signature.UserStore()
	if err != nil {
		return ring, nil
	}
	ks, errs := store.Load()
	ring.Add(ks...)
	return ring, errs
}

// AddKeyFile adds the keys in the file at path to ring as the user's own
// (hashdrop check --keyring FILE) and returns them.
func AddKeyFile(ring *signature.Keyring, path string) ([]*signature.Key, error) {
	ks, err := ReadKeyFile(path)
	if err != nil {
		return nil, err
	}
	for _, k := range ks {
		k.Origin, k.Provenance = signature.Imported, path
	}
	ring.Add(ks...)
	return ks, nil
}

// ReadKeyFile, reads the public keys in the file at path; errors name it.
func ReadKeyFile(path string) ([]*signature.Key, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, app.FileErrorOf(path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, signature.MaxKeyFileSize+1))
	if err != nil {
		return nil, app.FileErrorOf(path, err)
	}
	ks, err := signature.ReadKeys(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Clean(path), err)
	}
	return ks, nil
}
