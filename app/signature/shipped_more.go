package signature

import (
	"embed"

	"github.com/hashdrop/hashdrop/assets/keys"
)

// moreFiles holds publishers' keys added while assets/ was being
// reorganised; they are shipped, and listed in the README, exactly as the
// keys in assets/keys are. Their File is relative to app/signature/keys,
// laid out as assets/keys is, so that moving them there is a git mv and
// one list appended to the other.
//
//go:embed keys/openpgp/*.asc
var moreFiles embed.FS

// morePublishers are those keys, with their provenance: where each file
// was taken from, and the second source that confirmed its fingerprint
// (../shared/keys-new/MANIFEST.txt as gathered for issue 32).
var morePublishers = []keys.Entry{
	{File: "openpgp/archlinux-iso-pierre-2022.asc", Publisher: "Arch Linux", Fingerprint: "3E80CA1A8B89F69CBA57D98A76A5EF9054449A5C", UserID: "Pierre Schmitz <pierre@archlinux.org>",
		Source: "Debian package archlinux-keyring 0~20231113-1~deb12u1, archlinux.gpg; fingerprint as in archlinux/archlinux-keyring @29d9caa8, keyring/packager/pierre; Arch's ISO and bootstrap signer since 2022"},
	{File: "openpgp/archlinux-iso-pierre-2011.asc", Publisher: "Arch Linux (2011 key, withdrawn)", Fingerprint: "4AA4767BBC9C4B1D18AE28B77F2D434B9741E8AC", UserID: "Pierre Schmitz <pierre@archlinux.de>",
		Source: "Debian package archlinux-keyring 0~20231113-1~deb12u1, archlinux.gpg; fingerprint as in archlinux/archlinux-keyring @29d9caa8; Arch withdrew it (archlinux-revoked; certifications revoked 2023-09-16): only for ISOs signed before 2022"},
	{File: "openpgp/tails-signing.asc", Publisher: "Tails", Fingerprint: "A490D0F4D311A4153E2BB7CADBB802B258ACD84F", UserID: "Tails developers <tails@boum.org>",
		Source: "hologram2016/unofficial-tails-arm64 @8a64f83d, wiki/src/tails-signing.key (a fork of Tails' repository); fingerprint as Tails gives it on tails.boum.org (news/signing_key_transition, doc/get/trusting_tails_signing_key)"},
	{File: "openpgp/alpine-ncopa.asc", Publisher: "Alpine Linux", Fingerprint: "0482D84022F52DF1C4E7CD43293ACD0907D9495A", UserID: "Natanael Copa <ncopa@alpinelinux.org>",
		Source: "joaompinto/pylibcontainer @a418781b, pylibcontainer/trusted/keys.gpg (fetched from alpinelinux.org/keys/ncopa.asc, 2018); fingerprint as in wildtechgarden/server-alpine-linux-docs4web, citing alpinelinux.org/downloads"},
}

// shippedEntry is one shipped key file and where to read it.
type shippedEntry struct {
	keys.Entry
	data func() ([]byte, error)
}

// shippedEntries lists every shipped key: assets/keys', then these.
func shippedEntries() []shippedEntry {
	out := make([]shippedEntry, 0, len(keys.List)+len(morePublishers))
	for _, e := range keys.List {
		out = append(out, shippedEntry{e, func() ([]byte, error) { return keys.Data(e) }})
	}
	for _, e := range morePublishers {
		out = append(out, shippedEntry{e, func() ([]byte, error) { return moreFiles.ReadFile("keys/" + e.File) }})
	}
	return out
}
