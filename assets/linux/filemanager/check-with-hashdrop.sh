#!/bin/sh
# Check with Hashdrop: a GNOME Files (Nautilus) and Caja script, installed by
# make install as "Check with Hashdrop" in ~/.local/share/nautilus/scripts
# and ~/.config/caja/scripts (these file managers read scripts from the
# user's folders only). Files and Caja run it in the folder shown, with the
# selected names as arguments, relative to it; they become absolute paths
# here, so that Hashdrop never takes a file named "sum" or "-h" for a
# subcommand, and the running window (which may be in another folder) gets
# names it can open. All of them go in one launch: one window.
set -eu
HASHDROP=hashdrop # make install writes the installed program's absolute path here
for f do
	case $f in
	/*) ;;
	*) f=$PWD/$f ;;
	esac
	set -- "$@" "$f"
	shift
done
exec "$HASHDROP" "$@"
