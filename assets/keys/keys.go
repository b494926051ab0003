// Package keys embeds the publishers' public keys Hashdrop trusts out of
// the box, each with its provenance. The README's "Publishers' keys" table
// lists the same, and a test in app/signature keeps the two equal.
package keys

import "embed"

//go:embed openpgp/*.asc signify/*.pub
var files embed.FS

// Entry is one shipped key file.
type Entry struct {
	File        string // under assets/keys
	Publisher   string // who signs with it, as the user knows them
	Fingerprint string // OpenPGP: the primary key's; signify: the key number (as minisign prints it)
	UserID      string // the key's user id, or signify's comment
	Source      string // where the file was taken from
}

// List is every shipped key: the one place to add one (its file goes
// under openpgp/ or signify/, its row in the README's table).
var List = []Entry{
	{"openpgp/ubuntu-cdimage-2012.asc", "Ubuntu", "843938DF228D22F7B3742BC0D94AA3F0EFE21092", "Ubuntu CD Image Automatic Signing Key (2012) <cdimage@ubuntu.com>", "a public copy of Ubuntu's CD image key (binary key SHA-256 192b3782...03fa); fingerprint as Ubuntu publishes it; verifies a real Ubuntu SHA256SUMS.gpg (Lubuntu, 2020) with gpg"},
	{"openpgp/debian-cd-DF9B9C49EAA9298432589D76DA87E80D6294BE9B.asc", "Debian", "DF9B9C49EAA9298432589D76DA87E80D6294BE9B", "Debian CD signing key <debian-cd@lists.debian.org>", "Debian package debian-keyring 2022.12.24, debian-role-keys.gpg"},
	{"openpgp/debian-cd-10460DAD76165AD81FBC0CE9988021A964E6EA7D.asc", "Debian", "10460DAD76165AD81FBC0CE9988021A964E6EA7D", "Debian CD signing key <debian-cd@lists.debian.org>", "Debian package debian-keyring 2022.12.24, debian-role-keys.gpg"},
	{"openpgp/debian-cd-F41D30342F3546695F65C66942468F4009EA8AC3.asc", "Debian", "F41D30342F3546695F65C66942468F4009EA8AC3", "Debian Testing CDs Automatic Signing Key <debian-cd@lists.debian.org>", "Debian package debian-keyring 2022.12.24, debian-role-keys.gpg"},
	{"openpgp/fedora-40-primary.asc", "Fedora", "115DF9AEF857853EE8445D0A0727707EA15B79CC", "Fedora (40) <fedora-40-primary@fedoraproject.org>", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/fedora/RPM-GPG-KEY-fedora-40-primary; fingerprint as gpg transcripts of Fedora 40 images show it (rsa4096, 2023-01-24)"},
	{"openpgp/fedora-41-primary.asc", "Fedora", "466CF2D8B60BC3057AA9453ED0622462E99D6AD1", "Fedora (41) <fedora-41-primary@fedoraproject.org>", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/fedora/RPM-GPG-KEY-fedora-41-primary; fingerprint as a gpg --show-keys of fedoraproject.org/fedora.gpg lists it (pmz2025/smallguides)"},
	{"openpgp/fedora-42-primary.asc", "Fedora", "B0F4950458F69E1150C6C5EDC8AC4916105EF944", "Fedora (42) <fedora-42-primary@fedoraproject.org>", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/fedora/RPM-GPG-KEY-fedora-42-primary; fingerprint as a gpg --show-keys of fedoraproject.org/fedora.gpg lists it (pmz2025/smallguides), and gpgv of a Fedora 42 CHECKSUM"},
	{"openpgp/fedora-43-primary.asc", "Fedora", "C6E7F081CF80E13146676E88829B606631645531", "Fedora (43) <fedora-43-primary@fedoraproject.org>", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/fedora/RPM-GPG-KEY-fedora-43-primary; fingerprint as a gpg --show-keys of fedoraproject.org/fedora.gpg lists it (pmz2025/smallguides), and several projects that pin it"},
	{"openpgp/fedora-44-primary.asc", "Fedora", "36F612DCF27F7D1A48A835E4DBFCF71C6D9F90A6", "Fedora (44) <fedora-44-primary@fedoraproject.org>", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/fedora/RPM-GPG-KEY-fedora-44-primary; fingerprint as a gpg --show-keys of fedoraproject.org/fedora.gpg lists it (pmz2025/smallguides), and several projects that pin it"},
	{"openpgp/fedora-45-primary.asc", "Fedora", "4F50A6114CD5C6976A7F1179655A4B02F577861E", "Fedora (45) <fedora-45-primary@fedoraproject.org>", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/fedora/RPM-GPG-KEY-fedora-45-primary; fingerprint as several projects pin it, and a dnf transcript importing it as 0xF577861E, Fedora (45) (third-party only)"},
	{"openpgp/fedora-46-primary.asc", "Fedora", "D924B10D3E810DABDD8B56B596E7E91491211FCE", "Fedora (46) <fedora-46-primary@fedoraproject.org>", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/fedora/RPM-GPG-KEY-fedora-46-primary; fingerprint as several projects pin it, one as the Rawhide 2026 key (third-party only)"},
	{"openpgp/fedora-47-primary.asc", "Fedora", "B2E766FA50CA6FA2D5ED06FC09D879E09488FB64", "Fedora (47) <fedora-47-primary@fedoraproject.org>", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/fedora/RPM-GPG-KEY-fedora-47-primary; fingerprint confirmed by one third-party script only (unconfirmed; the key was made on 2026-07-30)"},
	{"openpgp/linuxmint.asc", "Linux Mint", "27DEB15644C6B3CF3BD7D291300F846BA25BAE09", "Linux Mint ISO Signing Key <root@linuxmint.com>", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/mint/27DEB15644C6B3CF3BD7D291300F846BA25BAE09.asc"},
	{"openpgp/qubes-master-signing-key.asc", "Qubes OS", "427F11FD0FAA4B080123F01CDDFA1A3E36879494", "Qubes Master Signing Key", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/qubes/qubes-master-signing-key.asc"},
	{"openpgp/qubes-release-4.2-signing-key.asc", "Qubes OS", "9C884DF3F81064A569A4A9FAE022E58F8E34D89F", "Qubes OS Release 4.2 Signing Key", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/qubes/qubes-release-4.2-signing-key.asc"},
	{"openpgp/qubes-release-4-signing-key.asc", "Qubes OS", "5817A43B283DE5A9181A522E1848792F9E2795E9", "Qubes OS Release 4 Signing Key", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/qubes/qubes-release-4-signing-key.asc"},
	{"openpgp/rocky-9.asc", "Rocky Linux", "21CB256AE16FC54C6E652949702D426D350D275D", "Rocky Enterprise Software Foundation - Release key 2022 <releng@rockylinux.org>", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/rocky/RPM-GPG-KEY-Rocky-9"},
	{"openpgp/rocky-10.asc", "Rocky Linux", "FC226859C0860BF0DDB95B085B106C736FEDFC85", "Release Engineering (Rocky Linux 10) <releng@rockylinux.org>", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/rocky/RPM-GPG-KEY-Rocky-10"},
	{"openpgp/almalinux-9.asc", "AlmaLinux", "BF18AC2876178908D6E71267D36CB86CB86B3716", "AlmaLinux OS 9 <packager@almalinux.org>", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/alma/RPM-GPG-KEY-AlmaLinux-9"},
	{"openpgp/almalinux-10.asc", "AlmaLinux", "EE6DB7B98F5BF5EDD9DA0DE5DEE5C11CC2A1E572", "AlmaLinux OS 10 <packager@almalinux.org>", "rpm-software-management/distribution-gpg-keys @65c3eae5, keys/alma/RPM-GPG-KEY-AlmaLinux-10"},
	{"openpgp/opensuse-2022.asc", "openSUSE", "AD485664E901B867051AB15F35A2F86E29B700A4", "openSUSE Project Signing Key <opensuse@opensuse.org>",
		"rpm-software-management/distribution-gpg-keys @7b1b9fdf, keys/opensuse/RPM-GPG-KEY-openSUSE-2022 (expiry extended to 2030-05-27); fingerprint as get.opensuse.org shows it since 2023-07-09 (openSUSE/get-o-o, _includes/verify_download.html, commit de5cd90), replacing the 2014 key 22C07BA5...C284 that expired on 2024-05-02"},
	// Provenance: where each file was taken from, and the second source
	// that confirmed its fingerprint (../shared/keys-new/MANIFEST.txt as
	// gathered for issue 32).
	{"openpgp/archlinux-iso-pierre-2022.asc", "Arch Linux", "3E80CA1A8B89F69CBA57D98A76A5EF9054449A5C", "Pierre Schmitz <pierre@archlinux.org>",
		"Debian package archlinux-keyring 0~20231113-1~deb12u1, archlinux.gpg; fingerprint as in archlinux/archlinux-keyring @29d9caa8, keyring/packager/pierre; Arch's ISO and bootstrap signer since 2022"},
	{"openpgp/archlinux-iso-pierre-2011.asc", "Arch Linux (2011 key, withdrawn)", "4AA4767BBC9C4B1D18AE28B77F2D434B9741E8AC", "Pierre Schmitz <pierre@archlinux.de>",
		"Debian package archlinux-keyring 0~20231113-1~deb12u1, archlinux.gpg; fingerprint as in archlinux/archlinux-keyring @29d9caa8; Arch withdrew it (archlinux-revoked; certifications revoked 2023-09-16): only for ISOs signed before 2022"},
	{"openpgp/tails-signing.asc", "Tails", "A490D0F4D311A4153E2BB7CADBB802B258ACD84F", "Tails developers <tails@boum.org>",
		"hologram2016/unofficial-tails-arm64 @8a64f83d, wiki/src/tails-signing.key (a fork of Tails' repository); fingerprint as Tails gives it on tails.boum.org (news/signing_key_transition, doc/get/trusting_tails_signing_key)"},
	{"openpgp/alpine-ncopa.asc", "Alpine Linux", "0482D84022F52DF1C4E7CD43293ACD0907D9495A", "Natanael Copa <ncopa@alpinelinux.org>",
		"joaompinto/pylibcontainer @a418781b, pylibcontainer/trusted/keys.gpg (fetched from alpinelinux.org/keys/ncopa.asc, 2018); fingerprint as in wildtechgarden/server-alpine-linux-docs4web, citing alpinelinux.org/downloads"},
	{"signify/openbsd-70-base.pub", "OpenBSD", "6710BE4AA0BF2877", "openbsd 7.0 base public key", "Debian package signify-openbsd-keys 2022.2"},
	{"signify/openbsd-71-base.pub", "OpenBSD", "4D22E14C197C7876", "openbsd 7.1 public key", "Debian package signify-openbsd-keys 2022.2"},
	{"signify/openbsd-72-base.pub", "OpenBSD", "F05926DCCAD92813", "openbsd 7.2 public key", "Debian package signify-openbsd-keys 2022.2"},
	{"signify/openbsd-73-base.pub", "OpenBSD", "16179ECDD846F712", "openbsd 7.3 public key", "Debian package signify-openbsd-keys 2022.2"},
}

// Data returns the key file of e.
func Data(e Entry) ([]byte, error) { return files.ReadFile(e.File) }
