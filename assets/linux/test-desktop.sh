#!/bin/sh
# make test-desktop: after "make install" into a throwaway HOME, the desktop
# knows the checksum MIME types and names Hashdrop's entry as the program for
# each of them, which is what double-clicking ubuntu.iso.sha256 asks.
set -eu
cd "$(dirname "$0")/../.."
GO=${GO:-go}
# make install runs go build: keep Go's caches and settings from the real HOME.
GOCACHE=$($GO env GOCACHE) GOMODCACHE=$($GO env GOMODCACHE) GOPATH=$($GO env GOPATH) GOENV=$($GO env GOENV)
export GO GOCACHE GOMODCACHE GOPATH GOENV
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp/my home"  # a space: the entries quote the installed path
export XDG_DATA_HOME="$HOME/.local/share" XDG_CONFIG_HOME="$HOME/.config"
export XDG_DATA_DIRS=/usr/local/share:/usr/share XDG_CONFIG_DIRS=/etc/xdg
# xdg-mime asks the running desktop when there is one; test its generic
# (freedesktop mimeapps.list) path, which every desktop honours.
unset XDG_CURRENT_DESKTOP DESKTOP_SESSION KDE_FULL_SESSION GNOME_DESKTOP_SESSION_ID XDG_SESSION_DESKTOP
mkdir -p "$HOME"
app=io.github.hashdrop.hashdrop.desktop
fail=0
no() { echo "test-desktop: $*"; fail=1; }

make --no-print-directory install PREFIX="$HOME/.local" >"$tmp/install.log" 2>&1 || {
	cat "$tmp/install.log"; echo "test-desktop: make install failed"; exit 1; }

entry="$XDG_DATA_HOME/applications/$app"
desktop-file-validate "$entry" || no "$entry is not a valid desktop entry"
grep -qx "Exec=\"$HOME/.local/lib/hashdrop/hashdrop-window\" %F" "$entry" || no "Exec line: $(grep ^Exec= "$entry")"
"$HOME/.local/bin/hashdrop" algos >/dev/null 2>&1 || no "the installed hashdrop does not run"
"$HOME/.local/lib/hashdrop/hashdrop-window" algos >/dev/null 2>&1 || no "the installed window program does not run"
# Given a file, the command hands it to the window program, which (with no
# display here) says it needs one: the command found it where it is installed.
said=$(env -u DISPLAY -u WAYLAND_DISPLAY "$HOME/.local/bin/hashdrop" "$entry" 2>&1) && no "the window program opened without a display"
case $said in *"needs a graphical desktop"*) ;; *) no "the command did not hand a file to the window program: $said" ;; esac
for n in 16 24 32 48 64 128 256; do
	[ -f "$XDG_DATA_HOME/icons/hicolor/${n}x$n/apps/io.github.hashdrop.hashdrop.png" ] || no "${n}px icon not installed"
done

# The MIME database maps the names people download to the types.
globs="$XDG_DATA_HOME/mime/globs2"
for g in text/x-sha256:*.sha256 text/x-sha256:sha256sums text/x-md5:*.md5 text/x-sha1:sha1sums \
	text/x-sha512:sha512sums text/x-sha3:*.sha3-256 text/x-sfv:*.sfv text/x-blake2:b2sums.txt text/x-blake3:*.b3 text/x-xxhash:*.xxh3 \
	text/x-checksum:checksum text/x-checksum:*-checksum text/x-checksum:*.digests text/x-sha256:sha256.sig; do
	awk -F: -v t="${g%%:*}" -v p="${g#*:}" '$2 == t && $3 == p { f = 1 } END { exit !f }' "$globs" ||
		no "no glob $g in $globs"
done

# The defaults as GIO reads them (GNOME, Cinnamon, MATE, Xfce): this HOME
# has a space, which xdg-utils 1.1's own query does not survive (it takes
# the quoted Exec's first word for the program); the same install in a
# HOME without one is asked with xdg-mime below.
types=$(sed -n 's/^MimeType=//p' assets/linux/$app | tr ';' ' ')
for t in $types; do
	got=$(LC_ALL=C gio mime "$t" 2>&1 | sed -n 's/^Default application for .*: //p')
	[ "$got" = "$app" ] || no "gio mime $t: default '$got', want $app"
done
echo "gio mime text/x-sha256: $(LC_ALL=C gio mime text/x-sha256 | head -n 1)"

make --no-print-directory uninstall PREFIX="$HOME/.local" >"$tmp/uninstall.log" 2>&1 || {
	cat "$tmp/uninstall.log"; no "make uninstall failed"; }
[ ! -e "$entry" ] && [ ! -e "$HOME/.local/bin/hashdrop" ] && [ ! -e "$HOME/.local/lib/hashdrop" ] || no "make uninstall left files"
[ -e "$globs" ] && grep -q 'text/x-sha256' "$globs" && no "the MIME types outlived make uninstall"
[ -e "$XDG_CONFIG_HOME/mimeapps.list" ] && grep -n hashdrop "$XDG_CONFIG_HOME/mimeapps.list" && no "make uninstall left those lines in mimeapps.list"

# Without a space, xdg-mime (xdg-utils' own query, what a session without
# a desktop uses) names Hashdrop too.
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/.local/share" XDG_CONFIG_HOME="$tmp/home/.config"
mkdir -p "$HOME"
make --no-print-directory install PREFIX="$HOME/.local" >"$tmp/install2.log" 2>&1 || {
	cat "$tmp/install2.log"; no "make install failed"; }
for t in $types; do
	got=$(xdg-mime query default "$t")
	[ "$got" = "$app" ] || no "xdg-mime query default $t: '$got', want $app"
done
echo "xdg-mime query default text/x-sha256: $(xdg-mime query default text/x-sha256)"
make --no-print-directory uninstall PREFIX="$HOME/.local" >"$tmp/uninstall2.log" 2>&1 || no "make uninstall failed"

[ $fail = 0 ] && echo "test-desktop: ok ($(echo $types | wc -w) checksum types open with Hashdrop)"
exit $fail
