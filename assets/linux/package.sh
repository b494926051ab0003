#!/bin/sh
# package.sh FYNE_TARBALL COMMAND OUT: turns the tarball "fyne package -os
# linux" made into Hashdrop's Linux package. fyne's has the window program
# (installed as lib/hashdrop/hashdrop-window; COMMAND, app/cli/hashdrop, is
# bin/hashdrop), the icon and a
# .desktop entry but no MIME types for checksum files and no way to register
# them; this one adds assets/linux's MIME XML, .desktop entry (the same %F
# and MimeType list) and scalable icon, the file managers' "Check with
# Hashdrop" files, and install.mk as its Makefile ("make user-install").
set -eu
fyne_tar=$1 command=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/fyne" "$work/out"
tar -xJf "$fyne_tar" -C "$work/fyne"
bin=$(find "$work/fyne" -path '*/bin/hashdrop' -type f | head -n 1)
icon=$(find "$work/fyne" -name 'io.github.hashdrop.hashdrop.png' -type f | head -n 1)
[ -n "$bin" ] && [ -n "$icon" ] || { echo "package.sh: no hashdrop binary or icon in $fyne_tar"; exit 1; }
grep -q '^Exec=hashdrop %F' "$(find "$work/fyne" -name 'io.github.hashdrop.hashdrop.desktop' | head -n 1)" ||
	{ echo "package.sh: fyne's desktop entry does not open files: check [CanOpen] in FyneApp.toml"; exit 1; }

s="$work/out/hashdrop/usr/local"
install -Dm755 "$command" "$s/bin/hashdrop"
install -Dm755 "$bin" "$s/lib/hashdrop/hashdrop-window"
install -Dm644 "$icon" "$s/share/icons/hicolor/256x256/apps/io.github.hashdrop.hashdrop.png"
install -Dm644 "$here/../icon.svg" "$s/share/icons/hicolor/scalable/apps/io.github.hashdrop.hashdrop.svg"
install -Dm644 "$here/io.github.hashdrop.hashdrop.desktop" "$s/share/applications/io.github.hashdrop.hashdrop.desktop"
install -Dm644 "$here/io.github.hashdrop.hashdrop.xml" "$s/share/mime/packages/io.github.hashdrop.hashdrop.xml"
fm=$here/filemanager
install -Dm644 "$fm/dolphin.desktop" "$s/share/kio/servicemenus/io.github.hashdrop.hashdrop.desktop"
install -Dm644 "$fm/io.github.hashdrop.hashdrop.nemo_action" "$s/share/nemo/actions/io.github.hashdrop.hashdrop.nemo_action"
install -Dm644 "$fm/thunar-sendto.desktop" "$s/share/Thunar/sendto/io.github.hashdrop.hashdrop.desktop"
install -Dm644 "$fm/nautilus-hashdrop.py" "$s/share/nautilus-python/extensions/io_github_hashdrop_hashdrop.py"
install -Dm755 "$fm/check-with-hashdrop.sh" "$s/share/hashdrop/check-with-hashdrop.sh"
install -Dm644 "$here/install.mk" "$work/out/hashdrop/Makefile"
tar -cJf "$out" -C "$work/out" hashdrop
echo "package.sh: $out"
tar -tJf "$out"
