package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/signature"
)

func init() {
	commands["keys"] = command{"list, import or remove the keys signatures are checked against", (*cli).keys}
}

const keysUsage = "list | import [--yes] FILE... | import --gpg KEYID | remove FINGERPRINT"

// keys implements "hashdrop keys list|import|remove".
func (c *cli) keys(args []string) int {
	if len(args) == 0 {
		c.errorf("Usage: hashdrop keys %s", keysUsage)
		return ExitUsage
	}
	store, err := signature.UserStore()
	if err != nil {
		c.errorf("hashdrop keys: no configuration folder to keep keys in: %v", err)
		return ExitFail
	}
	switch args[0] {
	case "list":
		return c.keysList(store, args[1:])
	case "import":
		return c.keysImport(store, args[1:])
	case "remove":
		return c.keysRemove(store, args[1:])
	}
	c.errorf("hashdrop keys: unknown action %q\nUsage: hashdrop keys %s", args[0], keysUsage)
	return ExitUsage
}

// keysList prints the shipped keys, then the user's: one key a line,
// "FINGERPRINT  PUBLISHER  USER ID  (FORMAT ALGORITHM)".
func (c *cli) keysList(store *signature.Store, args []string) int {
	if len(args) > 0 {
		c.errorf("Usage: hashdrop keys list")
		return ExitUsage
	}
	shipped, err := checksum.ShippedKeys()
	if err != nil {
		c.errorf("hashdrop: %v", err)
		return ExitFail
	}
	fmt.Fprintln(c.stdout, "Publishers' keys Hashdrop ships:")
	for _, k := range shipped {
		c.printKey(k)
	}
	mine, errs := store.Load()
	fmt.Fprintf(c.stdout, "Your keys (%s):\n", store.Dir)
	if len(mine) == 0 {
		fmt.Fprintln(c.stdout, "  none")
	}
	for _, k := range mine {
		c.printKey(k)
	}
	for _, err := range errs {
		c.errorf("hashdrop: warning: %v", err)
	}
	return ExitOK
}

func (c *cli) printKey(k *signature.Key) {
	who := k.Publisher
	if who == "" {
		who = "yours"
	}
	fmt.Fprintf(c.stdout, "  %s  %-11s %s  (%s %s)\n", signature.GroupFingerprint(k.Fingerprint), who, escapeControls(k.UserID), k.Format, k.Algorithm)
}

// keysImport reads keys from files (or gpg --export), shows each one's
// fingerprint and user id, and asks before trusting it (--yes: trusts
// without asking).
func (c *cli) keysImport(store *signature.Store, args []string) int {
	fs := c.flags("keys import", "[--yes] FILE... | --gpg KEYID")
	yes := fs.Bool("yes", false, "trust the keys without asking (check their fingerprints first)")
	gpgID := fs.String("gpg", "", "import the key `KEYID` from your GnuPG keyring (runs gpg --export)")
	files, ok := c.parse(fs, args)
	if !ok {
		return ExitUsage
	}
	if len(files) == 0 && *gpgID == "" {
		c.errorf("hashdrop keys import: no key file given")
		return ExitUsage
	}
	var keys []*signature.Key
	for _, f := range files {
		ks, err := c.readKeys(f)
		if err != nil {
			c.errorf("hashdrop keys import: %v", err)
			return ExitUsage
		}
		keys = append(keys, ks...)
	}
	if *gpgID != "" {
		ks, err := signature.GPGKeys(*gpgID)
		if err != nil {
			c.errorf("hashdrop keys import: --gpg %s: %v", *gpgID, err)
			return ExitFail
		}
		keys = append(keys, ks...)
	}
	fmt.Fprintln(c.stderr, importWarning)
	answers := bufio.NewReader(c.stdin)
	code := ExitOK
	for _, k := range keys {
		fmt.Fprintf(c.stdout, "Key:         %s\nFingerprint: %s\nFormat:      %s %s\n", escapeControls(k.UserID), signature.GroupFingerprint(k.Fingerprint), k.Format, k.Algorithm)
		if !*yes && !c.ask(answers, "Trust signatures by this key? [y/N] ") {
			fmt.Fprintln(c.stdout, "Not imported.")
			code = ExitFail
			continue
		}
		path, err := store.Import(k)
		switch {
		case errors.Is(err, signature.ErrKnown):
			fmt.Fprintf(c.stdout, "Already trusted (%s).\n", path)
		case err != nil:
			c.errorf("hashdrop keys import: cannot keep the key: %v", err)
			return ExitFail
		default:
			fmt.Fprintf(c.stdout, "Trusted; kept in %s\n", path)
		}
	}
	return code
}

const importWarning = "Check each fingerprint against the publisher's own site (HTTPS) before you trust it.\n" +
	"A key found next to a download proves nothing: whoever could replace the download could replace the key."

// ask prints question and reads a yes from answers.
func (c *cli) ask(answers *bufio.Reader, question string) bool {
	fmt.Fprint(c.stdout, question)
	line, err := answers.ReadString('\n')
	if err != nil && line == "" {
		fmt.Fprintln(c.stdout)
		return false
	}
	a := strings.ToLower(strings.TrimSpace(line))
	return a == "y" || a == "yes"
}

// readKeys reads the keys of a file, or of standard input for "-".
func (c *cli) readKeys(name string) ([]*signature.Key, error) {
	if name != "-" {
		return checksum.ReadKeyFile(name)
	}
	data, err := io.ReadAll(io.LimitReader(c.stdin, signature.MaxKeyFileSize+1))
	if err != nil {
		return nil, err
	}
	return signature.ReadKeys(data)
}

// keysRemove stops trusting one of the user's keys.
func (c *cli) keysRemove(store *signature.Store, args []string) int {
	if len(args) == 0 {
		c.errorf("Usage: hashdrop keys remove FINGERPRINT")
		return ExitUsage
	}
	fpr := strings.Join(args, "")
	if shipped, _ := checksum.ShippedKeys(); shipped != nil {
		for _, k := range shipped {
			if k.Fingerprint == strings.ToUpper(fpr) {
				c.errorf("hashdrop keys remove: %s is a publisher's key Hashdrop ships; it cannot be removed", signature.GroupFingerprint(k.Fingerprint))
				return ExitFail
			}
		}
	}
	k, err := store.Remove(fpr)
	if err != nil {
		c.errorf("hashdrop keys remove: %v", err)
		return ExitFail
	}
	fmt.Fprintf(c.stdout, "No longer trusted: %s (%s)\n", escapeControls(k.UserID), signature.GroupFingerprint(k.Fingerprint))
	return ExitOK
}
