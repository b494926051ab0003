package publisher

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/assets/keys"
	"github.com/hashdrop/hashdrop/assets/publishers"
)

// known are real names, as the research quotes them or as its patterns
// give them (marked), with where their checksums are. sums and sig are
// those of the first Try.
var known = []struct {
	name, publisher, version, sums, sig string
}{
	// Ubuntu [S1][S2][S3][S4]
	{"ubuntu-24.04-desktop-amd64.iso", "Ubuntu", "24.04",
		"https://releases.ubuntu.com/24.04/SHA256SUMS", "https://releases.ubuntu.com/24.04/SHA256SUMS.gpg"},
	{"ubuntu-24.04.1-desktop-amd64.iso", "Ubuntu", "24.04.1",
		"https://releases.ubuntu.com/24.04.1/SHA256SUMS", "https://releases.ubuntu.com/24.04.1/SHA256SUMS.gpg"},
	{"ubuntu-24.04.1-live-server-amd64.iso", "Ubuntu", "24.04.1",
		"https://releases.ubuntu.com/24.04.1/SHA256SUMS", "https://releases.ubuntu.com/24.04.1/SHA256SUMS.gpg"},
	{"ubuntu-23.10.1-desktop-amd64.iso", "Ubuntu", "23.10.1",
		"https://releases.ubuntu.com/23.10.1/SHA256SUMS", "https://releases.ubuntu.com/23.10.1/SHA256SUMS.gpg"},
	{"ubuntu-24.04.4-preinstalled-server-arm64+raspi.img.xz", "Ubuntu", "24.04.4",
		"https://cdimage.ubuntu.com/releases/24.04.4/release/SHA256SUMS", "https://cdimage.ubuntu.com/releases/24.04.4/release/SHA256SUMS.gpg"},
	{"ubuntu-24.04.1-live-server-arm64.iso", "Ubuntu", "24.04.1", // pattern
		"https://cdimage.ubuntu.com/releases/24.04.1/release/SHA256SUMS", "https://cdimage.ubuntu.com/releases/24.04.1/release/SHA256SUMS.gpg"},
	{"ubuntu-mate-19.04-desktop-amd64.iso", "Ubuntu", "19.04", // distroverify's example [S6]
		"https://cdimage.ubuntu.com/ubuntu-mate/releases/19.04/release/SHA256SUMS", "https://cdimage.ubuntu.com/ubuntu-mate/releases/19.04/release/SHA256SUMS.gpg"},
	{"kubuntu-24.04.1-desktop-amd64.iso", "Ubuntu", "24.04.1", // pattern
		"https://cdimage.ubuntu.com/kubuntu/releases/24.04.1/release/SHA256SUMS", "https://cdimage.ubuntu.com/kubuntu/releases/24.04.1/release/SHA256SUMS.gpg"},

	// Debian [S4][S5][S6][S8] (names from the patterns)
	{"debian-12.8.0-amd64-netinst.iso", "Debian", "12.8.0",
		"https://cdimage.debian.org/debian-cd/current/amd64/iso-cd/SHA256SUMS", "https://cdimage.debian.org/debian-cd/current/amd64/iso-cd/SHA256SUMS.sign"},
	{"debian-12.8.0-arm64-DVD-1.iso", "Debian", "12.8.0",
		"https://cdimage.debian.org/debian-cd/current/arm64/iso-dvd/SHA256SUMS", "https://cdimage.debian.org/debian-cd/current/arm64/iso-dvd/SHA256SUMS.sign"},
	{"debian-live-12.8.0-amd64-gnome.iso", "Debian", "12.8.0",
		"https://cdimage.debian.org/debian-cd/current-live/amd64/iso-hybrid/SHA256SUMS", "https://cdimage.debian.org/debian-cd/current-live/amd64/iso-hybrid/SHA256SUMS.sign"},

	// Linux Mint [S7][S9]
	{"linuxmint-22-cinnamon-64bit.iso", "Linux Mint", "22",
		"https://mirrors.kernel.org/linuxmint/stable/22/sha256sum.txt", "https://mirrors.kernel.org/linuxmint/stable/22/sha256sum.txt.gpg"},
	{"linuxmint-21.3-xfce-64bit.iso", "Linux Mint", "21.3",
		"https://mirrors.kernel.org/linuxmint/stable/21.3/sha256sum.txt", "https://mirrors.kernel.org/linuxmint/stable/21.3/sha256sum.txt.gpg"},
	{"linuxmint-22-cinnamon-64bit-beta.iso", "Linux Mint", "22",
		"https://mirrors.kernel.org/linuxmint/testing/sha256sum.txt", "https://mirrors.kernel.org/linuxmint/testing/sha256sum.txt.gpg"},
	{"lmde-6-cinnamon-64bit.iso", "Linux Mint", "6",
		"https://mirrors.kernel.org/linuxmint/debian/sha256sum.txt", "https://mirrors.kernel.org/linuxmint/debian/sha256sum.txt.gpg"},
	{"lmde-7-cinnamon-64bit-beta.iso", "Linux Mint", "7",
		"https://mirrors.kernel.org/linuxmint/testing/sha256sum.txt", "https://mirrors.kernel.org/linuxmint/testing/sha256sum.txt.gpg"},

	// Kali [S5][S10]
	{"kali-linux-2024.4-installer-amd64.iso", "Kali Linux", "2024.4",
		"https://cdimage.kali.org/kali-2024.4/SHA256SUMS", "https://cdimage.kali.org/kali-2024.4/SHA256SUMS.gpg"},
	{"kali-linux-2025.1-live-arm64.iso", "Kali Linux", "2025.1",
		"https://cdimage.kali.org/kali-2025.1/SHA256SUMS", "https://cdimage.kali.org/kali-2025.1/SHA256SUMS.gpg"},

	// Fedora [S6][S18][S20][S21]: both name schemes
	{"Fedora-Workstation-Live-x86_64-41-1.4.iso", "Fedora", "41",
		"https://dl.fedoraproject.org/pub/fedora/linux/releases/41/Workstation/x86_64/iso/Fedora-Workstation-41-1.4-x86_64-CHECKSUM", ""},
	{"Fedora-Server-dvd-x86_64-30-1.2.iso", "Fedora", "30", // distroverify [S6]
		"https://dl.fedoraproject.org/pub/fedora/linux/releases/30/Server/x86_64/iso/Fedora-Server-30-1.2-x86_64-CHECKSUM", ""},
	{"Fedora-Everything-netinst-x86_64-42-1.1.iso", "Fedora", "42",
		"https://dl.fedoraproject.org/pub/fedora/linux/releases/42/Everything/x86_64/iso/Fedora-Everything-42-1.1-x86_64-CHECKSUM", ""},
	{"Fedora-Workstation-Live-43-1.6.x86_64.iso", "Fedora", "43",
		"https://dl.fedoraproject.org/pub/fedora/linux/releases/43/Workstation/x86_64/iso/Fedora-Workstation-43-1.6-x86_64-CHECKSUM", ""},
	{"Fedora-KDE-Desktop-Live-42-1.1.x86_64.iso", "Fedora", "42",
		"https://dl.fedoraproject.org/pub/fedora/linux/releases/42/KDE/x86_64/iso/Fedora-KDE-Desktop-42-1.1-x86_64-CHECKSUM", ""},

	// openSUSE [S27]
	{"openSUSE-Leap-15.6-DVD-x86_64-Media.iso", "openSUSE", "15.6",
		"https://download.opensuse.org/distribution/leap/15.6/iso/openSUSE-Leap-15.6-DVD-x86_64-Media.iso.sha256",
		"https://download.opensuse.org/distribution/leap/15.6/iso/openSUSE-Leap-15.6-DVD-x86_64-Media.iso.sha256.asc"},
	{"Leap-16.0-online-installer-aarch64.install.iso", "openSUSE", "16.0",
		"https://download.opensuse.org/distribution/leap/16.0/offline/Leap-16.0-online-installer-aarch64.install.iso.sha256",
		"https://download.opensuse.org/distribution/leap/16.0/offline/Leap-16.0-online-installer-aarch64.install.iso.sha256.asc"},
	{"openSUSE-Tumbleweed-DVD-x86_64-Snapshot20240101-Media.iso", "openSUSE", "20240101", // pattern
		"https://download.opensuse.org/tumbleweed/iso/openSUSE-Tumbleweed-DVD-x86_64-Snapshot20240101-Media.iso.sha256",
		"https://download.opensuse.org/tumbleweed/iso/openSUSE-Tumbleweed-DVD-x86_64-Snapshot20240101-Media.iso.sha256.asc"},

	// Rocky [S31], AlmaLinux [S32] (names from the patterns)
	{"Rocky-9.5-x86_64-minimal.iso", "Rocky Linux", "9.5",
		"https://download.rockylinux.org/pub/rocky/9/isos/x86_64/CHECKSUM", "https://download.rockylinux.org/pub/rocky/9/isos/x86_64/CHECKSUM.asc"},
	{"AlmaLinux-9.5-x86_64-dvd.iso", "AlmaLinux", "9.5",
		"https://repo.almalinux.org/almalinux/9/isos/x86_64/CHECKSUM", ""},

	// Arch [S22]
	{"archlinux-2024.01.01-x86_64.iso", "Arch Linux", "2024.01.01",
		"https://archlinux.org/iso/2024.01.01/sha256sums.txt", "https://archlinux.org/iso/2024.01.01/archlinux-2024.01.01-x86_64.iso.sig"},

	// Alpine [S26]
	{"alpine-virt-3.21.0-x86_64.iso", "Alpine Linux", "3.21.0",
		"https://dl-cdn.alpinelinux.org/alpine/v3.21/releases/x86_64/alpine-virt-3.21.0-x86_64.iso.sha256",
		"https://dl-cdn.alpinelinux.org/alpine/v3.21/releases/x86_64/alpine-virt-3.21.0-x86_64.iso.asc"},

	// Tails [software S36]: no checksum file, a signature over the image
	{"tails-amd64-6.10.img", "Tails", "6.10", "", "https://tails.net/torrents/files/tails-amd64-6.10.img.sig"},
	{"tails-amd64-7.3.1.iso", "Tails", "7.3.1", "", "https://tails.net/torrents/files/tails-amd64-7.3.1.iso.sig"},

	// Gentoo [S35] (pattern)
	{"install-amd64-minimal-20240101T170309Z.iso", "Gentoo", "20240101T170309Z",
		"https://distfiles.gentoo.org/releases/amd64/autobuilds/20240101T170309Z/install-amd64-minimal-20240101T170309Z.iso.sha256",
		"https://distfiles.gentoo.org/releases/amd64/autobuilds/20240101T170309Z/install-amd64-minimal-20240101T170309Z.iso.asc"},

	// Qubes [S34]
	{"Qubes-R4.2.4-x86_64.iso", "Qubes OS", "4.2.4",
		"https://ftp.qubes-os.org/iso/Qubes-R4.2.4-x86_64.iso.DIGESTS", "https://ftp.qubes-os.org/iso/Qubes-R4.2.4-x86_64.iso.asc"},
	{"Qubes-R4.3.0-rc1-x86_64.iso", "Qubes OS", "4.3.0-rc1",
		"https://ftp.qubes-os.org/iso/Qubes-R4.3.0-rc1-x86_64.iso.DIGESTS", "https://ftp.qubes-os.org/iso/Qubes-R4.3.0-rc1-x86_64.iso.asc"},

	// FreeBSD [S33]
	{"FreeBSD-14.2-RELEASE-amd64-disc1.iso", "FreeBSD", "14.2",
		"https://www.freebsd.org/releases/14.2R/checksums/CHECKSUM.SHA256-FreeBSD-14.2-RELEASE-amd64.asc", ""},
	{"FreeBSD-14.2-RELEASE-amd64-memstick.img.xz", "FreeBSD", "14.2",
		"https://www.freebsd.org/releases/14.2R/checksums/CHECKSUM.SHA256-FreeBSD-14.2-RELEASE-amd64.asc", ""},

	// NixOS [S36] (a real name from a third-party script)
	{"nixos-minimal-24.05.7376.b134951a4c9f-x86_64-linux.iso", "NixOS", "24.05.7376.b134951a4c9f",
		"https://releases.nixos.org/nixos/24.05/nixos-24.05.7376.b134951a4c9f/nixos-minimal-24.05.7376.b134951a4c9f-x86_64-linux.iso.sha256", ""},
	// Issue 48, software publishers ([software Sn] of
	// shared/research/publishers-software.md).
	{"KeePassXC-2.7.11-Win64.msi", "KeePassXC", "2.7.11", // [software S1]
		"https://github.com/keepassxreboot/keepassxc/releases/download/2.7.11/KeePassXC-2.7.11-Win64.msi.DIGEST",
		"https://github.com/keepassxreboot/keepassxc/releases/download/2.7.11/KeePassXC-2.7.11-Win64.msi.sig"},
	{"KeePassXC-2.7.11-1-x86_64.AppImage", "KeePassXC", "2.7.11", // the rebuild tag [software S1]
		"https://github.com/keepassxreboot/keepassxc/releases/download/2.7.11/KeePassXC-2.7.11-1-x86_64.AppImage.DIGEST",
		"https://github.com/keepassxreboot/keepassxc/releases/download/2.7.11/KeePassXC-2.7.11-1-x86_64.AppImage.sig"},
	{"keepassxc-2.7.11-src.tar.xz", "KeePassXC", "2.7.11",
		"https://github.com/keepassxreboot/keepassxc/releases/download/2.7.11/keepassxc-2.7.11-src.tar.xz.DIGEST",
		"https://github.com/keepassxreboot/keepassxc/releases/download/2.7.11/keepassxc-2.7.11-src.tar.xz.sig"},
	{"tor-browser-windows-x86_64-portable-13.0.1.exe", "Tor Browser", "13.0.1", "", // [software S6]
		"https://dist.torproject.org/torbrowser/13.0.1/tor-browser-windows-x86_64-portable-13.0.1.exe.asc"},
	{"tor-browser-linux-x86_64-14.5.tar.xz", "Tor Browser", "14.5", "", // pattern
		"https://dist.torproject.org/torbrowser/14.5/tor-browser-linux-x86_64-14.5.tar.xz.asc"},
	{"torbrowser-install-win64-12.5.1_ALL.exe", "Tor Browser", "12.5.1", "", // pattern [software S7]
		"https://archive.torproject.org/tor-package-archive/torbrowser/12.5.1/torbrowser-install-win64-12.5.1_ALL.exe.asc"},
	{"TorBrowser-8.0.4-osx64_ja.dmg", "Tor Browser", "8.0.4", "", // a Homebrew cask's [software S9]
		"https://archive.torproject.org/tor-package-archive/torbrowser/8.0.4/TorBrowser-8.0.4-osx64_ja.dmg.asc"},
	{"tor-browser-linux64-9.0_en-US.tar.xz", "Tor Browser", "9.0", "", // an Arch PKGBUILD's [software S9]
		"https://archive.torproject.org/tor-package-archive/torbrowser/9.0/tor-browser-linux64-9.0_en-US.tar.xz.asc"},
	{"bitcoin-27.1-x86_64-linux-gnu.tar.gz", "Bitcoin Core", "27.1", // [software S10]
		"https://bitcoincore.org/bin/bitcoin-core-27.1/SHA256SUMS", "https://bitcoincore.org/bin/bitcoin-core-27.1/SHA256SUMS.asc"},
	{"bitcoin-28.0-win64-setup.exe", "Bitcoin Core", "28.0",
		"https://bitcoincore.org/bin/bitcoin-core-28.0/SHA256SUMS", "https://bitcoincore.org/bin/bitcoin-core-28.0/SHA256SUMS.asc"},
	{"bitcoin-28.0.tar.gz", "Bitcoin Core", "28.0",
		"https://bitcoincore.org/bin/bitcoin-core-28.0/SHA256SUMS", "https://bitcoincore.org/bin/bitcoin-core-28.0/SHA256SUMS.asc"},
	{"monero-linux-x64-v0.18.5.1.tar.bz2", "Monero", "0.18.5.1", "https://www.getmonero.org/downloads/hashes.txt", ""}, // [software S14]
	{"monero-gui-install-win-x64-v0.18.5.2.exe", "Monero", "0.18.5.2", "https://www.getmonero.org/downloads/hashes.txt", ""},
	{"monero-source-v0.18.5.1.tar.bz2", "Monero", "0.18.5.1", "https://www.getmonero.org/downloads/hashes.txt", ""},
	{"node-v22.12.0-linux-x64.tar.xz", "Node.js", "22.12.0", "https://nodejs.org/dist/v22.12.0/SHASUMS256.txt.asc", ""}, // pattern
	{"node-v22.12.0-x64.msi", "Node.js", "22.12.0", "https://nodejs.org/dist/v22.12.0/SHASUMS256.txt.asc", ""},
	{"Electrum-4.5.8.tar.gz", "Electrum", "4.5.8", "", "https://download.electrum.org/4.5.8/Electrum-4.5.8.tar.gz.asc"}, // [software S12]
	{"electrum-4.5.8-x86_64.AppImage", "Electrum", "4.5.8", "", "https://download.electrum.org/4.5.8/electrum-4.5.8-x86_64.AppImage.asc"},
	{"terraform_1.9.8_linux_amd64.zip", "HashiCorp", "1.9.8", // [software S21]
		"https://releases.hashicorp.com/terraform/1.9.8/terraform_1.9.8_SHA256SUMS", "https://releases.hashicorp.com/terraform/1.9.8/terraform_1.9.8_SHA256SUMS.sig"},
	{"Firefox Setup 128.0.exe", "Firefox", "128.0", // [software S16]
		"https://archive.mozilla.org/pub/firefox/releases/128.0/SHA256SUMS", "https://archive.mozilla.org/pub/firefox/releases/128.0/SHA256SUMS.asc"},
	{"Firefox 115.5.0esr.dmg", "Firefox", "115.5.0esr",
		"https://archive.mozilla.org/pub/firefox/releases/115.5.0esr/SHA256SUMS", "https://archive.mozilla.org/pub/firefox/releases/115.5.0esr/SHA256SUMS.asc"},
	{"firefox-133.0.tar.bz2", "Firefox", "133.0",
		"https://archive.mozilla.org/pub/firefox/releases/133.0/SHA256SUMS", "https://archive.mozilla.org/pub/firefox/releases/133.0/SHA256SUMS.asc"},
	{"gnupg-2.4.7.tar.bz2", "GnuPG", "2.4.7", "", "https://gnupg.org/ftp/gcrypt/gnupg/gnupg-2.4.7.tar.bz2.sig"}, // [software S27]
	{"libgpg-error-1.51.tar.bz2", "GnuPG", "1.51", "", "https://gnupg.org/ftp/gcrypt/libgpg-error/libgpg-error-1.51.tar.bz2.sig"},
}

// unknown are names no row may claim: aliases that name no build,
// publishers left out, and names that are no publisher's.
var unknown = []string{
	"archlinux-x86_64.iso",
	"random.iso",
	"ubuntu.iso",
	"Win11_24H2_English_x64.iso",
	"Win10_22H2_EnglishInternational_x64v1.iso",
	"",
	"ubuntu-24.04.1-desktop-amd64.iso.part",
	"ubuntu-24.04.1-desktop-amd64.iso.torrent",
	"xubuntu-core-24.04-desktop-amd64.iso",
	"debian-testing-amd64-netinst.iso",
	"openSUSE-Tumbleweed-DVD-x86_64-Current.iso",
	"Rocky-9-latest-x86_64-minimal.iso",
	"AlmaLinux-9-latest-x86_64-dvd.iso",
	"latest-nixos-minimal-x86_64-linux.iso",
	"pop-os_24.04_amd64_generic_25.iso",
	"elementaryos-8.0-stable-amd64.20241122.iso",
	"Zorin-OS-17.2-Core-64-bit.iso",
	"MX-25.1_Xfce_ahs_x64.iso",
	"proxmox-ve_8.4-1.iso",
	"EndeavourOS_Mercury-Neo-2025.03.19.iso",
	"TrueNAS-SCALE-24.10.2.iso",
	"tails-amd64-6.10.iso.sig",
	"tails-i386-6.10.iso",
	"manjaro-kde-26.0.4-260327-linux618.iso",
	"2021-05-07-raspios-buster-armhf-lite.zip",
	"FreeBSD-14.2-RELEASE-arm64-aarch64-disc1.iso",
}

func TestLookupKnownNames(t *testing.T) {
	for _, k := range known {
		g, ok := Lookup(k.name)
		if !ok {
			t.Errorf("%s: no publisher", k.name)
			continue
		}
		if g.Publisher != k.publisher || g.Version != k.version || g.File != k.name {
			t.Errorf("%s: %s %q (file %q), want %s %q", k.name, g.Publisher, g.Version, g.File, k.publisher, k.version)
		}
		if g.Tries[0].Sums != k.sums || g.Tries[0].Signature != k.sig {
			t.Errorf("%s: first try\n  %s\n  %s\nwant\n  %s\n  %s", k.name, g.Tries[0].Sums, g.Tries[0].Signature, k.sums, k.sig)
		}
		first := k.sums
		if first == "" {
			first = k.sig
		}
		if u, _ := url.Parse(first); g.Host != u.Hostname() {
			t.Errorf("%s: host %q, want %q", k.name, g.Host, u.Hostname())
		}
		for _, try := range g.Tries {
			for _, s := range []string{try.Sums, try.Signature} {
				if s == "" {
					continue
				}
				u, err := url.Parse(s)
				if err != nil || u.Scheme != "https" || !slices.Contains(g.Hosts, u.Host) || strings.ContainsAny(s, "{}") {
					t.Errorf("%s: %s is not an https URL on %v", k.name, s, g.Hosts)
				}
			}
		}
		if g.Shape == None && len(g.Keys) != 0 {
			t.Errorf("%s: unsigned, yet keys %v", k.name, g.Keys)
		}
	}
}

// The archive fallbacks follow the primary place.
func TestLookupFallbacks(t *testing.T) {
	for _, c := range []struct{ name, sums string }{
		{"ubuntu-24.04.1-desktop-amd64.iso", "https://releases.ubuntu.com/24.04/SHA256SUMS"},
		{"ubuntu-24.04.1-desktop-amd64.iso", "https://old-releases.ubuntu.com/releases/24.04.1/SHA256SUMS"},
		{"debian-12.7.0-amd64-netinst.iso", "https://cdimage.debian.org/cdimage/archive/12.7.0/amd64/iso-cd/SHA256SUMS"},
		{"debian-live-12.7.0-amd64-kde.iso", "https://cdimage.debian.org/cdimage/archive/12.7.0-live/amd64/iso-hybrid/SHA256SUMS"},
		{"Rocky-9.4-x86_64-dvd.iso", "https://dl.rockylinux.org/vault/rocky/9.4/isos/x86_64/CHECKSUM"},
		{"AlmaLinux-9.4-x86_64-minimal.iso", "https://repo.almalinux.org/vault/9.4/isos/x86_64/CHECKSUM"},
		{"Fedora-Workstation-Live-x86_64-40-1.14.iso", "https://dl.fedoraproject.org/pub/archive/fedora/linux/releases/40/Workstation/x86_64/iso/Fedora-Workstation-40-1.14-x86_64-CHECKSUM"},
		{"archlinux-2021.01.01-x86_64.iso", "https://archive.archlinux.org/iso/2021.01.01/sha256sums.txt"},
	} {
		g, ok := Lookup(c.name)
		if !ok {
			t.Errorf("%s: no publisher", c.name)
			continue
		}
		found := false
		for i, try := range g.Tries {
			if try.Sums == c.sums {
				found = i > 0
			}
		}
		if !found {
			t.Errorf("%s: %s is not a fallback in %v", c.name, c.sums, g.Tries)
		}
	}
}

func TestLookupUnknownNames(t *testing.T) {
	for _, name := range unknown {
		if g, ok := Lookup(name); ok {
			t.Errorf("%q: matched %s %q", name, g.Publisher, g.Version)
		}
	}
}

func TestLookupRenamedDownload(t *testing.T) {
	for _, c := range []struct{ name, file string }{
		{"ubuntu-24.04.1-desktop-amd64 (1).iso", "ubuntu-24.04.1-desktop-amd64.iso"},
		{"ubuntu-24.04.1-desktop-amd64(2).iso", "ubuntu-24.04.1-desktop-amd64.iso"},
		{`C:\Users\me\Downloads\ubuntu-24.04.1-desktop-amd64 (13).iso`, "ubuntu-24.04.1-desktop-amd64.iso"},
		{"/home/me/Downloads/archlinux-2024.01.01-x86_64 (1).iso", "archlinux-2024.01.01-x86_64.iso"},
		{"FreeBSD-14.2-RELEASE-amd64-memstick (1).img.xz", "FreeBSD-14.2-RELEASE-amd64-memstick.img.xz"},
		{"ubuntu-24.04.1-desktop-amd64.iso (1)", "ubuntu-24.04.1-desktop-amd64.iso"},
	} {
		g, ok := Lookup(c.name)
		if !ok {
			t.Errorf("%q: no publisher", c.name)
			continue
		}
		if g.File != c.file {
			t.Errorf("%q: file %q, want %q", c.name, g.File, c.file)
		}
		if strings.Contains(g.Tries[0].Sums+g.Tries[0].Signature, "(") {
			t.Errorf("%q: the mark reached a URL: %v", c.name, g.Tries[0])
		}
	}
	if g, _ := Lookup("ubuntu-24.04.1-desktop-amd64 (1).iso"); g.Tries[0].Sums != "https://releases.ubuntu.com/24.04.1/SHA256SUMS" {
		t.Errorf("renamed Ubuntu: %s", g.Tries[0].Sums)
	}
}

// Every name, known or not, is claimed by at most one pattern of the
// whole table, and every pattern by at least one known name.
func TestOnePatternAName(t *testing.T) {
	_, rules := table()
	used := make([]bool, len(rules))
	names := append([]string(nil), unknown...)
	for _, k := range known {
		names = append(names, k.name)
	}
	for _, name := range names {
		var who []string
		for i, r := range rules {
			if r.re.MatchString(clean(name)) {
				who = append(who, r.row.Publisher+": "+r.re.String())
				used[i] = true
			}
		}
		if len(who) > 1 {
			t.Errorf("%s: matched by %d patterns:\n  %s", name, len(who), strings.Join(who, "\n  "))
		}
	}
	for i, r := range rules {
		if !used[i] {
			t.Errorf("%s: pattern %s has no test name", r.row.Publisher, r.re)
		}
	}
}

func TestTableIsValid(t *testing.T) {
	tab, err := publishers.Load()
	if err != nil {
		t.Fatal(err)
	}
	if err := check(tab.Rows); err != nil {
		t.Fatal(err)
	}
}

// The checks catch what they are for.
func TestCheckFindsFaults(t *testing.T) {
	good := func() Row {
		return Row{
			Publisher: "P", Shape: Detached, Hosts: []string{"p.example"}, Keys: []string{strings.Repeat("A", 40)},
			Sources: []string{"S0"},
			Files: []publishers.File{{Pattern: `^p-(?P<version>\d+)\.iso$`, Tries: []publishers.Try{
				{Sums: "https://p.example/{version}/SUMS", Signature: "https://p.example/{version}/SUMS.gpg"}}}},
		}
	}
	if err := check([]Row{good()}); err != nil {
		t.Fatalf("a good row: %v", err)
	}
	for fault, change := range map[string]func(r *Row){
		"http":             func(r *Row) { r.Files[0].Tries[0].Sums = "http://p.example/SUMS" },
		"other host":       func(r *Row) { r.Files[0].Tries[0].Signature = "https://q.example/SUMS.gpg" },
		"host placeholder": func(r *Row) { r.Files[0].Tries[0].Sums = "https://{version}.p.example/SUMS" },
		"unknown group":    func(r *Row) { r.Files[0].Tries[0].Sums = "https://p.example/{arch}/SUMS" },
		"no version":       func(r *Row) { r.Files[0].Pattern = `^p-(?P<v>\d+)\.iso$` },
		"unanchored":       func(r *Row) { r.Files[0].Pattern = `p-(?P<version>\d+)\.iso` },
		"bad pattern":      func(r *Row) { r.Files[0].Pattern = `^p-(?P<version>\d+\.iso$` },
		"no keys, no why":  func(r *Row) { r.Keys = nil },
		"short key":        func(r *Row) { r.Keys = []string{"A25BAE09"} },
		"unknown shape":    func(r *Row) { r.Shape = "inline" },
		"clear with sig":   func(r *Row) { r.Shape = ClearSigned },
		"none with keys": func(r *Row) {
			r.Shape = None
			r.Files[0].Tries[0].Signature = ""
		},
		"detached, no sig":       func(r *Row) { r.Files[0].Tries[0].Signature = "" },
		"no sources":             func(r *Row) { r.Sources = nil },
		"more signers than keys": func(r *Row) { r.MinSigners = 2 },
		"negative signers":       func(r *Row) { r.MinSigners = -1 },
		"host not ASCII": func(r *Row) {
			r.Hosts = []string{"ſ.example"} // U+017F, which a Unicode fold makes s
			r.Files[0].Tries[0] = publishers.Try{Sums: "https://ſ.example/SUMS", Signature: "https://ſ.example/SUMS.gpg"}
		},
	} {
		r := good()
		change(&r)
		if check([]Row{r}) == nil {
			t.Errorf("%s: not caught", fault)
		}
	}
	a, b := good(), good()
	b.Publisher = "Q"
	if check([]Row{a, b}) == nil {
		t.Error("a host in two rows: not caught")
	}
	a.SharedHosts, b.SharedHosts = a.Hosts, b.Hosts
	if err := check([]Row{a, b}); err != nil {
		t.Errorf("a shared mirror in two rows: %v", err)
	}
}

// Every fingerprint in the table is a key Hashdrop ships; a row that has
// none says why.
func TestKeysAreShipped(t *testing.T) {
	shipped := map[string]string{}
	for _, e := range keys.List {
		shipped[e.Fingerprint] = e.Publisher
	}
	for _, r := range All() {
		for _, k := range r.Keys {
			if _, ok := shipped[k]; !ok {
				t.Errorf("%s: key %s is not in assets/keys", r.Publisher, k)
			}
		}
		if len(r.Keys) == 0 && r.NoKeys == "" {
			t.Errorf("%s: no keys and no reason", r.Publisher)
		}
	}
	// The rows the brief names as unsigned by a shipped key.
	for _, p := range []string{"Kali Linux", "Gentoo", "FreeBSD", "NixOS"} {
		g := guessOf(t, p)
		if len(g.Keys) != 0 {
			t.Errorf("%s: keys %v, want none shipped", p, g.Keys)
		}
	}
}

// guessOf is the guess for the first known name of publisher p.
func guessOf(t *testing.T, p string) *Guess {
	t.Helper()
	for _, k := range known {
		if k.publisher == p {
			g, _ := Lookup(k.name)
			return g
		}
	}
	t.Fatalf("no known name of %s", p)
	return nil
}

func TestShapes(t *testing.T) {
	for p, want := range map[string]Shape{
		"Ubuntu": Detached, "Debian": Detached, "Linux Mint": Detached, "Kali Linux": Detached,
		"openSUSE": Detached, "Rocky Linux": Detached, "Fedora": ClearSigned, "AlmaLinux": ClearSigned,
		"FreeBSD": ClearSigned, "Arch Linux": OverFile, "Alpine Linux": OverFile, "Gentoo": OverFile,
		"Qubes OS": OverFile, "NixOS": None, "Tails": OverFile,
		"KeePassXC": OverFile, "Tor Browser": OverFile, "Bitcoin Core": Detached, "Monero": ClearSigned,
		"Node.js": ClearSigned, "Electrum": OverFile, "HashiCorp": Detached, "Firefox": Detached, "GnuPG": OverFile,
	} {
		if g := guessOf(t, p); g.Shape != want {
			t.Errorf("%s: shape %s, want %s", p, g.Shape, want)
		}
	}
	if n := len(All()); n != 24 {
		t.Errorf("%d rows, want the 24 this test knows", n)
	}
}

// The keys of three rows as issue 46 set them, from
// shared/research/publishers-software.md: Tails (its row is new: its key
// was shipped and listed while no row used it), openSUSE's current key in
// place of its expired 2014 one, Fedora 40 to 47, one key a release.
func TestRowKeys(t *testing.T) {
	shipped := map[string]keys.Entry{}
	for _, e := range keys.List {
		shipped[e.Fingerprint] = e
	}
	tails := guessOf(t, "Tails")
	if !slices.Equal(tails.Keys, []string{"A490D0F4D311A4153E2BB7CADBB802B258ACD84F"}) || !slices.Equal(tails.Hosts, []string{"tails.net"}) {
		t.Errorf("Tails: keys %v, hosts %v", tails.Keys, tails.Hosts)
	}
	for _, try := range tails.Tries {
		if try.Sums != "" {
			t.Errorf("Tails publishes no checksum file, yet %s", try.Sums)
		}
	}
	suse := guessOf(t, "openSUSE")
	if !slices.Equal(suse.Keys, []string{"AD485664E901B867051AB15F35A2F86E29B700A4"}) {
		t.Errorf("openSUSE: keys %v, want the 2022 key alone", suse.Keys)
	}
	if _, ok := shipped["22C07BA534178CD02EFE22AAB88B2FD43DBDC284"]; ok {
		t.Error("openSUSE's 2014 key, expired, is still shipped")
	}
	fedora := guessOf(t, "Fedora")
	want := map[string]string{
		"115DF9AEF857853EE8445D0A0727707EA15B79CC": "40", "466CF2D8B60BC3057AA9453ED0622462E99D6AD1": "41",
		"B0F4950458F69E1150C6C5EDC8AC4916105EF944": "42", "C6E7F081CF80E13146676E88829B606631645531": "43",
		"36F612DCF27F7D1A48A835E4DBFCF71C6D9F90A6": "44", "4F50A6114CD5C6976A7F1179655A4B02F577861E": "45",
		"D924B10D3E810DABDD8B56B596E7E91491211FCE": "46", "B2E766FA50CA6FA2D5ED06FC09D879E09488FB64": "47",
	}
	if len(fedora.Keys) != len(want) {
		t.Errorf("Fedora: %d keys, want %d", len(fedora.Keys), len(want))
	}
	for _, k := range fedora.Keys {
		n, ok := want[k]
		if e := shipped[k]; !ok || e.UserID != "Fedora ("+n+") <fedora-"+n+"-primary@fedoraproject.org>" || e.Source == "" {
			t.Errorf("Fedora: key %s is %q, want Fedora (%s)", k, e.UserID, n)
		}
	}
	for _, r := range []*Guess{tails, suse, fedora} {
		for _, k := range r.Keys {
			if e := shipped[k]; e.Publisher != r.Publisher || !strings.Contains(e.Source, ";") && !strings.Contains(e.Source, "fingerprint as") {
				t.Errorf("%s: key %s is %q's, its provenance %q names no second source", r.Publisher, k, e.Publisher, e.Source)
			}
		}
	}
}

func TestSignatureCandidates(t *testing.T) {
	got := SignatureCandidates("https://releases.ubuntu.com/24.04/SHA256SUMS?x=1#top")
	want := []string{
		"https://releases.ubuntu.com/24.04/SHA256SUMS.gpg",
		"https://releases.ubuntu.com/24.04/SHA256SUMS.sig",
		"https://releases.ubuntu.com/24.04/SHA256SUMS.asc",
		"https://releases.ubuntu.com/24.04/SHA256SUMS.sign",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
	for _, bad := range []string{
		"http://releases.ubuntu.com/24.04/SHA256SUMS",
		"https://releases.ubuntu.com/24.04/",
		"https://releases.ubuntu.com",
		"https://user@releases.ubuntu.com/SHA256SUMS",
		"SHA256SUMS",
		"file:///tmp/SHA256SUMS",
		"https://%zz/SHA256SUMS",
	} {
		if got := SignatureCandidates(bad); got != nil {
			t.Errorf("%s: %v, want none", bad, got)
		}
	}
}

func TestForHost(t *testing.T) {
	for host, want := range map[string]string{
		"releases.ubuntu.com":        "Ubuntu",
		"CDIMAGE.ubuntu.com":         "Ubuntu",
		"cdimage.debian.org:443":     "Debian",
		"dl.fedoraproject.org.":      "Fedora",
		"dl.rockylinux.org":          "Rocky Linux",
		"archive.archlinux.org":      "Arch Linux",
		"releases.nixos.org":         "NixOS",
		"download.fedoraproject.org": "",
		"mirrors.kernel.org":         "", // Mint's mirror serves many publishers
		"example.com":                "",
		"":                           "",
		// Not ASCII: Unicode case would fold them into the rows' hosts
		// (issue 46).
		"cdimage.\u212Aali.org": "", // the Kelvin sign
		"archl\u0130nux.org":    "", // İ, which lowers to i
		"releaſes.ubuntu.com":   "", // the long s
		"RELEAſES.ubuntu.com":   "",
	} {
		r, ok := ForHost(host)
		if ok != (want != "") || r.Publisher != want {
			t.Errorf("ForHost(%q) = %q, %v; want %q", host, r.Publisher, ok, want)
		}
	}
}
