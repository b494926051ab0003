#!/bin/sh
# make test-filemanagers: "make install" for a user, into a throwaway HOME
# whose path holds a space and Japanese, with a stub for the window program,
# over what an install of the old id (io.github.hashdrop) left; then Check
# with Hashdrop run as each file manager runs it (test-filemanagers.py),
# the Files and Caja scripts under their Japanese name when installed in
# Japanese; and "make uninstall" leaves none of the files behind, no line
# naming Hashdrop in mimeapps.list (another program's lines kept), and no
# empty folder it made.
set -eu
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp/my home 日本語"
export XDG_DATA_HOME="$HOME/.local/share" XDG_CONFIG_HOME="$HOME/.config"
unset XDG_CURRENT_DESKTOP DESKTOP_SESSION KDE_FULL_SESSION GNOME_DESKTOP_SESSION_ID XDG_SESSION_DESKTOP
mkdir -p "$HOME" "$tmp/record"
export HASHDROP_RECORD="$tmp/record"
sh assets/linux/stub.sh >"$tmp/stub"
chmod 755 "$tmp/stub"

files="BIN=$tmp/stub WINDOW=$tmp/stub DESKTOP=assets/linux/io.github.hashdrop.hashdrop.desktop
	MIMEXML=assets/linux/io.github.hashdrop.hashdrop.xml ICONS=assets/linux/icons/hicolor ICONSVG=assets/icon.svg
	DOLPHIN=assets/linux/filemanager/dolphin.desktop NEMO=assets/linux/filemanager/io.github.hashdrop.hashdrop.nemo_action
	SENDTO=assets/linux/filemanager/thunar-sendto.desktop CAJA=assets/linux/filemanager/caja-action.desktop NAUTILUSPY=assets/linux/filemanager/nautilus-hashdrop.py
	FMSCRIPT=assets/linux/filemanager/check-with-hashdrop.sh"
# What 0.1.0's make install left: its menu entry, and the defaults
# xdg-mime set, beside another program's.
mkdir -p "$XDG_DATA_HOME/applications" "$XDG_CONFIG_HOME"
printf '[Desktop Entry]\nType=Application\nName=Hashdrop\nExec=hashdrop %%F\n' >"$XDG_DATA_HOME/applications/io.github.hashdrop.desktop"
printf '[Default Applications]\ntext/x-sha256=io.github.hashdrop.desktop;\ntext/plain=org.gnome.TextEditor.desktop;\n' >"$XDG_CONFIG_HOME/mimeapps.list"
find "$HOME" -type d | sort >"$tmp/dirs.before"

# shellcheck disable=SC2086
make --no-print-directory -f assets/linux/install.mk install PREFIX="$HOME/.local" $files >"$tmp/install.log" 2>&1 || {
	cat "$tmp/install.log"; echo "test-filemanagers: make install failed"; exit 1; }
[ ! -e "$XDG_DATA_HOME/applications/io.github.hashdrop.desktop" ] || {
	echo "test-filemanagers: make install left the old id's menu entry"; exit 1; }
scripts="$XDG_DATA_HOME/nautilus/scripts/Check with Hashdrop"
caja="$XDG_CONFIG_HOME/caja/scripts/Check with Hashdrop"
[ -x "$scripts" ] && [ -x "$caja" ] || { echo "test-filemanagers: no English scripts: $(cat "$tmp/install.log")"; exit 1; }

# Installed again in Japanese: the scripts' names (their menu labels) are.
# shellcheck disable=SC2086
LC_ALL= LC_MESSAGES= LANG=ja_JP.UTF-8 make --no-print-directory -f assets/linux/install.mk install PREFIX="$HOME/.local" $files \
	>"$tmp/install-ja.log" 2>&1 || { cat "$tmp/install-ja.log"; echo "test-filemanagers: make install in Japanese failed"; exit 1; }
[ ! -e "$scripts" ] && [ ! -e "$caja" ] || { echo "test-filemanagers: the English scripts are still there beside the Japanese"; exit 1; }
scripts="$XDG_DATA_HOME/nautilus/scripts/Hashdrop で確認"
caja="$XDG_CONFIG_HOME/caja/scripts/Hashdrop で確認"
HASHDROP_USER_INSTALL=1 /usr/bin/python3 assets/linux/test-filemanagers.py "$XDG_DATA_HOME" "$scripts" "$caja"
for t in $(sed -n 's/^MimeType=//p' assets/linux/io.github.hashdrop.hashdrop.desktop | tr ';' ' '); do
	grep -qxE "$t=io\.github\.hashdrop\.hashdrop\.desktop;?" "$XDG_CONFIG_HOME/mimeapps.list" ||
		{ echo "test-filemanagers: mimeapps.list has no default for $t"; exit 1; }
done

# shellcheck disable=SC2086
make --no-print-directory -f assets/linux/install.mk uninstall PREFIX="$HOME/.local" $files >"$tmp/uninstall.log" 2>&1 || {
	cat "$tmp/uninstall.log"; echo "test-filemanagers: make uninstall failed"; exit 1; }
left=$(find "$HOME" -type f \( -path '*/kio/*' -o -path '*/nemo/*' -o -path '*/Thunar/*' -o -path '*/nautilus*' \
	-o -path '*/caja/*' -o -path '*/file-manager/*' -o -path '*/applications/io.github*' -o -path '*/bin/*' -o -path '*/lib/*' \))
[ -z "$left" ] || { echo "test-filemanagers: make uninstall left: $left"; exit 1; }
if grep -n 'hashdrop' "$XDG_CONFIG_HOME/mimeapps.list"; then
	echo "test-filemanagers: make uninstall left those lines in mimeapps.list"; exit 1
fi
grep -qx 'text/plain=org.gnome.TextEditor.desktop;' "$XDG_CONFIG_HOME/mimeapps.list" ||
	{ echo "test-filemanagers: make uninstall took another program's line from mimeapps.list"; exit 1; }
# (~/.cache is GLib's, made by the launches the test made.)
find "$HOME" -path "$HOME/.cache" -prune -o -type d -print | sort >"$tmp/dirs.after"
made=$(comm -13 "$tmp/dirs.before" "$tmp/dirs.after")
[ -z "$made" ] || { echo "test-filemanagers: make uninstall left the folders install made: $made"; exit 1; }
echo "test-filemanagers: make uninstall removed them all, their lines in mimeapps.list and the folders install made"
