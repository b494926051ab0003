#!/bin/sh
# test-deb.sh DEB: the Debian package as people install it, without touching
# this machine's own packages.
#
# - its control fields and the modes and owners of its files (dpkg-deb);
# - lintian, failing on any error or warning (the overrides it ships give
#   their reasons, in deb/lintian-overrides; informational and pedantic
#   tags are printed);
# - apt-get --simulate install: its Depends resolve on this system;
# - installed with the real dpkg into a throwaway root (dpkg --root, with
#   its own empty database: no lock shared with apt, nothing of this
#   system's changed, and the same code path as dpkg -i; the package has
#   no maintainer scripts, so nothing needs a chroot): the command runs and
#   finds the window program, the window program runs, the menu entry, the
#   Send To entry and the AppStream metadata validate, and Check with
#   Hashdrop works from each file manager (test-filemanagers.py, with a
#   stub named hashdrop first on PATH);
# - removed with dpkg -r: nothing of it is left.
set -eu
deb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "test-deb: $*"; fail=1; }

# Fields and files.
dpkg-deb -f "$deb" Package Version Architecture Depends
description=$(dpkg-deb -f "$deb" Description)
for w in "hashdrop verify" "verify --fetch" "Caja"; do
	case $description in *"$w"*) ;; *) no "the Description does not mention $w" ;; esac
done
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libc6 libgl1 libx11-6 libxcursor1 libxrandr2; do
	case $depends in *"$lib"*) ;; *) no "Depends lacks $lib: $depends" ;; esac
done
# A font for Chinese, Japanese and Korean: Fyne's own has none.
case $(dpkg-deb -f "$deb" Recommends) in *fonts-noto-cjk*) ;; *) no "Recommends lacks fonts-noto-cjk" ;; esac
dpkg-deb -c "$deb" >"$tmp/contents"
awk '$2 != "root/root" { print "test-deb: not owned by root: " $0; bad = 1 } END { exit bad }' "$tmp/contents" || fail=1
for f in ./usr/bin/hashdrop ./usr/lib/hashdrop/hashdrop-window; do
	awk -v f="$f" '$6 == f && $1 == "-rwxr-xr-x" { ok = 1 } END { exit !ok }' "$tmp/contents" || no "$f is missing or not 0755"
done
# Under /usr/share nothing is executable: a root-owned service menu needs
# no executable bit (KIO trusts root's files), and lintian forbids one on
# a .desktop file.
awk '$1 ~ /^-..x/ && $6 ~ /^\.\/usr\/share\// { print "test-deb: executable: " $6; bad = 1 } END { exit bad }' "$tmp/contents" || fail=1
for f in usr/share/applications/io.github.hashdrop.hashdrop.desktop usr/share/mime/packages/io.github.hashdrop.hashdrop.xml \
	usr/share/metainfo/io.github.hashdrop.hashdrop.metainfo.xml usr/share/icons/hicolor/256x256/apps/io.github.hashdrop.hashdrop.png \
	usr/share/icons/hicolor/scalable/apps/io.github.hashdrop.hashdrop.svg usr/share/kio/servicemenus/io.github.hashdrop.hashdrop.desktop \
	usr/share/nemo/actions/io.github.hashdrop.hashdrop.nemo_action usr/share/Thunar/sendto/io.github.hashdrop.hashdrop.desktop \
	usr/share/file-manager/actions/io.github.hashdrop.hashdrop.desktop \
	usr/share/icons/hicolor/16x16/apps/io.github.hashdrop.hashdrop.png usr/share/icons/hicolor/24x24/apps/io.github.hashdrop.hashdrop.png \
	usr/share/icons/hicolor/32x32/apps/io.github.hashdrop.hashdrop.png usr/share/icons/hicolor/48x48/apps/io.github.hashdrop.hashdrop.png \
	usr/share/icons/hicolor/64x64/apps/io.github.hashdrop.hashdrop.png usr/share/icons/hicolor/128x128/apps/io.github.hashdrop.hashdrop.png \
	usr/share/nautilus-python/extensions/io_github_hashdrop_hashdrop.py usr/share/man/man1/hashdrop.1.gz \
	usr/share/doc/hashdrop/copyright usr/share/doc/hashdrop/changelog.gz; do
	grep -q " \./$f\$" "$tmp/contents" || no "the package lacks /$f"
done

# lintian: errors and warnings fail; the rest is shown.
echo "lintian $(lintian --print-version):"
lintian --fail-on error,warning --display-info --pedantic "$deb" || no "lintian found errors or warnings"

# The Depends resolve here (a simulation: nothing is installed).
apt-get --simulate -o Debug::NoLocking=1 -qq install "$deb" >"$tmp/apt.log" 2>&1 || {
	cat "$tmp/apt.log"; no "apt-get cannot install $deb here: its Depends do not resolve"; }

# Installed into a throwaway root with dpkg itself.
root=$tmp/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/triggers"
: >"$root/var/lib/dpkg/status"
: >"$root/var/lib/dpkg/available"
dpkgr() { dpkg --root="$root" --force-not-root --force-depends --log=/dev/null "$@"; }
dpkgr -i "$deb" >"$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log"; no "dpkg -i failed"; exit 1; }
[ "$(dpkgr -s hashdrop | sed -n 's/^Status: //p')" = "install ok installed" ] || no "dpkg does not call hashdrop installed"

# The command hashes a file, and hands a file to the window program it
# finds beside it (which, with no display, says it needs one).
printf 'hashdrop\n' >"$tmp/a file"
got=$("$root/usr/bin/hashdrop" sum -a sha256 "$tmp/a file")
want=$(sha256sum "$tmp/a file")
[ "$got" = "$want" ] || no "hashdrop sum: '$got', want '$want'"
said=$(env -u DISPLAY -u WAYLAND_DISPLAY "$root/usr/bin/hashdrop" "$tmp/a file" 2>&1) && no "the window opened without a display"
case $said in *"needs a graphical desktop"*) ;; *) no "the command did not start the window program: $said" ;; esac
"$root/usr/lib/hashdrop/hashdrop-window" algos >/dev/null || no "the window program does not run"

desktop-file-validate "$root/usr/share/applications/io.github.hashdrop.hashdrop.desktop" || no "the menu entry is not valid"
desktop-file-validate "$root/usr/share/Thunar/sendto/io.github.hashdrop.hashdrop.desktop" || no "the Send To entry is not valid"
appstreamcli validate --no-net --pedantic "$root/usr/share/metainfo/io.github.hashdrop.hashdrop.metainfo.xml" || no "the AppStream metadata is not valid"

# Check with Hashdrop from each file manager, with the files the package
# installed ("hashdrop" on PATH is the stub).
mkdir -p "$tmp/bin" "$tmp/record"
sh "$here/stub.sh" >"$tmp/bin/hashdrop"
chmod 755 "$tmp/bin/hashdrop"
HASHDROP_RECORD=$tmp/record PATH="$tmp/bin:$PATH" /usr/bin/python3 "$here/test-filemanagers.py" "$root/usr/share" || fail=1

# Removed: nothing of it is left.
dpkgr -r hashdrop >"$tmp/dpkg-r.log" 2>&1 || { cat "$tmp/dpkg-r.log"; no "dpkg -r failed"; }
left=$(find "$root" -path "$root/var/lib/dpkg" -prune -o ! -type d -print)
[ -z "$left" ] || no "dpkg -r left: $left"
dirs=$(find "$root" -path "$root/var" -prune -o -mindepth 1 -type d -print)
[ -z "$dirs" ] || no "dpkg -r left folders: $dirs"
st=$(dpkgr -s hashdrop 2>/dev/null | sed -n 's/^Status: //p')
[ -z "$st" ] || [ "$st" = "deinstall ok not-installed" ] || no "after dpkg -r, hashdrop is: $st"

[ $fail = 0 ] && echo "test-deb: ok: $(basename "$deb") builds, passes lintian, installs, runs and leaves nothing once removed"
exit $fail
