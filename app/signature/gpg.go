package signature

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// ErrNoGPG and ErrNoGPGKey are why GPGKeys found nothing.
var (
	ErrNoGPG    = errors.New("gpg is not installed")
	ErrNoGPGKey = errors.New("gpg knows no such key")
)

// HaveGPG reports whether GnuPG's gpg is on the PATH, so that its keys can
// be imported.
func HaveGPG() bool {
	_, err := exec.LookPath("gpg")
	return err == nil
}

// GPGKeys reads the public keys id names (a key id, a fingerprint or a user
// id, as gpg takes them) from the user's GnuPG keyring (gpg --export). It
// does not trust them: that is asked about each one.
func GPGKeys(id string) ([]*Key, error) {
	gpg, err := exec.LookPath("gpg")
	if err != nil {
		return nil, ErrNoGPG
	}
	var out, errb bytes.Buffer
	cmd := exec.Command(gpg, "--batch", "--export", "--", id)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("gpg: %v %s", err, strings.TrimSpace(errb.String()))
	}
	if out.Len() == 0 {
		return nil, ErrNoGPGKey
	}
	return ReadKeys(out.Bytes())
}
