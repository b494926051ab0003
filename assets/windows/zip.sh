#!/bin/sh
# zip.sh OUT FILE...: the portable zip of the Windows programs (and LICENSE,
# as LICENSE.txt), the files at its top level, in the order given. The same
# files give the same zip: each dated SOURCE_DATE_EPOCH (default: the last
# commit's time) in UTC (a zip keeps local DOS times), mode 0644, with no
# extra fields (-X: no Unix owners or times) and no folder entries (-D).
set -eu
out=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
: "${SOURCE_DATE_EPOCH:=$(git -C "$here/../.." log -1 --format=%ct 2>/dev/null || date +%s)}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/files"
names=
for f do
	n=$(basename "$f")
	[ "$n" != LICENSE ] || n=LICENSE.txt
	cp "$f" "$work/files/$n"
	names="$names $n"
done
chmod 644 "$work"/files/*
touch -d "@$SOURCE_DATE_EPOCH" "$work"/files/*
# shellcheck disable=SC2086 # the names hold no space
(cd "$work/files" && TZ=UTC zip -X -D -q "$work/out.zip" $names)
mv "$work/out.zip" "$out"
