#!/bin/sh
# flatpak.sh OUTDIR: make package-flatpak. Writes OUTDIR/hashdrop-VERSION-
# vendored.tar.xz, the source (the files git knows, as they are in the work
# tree) with every Go module it needs in vendor/, since Flathub builds
# without a network; and OUTDIR/io.github.hashdrop.hashdrop.yml, the manifest
# (flatpak/io.github.hashdrop.hashdrop.yml.in) with the version and the archive's
# sha256. SOURCE_DATE_EPOCH (default: the last commit's time) dates the
# archive's files, so that the same source gives the same archive.
set -eu
outdir=$1
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
GO=${GO:-go}
version=$(sed -n 's/^Version *= *"\(.*\)"/\1/p' "$top/FyneApp.toml")
: "${SOURCE_DATE_EPOCH:=$(git -C "$top" log -1 --format=%ct 2>/dev/null || date +%s)}"
name=hashdrop-$version
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/$name" "$outdir"

(cd "$top" && git ls-files -co --exclude-standard) | while IFS= read -r f; do
	[ -f "$top/$f" ] && printf '%s\n' "$f"
done >"$tmp/files"
tar -C "$top" -cf - -T "$tmp/files" | tar -C "$tmp/$name" -xf -
(cd "$tmp/$name" && $GO mod vendor)
archive=$outdir/$name-vendored.tar.xz
tar -C "$tmp" --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner --mode=a+rX,u+w,go-w \
	-cf - "$name" | xz -T1 -6 >"$archive.tmp"
mv "$archive.tmp" "$archive"
sum=$(sha256sum "$archive" | cut -d' ' -f1)
sed -e "s|@VERSION@|$version|g" -e "s|@SHA256@|$sum|g" "$here/flatpak/io.github.hashdrop.hashdrop.yml.in" >"$outdir/io.github.hashdrop.hashdrop.yml.tmp"
mv "$outdir/io.github.hashdrop.hashdrop.yml.tmp" "$outdir/io.github.hashdrop.hashdrop.yml"
echo "flatpak.sh: $archive ($(du -h "$archive" | cut -f1)), $outdir/io.github.hashdrop.hashdrop.yml"
