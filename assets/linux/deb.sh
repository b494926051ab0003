#!/bin/sh
# deb.sh COMMAND WINDOW OUTDIR: builds OUTDIR/hashdrop_VERSION_ARCH.deb, the
# Debian and Ubuntu package, from the command (app/cli/hashdrop) and the
# window program (the module's root package), with dpkg-deb: it is on every
# Debian and Ubuntu system, writes exactly the files listed here, and needs
# nothing added to go.mod (nfpm would bring its own module tree for what
# these few lines do).
#
# Installed for every user, in /usr: bin/hashdrop, lib/hashdrop/
# hashdrop-window (a program of the package's own, which hashdrop starts),
# the menu entry and the checksum MIME types, the icons, the AppStream
# metadata, the manual page, and "Check with Hashdrop" for Dolphin
# (kio/servicemenus), Nemo (nemo/actions), Thunar (Thunar/sendto), Caja
# (file-manager/actions: read by caja-actions, which the package suggests)
# and GNOME Files (nautilus-python/extensions: read only by
# python3-nautilus, suggested too). The Files and Caja scripts live in each
# user's home, which no package may write: make install puts them there.
#
# Depends comes from dpkg-shlibdeps on both programs, plus the X11 libraries
# GLFW opens with dlopen, which dpkg-shlibdeps cannot see.
#
# DEB_MAINTAINER names the maintainer; SOURCE_DATE_EPOCH (default: the last
# commit's time) dates the changelog and every file, so that the same
# programs give the same package.
set -eu
command=$1 window=$2 outdir=$3
here=$(cd "$(dirname "$0")" && pwd)
top=$here/../..
version=$(sed -n 's/^Version *= *"\(.*\)"/\1/p' "$top/FyneApp.toml")
arch=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-Hashdrop developers <hashdrop@users.noreply.github.com>}
: "${SOURCE_DATE_EPOCH:=$(git -C "$top" log -1 --format=%ct 2>/dev/null || date +%s)}"
export SOURCE_DATE_EPOCH
[ -n "$version" ] || { echo "deb.sh: no Version in $top/FyneApp.toml"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
app=io.github.hashdrop.hashdrop
share=$root/usr/share
fm=$here/filemanager

install -Dm755 "$command" "$root/usr/bin/hashdrop"
install -Dm755 "$window" "$root/usr/lib/hashdrop/hashdrop-window"
install -Dm644 "$here/$app.desktop" "$share/applications/$app.desktop"
install -Dm644 "$here/$app.xml" "$share/mime/packages/$app.xml"
install -Dm644 "$here/$app.metainfo.xml" "$share/metainfo/$app.metainfo.xml"
for n in 16 24 32 48 64 128 256; do
	install -Dm644 "$here/icons/hicolor/${n}x$n/apps/$app.png" "$share/icons/hicolor/${n}x$n/apps/$app.png"
done
install -Dm644 "$top/assets/icon.svg" "$share/icons/hicolor/scalable/apps/$app.svg"
install -Dm644 "$fm/dolphin.desktop" "$share/kio/servicemenus/$app.desktop"
install -Dm644 "$fm/$app.nemo_action" "$share/nemo/actions/$app.nemo_action"
install -Dm644 "$fm/thunar-sendto.desktop" "$share/Thunar/sendto/$app.desktop"
install -Dm644 "$fm/caja-action.desktop" "$share/file-manager/actions/$app.desktop"
install -Dm644 "$fm/nautilus-hashdrop.py" "$share/nautilus-python/extensions/io_github_hashdrop_hashdrop.py"
install -Dm644 "$here/deb/lintian-overrides" "$share/lintian/overrides/hashdrop"
install -d "$share/man/man1" "$share/doc/hashdrop"
gzip -9n <"$here/hashdrop.1" >"$share/man/man1/hashdrop.1.gz"

# The copyright file (deb/copyright.in) has a paragraph for every Go module
# built into the programs: a module without one stops the build.
${GO:-go} version -m "$command" "$window" | awk '$1 == "dep" { print $2 }' | sort -u >"$work/modules"
[ -s "$work/modules" ] || { echo "deb.sh: go version -m lists no module in $command and $window"; exit 1; }
while IFS= read -r m; do
	grep -qxF "Files: vendor/$m/*" "$here/deb/copyright.in" ||
		{ echo "deb.sh: $here/deb/copyright.in has no paragraph for the module $m, which the programs hold"; exit 1; }
done <"$work/modules"
install -Dm644 "$here/deb/copyright.in" "$share/doc/hashdrop/copyright"

# A native package's changelog: this version, dated like the files.
{
	echo "hashdrop ($version) unstable; urgency=medium"
	echo
	echo "  * Hashdrop $version: https://github.com/hashdrop/hashdrop"
	echo
	echo " -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n >"$share/doc/hashdrop/changelog.gz"
chmod 644 "$share/doc/hashdrop/changelog.gz"

# dpkg-shlibdeps wants a source package around it: a throwaway one.
mkdir -p "$work/src/debian"
printf 'Source: hashdrop\n\nPackage: hashdrop\nArchitecture: any\n' >"$work/src/debian/control"
shlibs=$(cd "$work/src" && dpkg-shlibdeps -O "$root/usr/bin/hashdrop" "$root/usr/lib/hashdrop/hashdrop-window" 2>"$work/shlibdeps.err") ||
	{ cat "$work/shlibdeps.err"; echo "deb.sh: dpkg-shlibdeps failed"; exit 1; }
depends=${shlibs#shlibs:Depends=}
# dlopen'd by GLFW (go-gl/glfw x11_init.c): without them the window fails
# at start on a system that lacks them.
depends="$depends, libxcursor1, libxi6, libxinerama1, libxrandr2, libxxf86vm1"

mkdir -p "$root/DEBIAN"
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$root/DEBIAN/md5sums"
size=$(du -sk --apparent-size "$root/usr" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@MAINTAINER@|$maintainer|" \
	-e "s|@SIZE@|$size|" -e "s|@DEPENDS@|$depends|" "$here/deb/control.in" >"$root/DEBIAN/control"
chmod 644 "$root/DEBIAN/md5sums" "$root/DEBIAN/control"
find "$root" -type d -exec chmod 755 {} +
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

mkdir -p "$outdir"
out=$outdir/hashdrop_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
echo "deb.sh: $out"
