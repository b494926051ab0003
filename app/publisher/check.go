package publisher

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/hashdrop/hashdrop/assets/publishers"
)

// fingerprint is an OpenPGP v4 fingerprint as the table writes it.
var fingerprint = regexp.MustCompile(`^[0-9A-F]{40}$`)

// check is every rule the table must keep, all faults at once: the shapes
// are known; patterns compile, are anchored and have a version; every
// template is https on one of the row's hosts and uses only groups its
// pattern has; signatures are there exactly when the shape needs them; a
// row without keys says why; a host that is not a shared mirror belongs to
// one row. (That the keys are shipped is a test: assets/keys is not this
// package's business at run time.)
func check(rows []Row) error {
	var errs []error
	fault := func(r *Row, format string, args ...any) {
		errs = append(errs, fmt.Errorf("publishers.json: %s: "+format, append([]any{r.Publisher}, args...)...))
	}
	owner := map[string]string{} // own host → publisher
	seen := map[string]bool{}
	for i := range rows {
		r := &rows[i]
		if r.Publisher == "" || seen[r.Publisher] {
			fault(r, "no name, or a name used twice")
		}
		seen[r.Publisher] = true
		switch r.Shape {
		case Detached, ClearSigned, OverFile, None:
		default:
			fault(r, "unknown shape %q", r.Shape)
		}
		if len(r.Hosts) == 0 {
			fault(r, "no hosts")
		}
		for _, h := range r.Hosts {
			if !isASCII(h) || h != lowerASCII(h) || strings.ContainsAny(h, ":/ ") {
				fault(r, "host %q is not a lower-case ASCII host name", h)
			}
			if slices.Contains(r.SharedHosts, h) {
				continue
			}
			if o, ok := owner[h]; ok {
				fault(r, "host %s is also %s's", h, o)
			}
			owner[h] = r.Publisher
		}
		for _, h := range r.SharedHosts {
			if !slices.Contains(r.Hosts, h) {
				fault(r, "shared host %s is not in hosts", h)
			}
		}
		for _, k := range r.Keys {
			if !fingerprint.MatchString(k) {
				fault(r, "key %q is not a full upper-case fingerprint", k)
			}
		}
		if len(r.Keys) == 0 && r.NoKeys == "" {
			fault(r, "no keys, and no_keys does not say why")
		}
		if len(r.Keys) > 0 && r.NoKeys != "" {
			fault(r, "keys and no_keys both given")
		}
		if r.MinSigners < 0 || r.MinSigners > len(r.Keys) {
			fault(r, "min_signers %d: not between 0 and its %d keys", r.MinSigners, len(r.Keys))
		}
		if r.Shape == None && len(r.Keys) > 0 {
			fault(r, "shape none with keys")
		}
		if len(r.Sources) == 0 {
			fault(r, "no sources")
		}
		if len(r.Files) == 0 {
			fault(r, "no files")
		}
		for _, f := range r.Files {
			checkFile(r, f.Pattern, f.Tries, fault)
		}
	}
	return errors.Join(errs...)
}

// checkFile checks one pattern of r and its templates.
func checkFile(r *Row, pattern string, tries []publishers.Try, fault func(*Row, string, ...any)) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		fault(r, "pattern %q: %v", pattern, err)
		return
	}
	if !strings.HasPrefix(pattern, "^") || !strings.HasSuffix(pattern, "$") {
		fault(r, "pattern %q is not anchored with ^ and $", pattern)
	}
	groups := map[string]bool{"file": true}
	for _, g := range re.SubexpNames() {
		if g == "file" {
			fault(r, "pattern %q: the group name file is reserved", pattern)
		}
		if g != "" {
			groups[g] = true
		}
	}
	if !groups["version"] {
		fault(r, "pattern %q has no version group", pattern)
	}
	if len(tries) == 0 {
		fault(r, "pattern %q has no tries", pattern)
	}
	for _, t := range tries {
		wantSig := r.Shape == Detached || r.Shape == OverFile
		if (t.Signature != "") != wantSig {
			fault(r, "%s: signature %q does not fit shape %s", pattern, t.Signature, r.Shape)
		}
		if t.Sums == "" && r.Shape != OverFile {
			fault(r, "%s: no checksum file", pattern)
		}
		for _, tmpl := range []string{t.Sums, t.Signature} {
			if tmpl != "" {
				checkTemplate(r, tmpl, groups, fault)
			}
		}
	}
}

// checkTemplate checks that tmpl is https on one of r's hosts, with
// placeholders only in its path, each a group of the pattern.
func checkTemplate(r *Row, tmpl string, groups map[string]bool, fault func(*Row, string, ...any)) {
	for _, m := range placeholder.FindAllStringSubmatch(tmpl, -1) {
		if !groups[m[1]] {
			fault(r, "template %s: {%s} is not a group of its pattern", tmpl, m[1])
		}
	}
	plain := placeholder.ReplaceAllString(tmpl, "x")
	u, err := url.Parse(plain)
	switch {
	case err != nil:
		fault(r, "template %s: %v", tmpl, err)
	case strings.ContainsAny(plain, "{}"):
		fault(r, "template %s: a brace that is not a placeholder", tmpl)
	case u.Scheme != "https" || u.User != nil || u.Port() != "" || u.RawQuery != "" || u.Fragment != "":
		fault(r, "template %s: not a plain https URL", tmpl)
	case !slices.Contains(r.Hosts, u.Host):
		// A placeholder in the host lands here too: "x.ubuntu.com" is no
		// host of the row's.
		fault(r, "template %s: host %s is not in hosts", tmpl, u.Host)
	}
}
