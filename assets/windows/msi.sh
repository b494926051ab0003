#!/bin/sh
# msi.sh EXE OUT VERSION: the per-user installer of EXE and of hashdrop.com
# beside it, from hashdrop.wxs, with Hashdrop.ico and LICENSE.txt beside EXE
# (wixl reads the files it packs relative to the folder it runs in). Then
# msibuild adds what wixl 0.101 cannot write: the install folder on the
# user's PATH (environment.idt) and the two actions that set and remove it.
#
# The same files give the same MSI, byte for byte. wixl would put in a new
# random product code and package code and the time of the build:
# - the product code is derived from VERSION (a new one for each version,
#   as MajorUpgrade wants), the package code from the files packed (a new
#   one for every different package, as Windows Installer wants);
# - wixl and msibuild run under faketime at SOURCE_DATE_EPOCH (default:
#   the last commit's time), which dates the summary information, and the
#   files packed are dated SOURCE_DATE_EPOCH too (the cabinet keeps their
#   times).
set -eu
exe=$1 out=$2 version=$3
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
dir=$(cd "$(dirname "$exe")" && pwd)
case $out in /*) ;; *) out=$PWD/$out ;; esac
: "${SOURCE_DATE_EPOCH:=$(git -C "$top" log -1 --format=%ct 2>/dev/null || date +%s)}"
export SOURCE_DATE_EPOCH TZ=UTC

convert "$top/assets/icon.png" -define icon:auto-resize=256,48,32,16 "$dir/Hashdrop.ico"
cp "$top/LICENSE" "$dir/LICENSE.txt"
touch -d "@$SOURCE_DATE_EPOCH" "$exe" "$dir/hashdrop.com" "$dir/Hashdrop.ico" "$dir/LICENSE.txt"

# A GUID from a SHA-256 of the words given (RFC 4122's layout, version 5
# bits set, as a name-based GUID has).
guid() {
	printf '%s' "$*" | sha256sum | cut -c1-32 | sed 's/^\(........\)\(....\).\(...\).\(...\)\(............\)$/\1-\2-5\3-a\4-\5/' | tr a-f A-F
}
product=$(guid "Hashdrop product code $version")
inputs=$(cd "$dir" && sha256sum "$(basename "$exe")" hashdrop.com Hashdrop.ico LICENSE.txt; sha256sum "$here/hashdrop.wxs" "$here/environment.idt" | cut -c1-64)
package=$(guid "Hashdrop package $version $inputs")

at="@$(date -u -d "@$SOURCE_DATE_EPOCH" '+%Y-%m-%d %H:%M:%S')"
rm -f "$out"
(cd "$dir" && faketime -f "$at" wixl -a x64 -D Version="$version" -D Exe="$(basename "$exe")" -D Icon=Hashdrop.ico \
	-D ProductCode="$product" -o "$out" "$here/hashdrop.wxs")
faketime -f "$at" msibuild "$out" -i "$here/environment.idt" \
	-q "INSERT INTO InstallExecuteSequence (Action, Sequence) VALUES ('RemoveEnvironmentStrings', 3300)" \
	-q "INSERT INTO InstallExecuteSequence (Action, Sequence) VALUES ('WriteEnvironmentStrings', 5200)"
faketime -f "$at" msibuild "$out" -s "Hashdrop, the file hash checker" Hashdrop "x64;1033" "{$package}"
