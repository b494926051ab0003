#!/bin/sh
# make test-filemanagers: "make install" for a user, into a throwaway HOME,
# with a stub for the window program; then Check with Hashdrop run as each
# file manager runs it (test-filemanagers.py), and "make uninstall" leaves
# none of the files behind.
set -eu
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp/home"
export XDG_DATA_HOME="$HOME/.local/share" XDG_CONFIG_HOME="$HOME/.config"
unset XDG_CURRENT_DESKTOP DESKTOP_SESSION KDE_FULL_SESSION GNOME_DESKTOP_SESSION_ID XDG_SESSION_DESKTOP
mkdir -p "$HOME" "$tmp/record"
export HASHDROP_RECORD="$tmp/record"
sh assets/linux/stub.sh >"$tmp/stub"
chmod 755 "$tmp/stub"

files="BIN=$tmp/stub WINDOW=$tmp/stub DESKTOP=assets/linux/io.github.hashdrop.desktop
	MIMEXML=assets/linux/io.github.hashdrop.xml ICON=assets/icon.png ICONSVG=assets/icon.svg
	DOLPHIN=assets/linux/filemanager/dolphin.desktop NEMO=assets/linux/filemanager/io.github.hashdrop.nemo_action
	SENDTO=assets/linux/filemanager/thunar-sendto.desktop NAUTILUSPY=assets/linux/filemanager/nautilus-hashdrop.py
	FMSCRIPT=assets/linux/filemanager/check-with-hashdrop.sh"
# shellcheck disable=SC2086
make --no-print-directory -f assets/linux/install.mk install PREFIX="$HOME/.local" $files >"$tmp/install.log" 2>&1 || {
	cat "$tmp/install.log"; echo "test-filemanagers: make install failed"; exit 1; }

scripts="$XDG_DATA_HOME/nautilus/scripts/Check with Hashdrop"
caja="$XDG_CONFIG_HOME/caja/scripts/Check with Hashdrop"
HASHDROP_USER_INSTALL=1 /usr/bin/python3 assets/linux/test-filemanagers.py "$XDG_DATA_HOME" "$scripts" "$caja"

# shellcheck disable=SC2086
make --no-print-directory -f assets/linux/install.mk uninstall PREFIX="$HOME/.local" $files >"$tmp/uninstall.log" 2>&1 || {
	cat "$tmp/uninstall.log"; echo "test-filemanagers: make uninstall failed"; exit 1; }
left=$(find "$HOME" -type f \( -path '*/kio/*' -o -path '*/nemo/*' -o -path '*/Thunar/*' -o -path '*/nautilus*' \
	-o -path '*/caja/*' -o -path '*/applications/io.github*' -o -path '*/bin/*' -o -path '*/lib/*' \))
[ -z "$left" ] || { echo "test-filemanagers: make uninstall left: $left"; exit 1; }
echo "test-filemanagers: make uninstall removed them all"
