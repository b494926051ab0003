// Package publishers embeds the table of publishers whose checksum files
// Hashdrop can find from a download's name alone (issue 40):
// publishers.json, reviewed like the keys in assets/keys. Each row says
// which file names are the publisher's, where its checksum file and
// signature are (HTTPS URL templates, in order of preference), how it signs,
// which hosts a fetch may touch, and which shipped keys may sign. The facts
// come from shared/research/publishers.md; each row names its sources.
//
// The table is data only: app/publisher compiles and answers from it, and
// its tests check the rules below.
//
// A row (one publisher):
//
//	publisher     the name the user knows ("Ubuntu")
//	shape         how the checksum file is signed: "detached", "clearsigned",
//	              "over-file" or "none" (see Shape)
//	hosts         every host a fetch may touch, redirects included; each
//	              template's host is one of them
//	shared_hosts  those of hosts that are mirrors serving other publishers too
//	              (Linux Mint's kernel.org mirrors): a URL pasted on one of
//	              them tells nothing of its publisher
//	keys          full fingerprints (upper-case hex) of the shipped keys
//	              (assets/keys) that may sign; may be empty only when
//	              no_keys says why, and then nothing from the row is genuine
//	no_keys       why keys is empty ("Kali's 2025 key is not shipped")
//	min_signers   how many good signatures by distinct keys of the row make
//	              it genuine, where several people sign (Bitcoin Core's
//	              builders: 3, as its contrib/verify-binaries does); absent
//	              or 0: one
//	files         the file names the row knows, each with its URLs (File)
//	sources       the research's [Sn] ids and addresses the row came from
//	notes         what a reviewer should know: inferred URLs, pitfalls
//
// A template is an https URL whose {name} placeholders are the named
// groups of its file's pattern, and {file}: the whole file name. Values are
// path-escaped when filled in; a placeholder never stands in a host.
package publishers

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
)

// JSON is the table as shipped.
//
//go:embed publishers.json
var JSON []byte

// Shape is how a publisher signs what it publishes.
type Shape string

// The signature shapes a row can have.
const (
	// Detached: a separate signature over the checksum file
	// (Ubuntu SHA256SUMS.gpg, Debian SHA256SUMS.sign).
	Detached Shape = "detached"
	// ClearSigned: the checksum file carries its own signature inline
	// (Fedora and AlmaLinux CHECKSUM); Try.Signature is empty.
	ClearSigned Shape = "clearsigned"
	// OverFile: a detached signature over the download itself (Arch .sig,
	// Alpine .asc); the checksum file beside it, if any, is unsigned.
	OverFile Shape = "over-file"
	// None: the publisher signs nothing; a match is only "as published
	// over HTTPS by" the publisher, never genuine.
	None Shape = "none"
)

// Table is the whole file.
type Table struct {
	About   string    `json:"about"`    // what the file is, for whoever opens it
	LeftOut []LeftOut `json:"left_out"` // publishers the research names that have no row
	Rows    []Row     `json:"rows"`
}

// LeftOut is a publisher deliberately not in the table, and why.
type LeftOut struct {
	Publisher string `json:"publisher"`
	Why       string `json:"why"`
}

// Row is one publisher (see the package comment for each field).
type Row struct {
	Publisher   string   `json:"publisher"`
	Shape       Shape    `json:"shape"`
	Hosts       []string `json:"hosts"`
	SharedHosts []string `json:"shared_hosts,omitempty"`
	Keys        []string `json:"keys"`
	NoKeys      string   `json:"no_keys,omitempty"`
	MinSigners  int      `json:"min_signers,omitempty"`
	Files       []File   `json:"files"`
	Sources     []string `json:"sources"`
	Notes       string   `json:"notes,omitempty"`
}

// File is one kind of file name a publisher uses and where its checksums
// are.
type File struct {
	// Pattern is a regular expression (Go syntax, anchored with ^ and $)
	// matching the whole base name; its named groups feed the templates
	// and one of them is "version".
	Pattern string `json:"pattern"`
	// Tries are the places to look, the primary first, then the archive
	// fallbacks a release moves to.
	Tries []Try `json:"tries"`
	// Notes: what in this entry is inferred rather than quoted.
	Notes string `json:"notes,omitempty"`
}

// Try is one place to look: the checksum file's URL template and its
// signature's. Signature is empty for ClearSigned and None; for OverFile it
// is the download's own signature and Sums may be empty.
type Try struct {
	Sums      string `json:"sums"`
	Signature string `json:"signature"`
}

// Load decodes the shipped table. Unknown fields are an error, so that a
// misspelt field cannot silently drop a fact.
func Load() (*Table, error) { return Decode(JSON) }

// Decode decodes a table in publishers.json's format.
func Decode(data []byte) (*Table, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var t Table
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("publishers table: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("publishers table: data after the table")
	}
	return &t, nil
}
