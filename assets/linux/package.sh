#!/bin/sh
# package.sh COMMAND WINDOW OUT: Hashdrop's Linux package, OUT
# (hashdrop-VERSION-linux-ARCH.tar.xz), from the .deb's two programs: the
# command (app/cli/hashdrop) as bin/hashdrop and the window program as
# lib/hashdrop/hashdrop-window, with the icons, the menu entry, the MIME
# types, the file managers' "Check with Hashdrop" files, LICENSE, and
# install.mk as its Makefile ("make user-install", or "sudo make install").
#
# The same programs give the same archive, byte for byte: every file is
# dated SOURCE_DATE_EPOCH (default: the last commit's time), owned by
# root, with fixed modes, in name order, compressed by one xz thread
# (multi-threaded xz cuts blocks by the machine's thread count).
set -eu
command=$1 window=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${SOURCE_DATE_EPOCH:=$(git -C "$top" log -1 --format=%ct 2>/dev/null || date +%s)}"
app=io.github.hashdrop.hashdrop
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

s="$work/hashdrop/usr/local"
install -Dm755 "$command" "$s/bin/hashdrop"
install -Dm755 "$window" "$s/lib/hashdrop/hashdrop-window"
for n in 16 24 32 48 64 128 256; do
	install -Dm644 "$here/icons/hicolor/${n}x$n/apps/$app.png" "$s/share/icons/hicolor/${n}x$n/apps/$app.png"
done
install -Dm644 "$top/assets/icon.svg" "$s/share/icons/hicolor/scalable/apps/$app.svg"
install -Dm644 "$here/$app.desktop" "$s/share/applications/$app.desktop"
install -Dm644 "$here/$app.xml" "$s/share/mime/packages/$app.xml"
fm=$here/filemanager
install -Dm644 "$fm/dolphin.desktop" "$s/share/kio/servicemenus/$app.desktop"
install -Dm644 "$fm/$app.nemo_action" "$s/share/nemo/actions/$app.nemo_action"
install -Dm644 "$fm/thunar-sendto.desktop" "$s/share/Thunar/sendto/$app.desktop"
install -Dm644 "$fm/caja-action.desktop" "$s/share/file-manager/actions/$app.desktop"
install -Dm644 "$fm/nautilus-hashdrop.py" "$s/share/nautilus-python/extensions/io_github_hashdrop_hashdrop.py"
install -Dm755 "$fm/check-with-hashdrop.sh" "$s/share/hashdrop/check-with-hashdrop.sh"
install -Dm644 "$here/install.mk" "$work/hashdrop/Makefile"
install -Dm644 "$top/LICENSE" "$work/hashdrop/LICENSE"
find "$work/hashdrop" -type d -exec chmod 755 {} +

tar -C "$work" --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner -cf - hashdrop | xz -T1 -6 >"$out.tmp"
mv "$out.tmp" "$out"
echo "package.sh: $out"
tar -tJvf "$out"
