#!/bin/sh
# test-release.sh DEBDIR: every artefact of a release built twice from the
# same commit gives the same bytes, and Hashdrop calls its own signed
# release genuine.
#
# - the command (app/cli/hashdrop) built again as deb-programs builds it,
#   in an empty build cache, is the same file as DEBDIR/hashdrop (the
#   window program is not built twice: a cold cgo build of Fyne takes
#   minutes; its flags are the same -trimpath and -buildid=);
# - the .deb (deb.sh), the Linux tar.xz (package.sh), the vendored source
#   archive of the Flatpak (flatpak.sh), the Windows zip (zip.sh) and MSI
#   (msi.sh), each made twice, a second apart, into separate folders: the
#   same bytes. The Windows packages hold the Windows command built twice
#   in the same way, and build/windows-amd64/Hashdrop.exe when make
#   build-windows-amd64 has built it (else the command again, standing in
#   for the window program: what is tested is the packaging);
# - release.sh over them with a minisign key made for the test: SHA256SUMS
#   and its signature; hashdrop verify --keyring (the test's public key)
#   on the release folder: every artefact OK and genuine, exit 0; an
#   artefact changed: FAILED, exit 1; no key trusted: OK but not genuine.
set -eu
debdir=$(cd "$1" && pwd)
cd "$(dirname "$0")/../.."
top=$PWD
GO=${GO:-go}
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
fail=0
no() { echo "test-release: $*"; fail=1; }
SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s)
export SOURCE_DATE_EPOCH
version=$(sed -n 's/^Version *= *"\(.*\)"/\1/p' FyneApp.toml)
arch=$(dpkg --print-architecture)

# The command again, from nothing cached.
mkdir -p "$tmp/cache" "$tmp/win"
CGO_ENABLED=0 GOCACHE="$tmp/cache" $GO build -buildmode=pie -trimpath -ldflags='-s -w -bindnow -buildid=' -o "$tmp/hashdrop" ./app/cli/hashdrop
strip --remove-section=.comment "$tmp/hashdrop"
cmp -s "$tmp/hashdrop" "$debdir/hashdrop" && echo "test-release: the command built again from an empty cache: the same bytes" ||
	no "the command built in an empty cache differs from $debdir/hashdrop"
for n in 1 2; do
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 GOCACHE="$tmp/cache$n" $GO build -trimpath -ldflags '-s -w -buildid=' -o "$tmp/win/hashdrop.com.$n" ./app/cli/hashdrop
done
cmp -s "$tmp/win/hashdrop.com.1" "$tmp/win/hashdrop.com.2" || no "hashdrop.com built twice differs"
rm -rf "$tmp"/cache*

for n in 1 2; do
	out=$tmp/out$n
	mkdir -p "$out" "$tmp/w$n"
	sh assets/linux/deb.sh "$debdir/hashdrop" "$debdir/hashdrop-window" "$out" >/dev/null
	sh assets/linux/package.sh "$debdir/hashdrop" "$debdir/hashdrop-window" "$out/hashdrop-$version-linux-$arch.tar.xz" >/dev/null
	sh assets/linux/flatpak.sh "$out/flatpak" >/dev/null
	cp "$tmp/win/hashdrop.com.$n" "$tmp/w$n/hashdrop.com"
	if [ -f build/windows-amd64/Hashdrop.exe ]; then cp build/windows-amd64/Hashdrop.exe "$tmp/w$n/Hashdrop.exe"
	else cp "$tmp/win/hashdrop.com.$n" "$tmp/w$n/Hashdrop.exe"; fi
	sh assets/windows/zip.sh "$out/Hashdrop-$version-windows-amd64.zip" "$tmp/w$n/Hashdrop.exe" "$tmp/w$n/hashdrop.com" LICENSE
	sh assets/windows/msi.sh "$tmp/w$n/Hashdrop.exe" "$out/Hashdrop-$version-windows-amd64.msi" "$version"
	[ $n = 2 ] || sleep 1 # a second later: any time of day that leaks in shows
done
[ -f build/windows-amd64/Hashdrop.exe ] || echo "test-release: no build/windows-amd64/Hashdrop.exe: the Windows packages hold the command in its place"
(cd "$tmp/out1" && find . -type f | LC_ALL=C sort) >"$tmp/list1"
(cd "$tmp/out2" && find . -type f | LC_ALL=C sort) >"$tmp/list2"
cmp -s "$tmp/list1" "$tmp/list2" || no "the two builds made different files: $(diff "$tmp/list1" "$tmp/list2")"
while IFS= read -r f; do
	if cmp -s "$tmp/out1/$f" "$tmp/out2/$f"; then
		echo "test-release: built twice, the same bytes: $f ($(sha256sum <"$tmp/out1/$f" | cut -c1-16)...)"
	else
		no "built twice, $f differs"
	fi
done <"$tmp/list1"
for kind in .deb .tar.xz -vendored.tar.xz .zip .msi; do
	grep -q -- "$kind\$" "$tmp/list1" || no "no $kind artefact was made"
done

# A release signed with a key made for the test.
minisign -G -W -p "$tmp/test.pub" -s "$tmp/test.key" >/dev/null
artefacts=$(find "$tmp/out1" -type f \( -name '*.deb' -o -name '*.tar.xz' -o -name '*.zip' -o -name '*.msi' \) | LC_ALL=C sort)
# shellcheck disable=SC2086 # the test's paths hold no space
HASHDROP_MINISIGN_KEY=$(cat "$tmp/test.key") sh assets/linux/release.sh "$tmp/release" $artefacts >"$tmp/release.log" ||
	{ cat "$tmp/release.log"; no "release.sh failed"; }
[ -f "$tmp/release/SHA256SUMS.minisig" ] || no "release.sh did not sign SHA256SUMS"
minisign -Vm "$tmp/release/SHA256SUMS" -p "$tmp/test.pub" >/dev/null || no "minisign does not verify SHA256SUMS.minisig"
[ "$(wc -l <"$tmp/release/SHA256SUMS")" = "$(echo "$artefacts" | wc -l)" ] || no "SHA256SUMS does not list every artefact"

hd=$debdir/hashdrop
if "$hd" verify --keyring "$tmp/test.pub" "$tmp/release" >"$tmp/verify.txt" 2>&1; then
	cat "$tmp/verify.txt"
else
	cat "$tmp/verify.txt"; no "hashdrop verify does not call its own signed release good"
fi
"$hd" verify --json --keyring "$tmp/test.pub" "$tmp/release" >"$tmp/verify.json" || true
/usr/bin/python3 - "$tmp/verify.json" "$(echo "$artefacts" | wc -l)" <<'PY' || no "hashdrop verify --json: not every artefact OK and genuine"
import json, sys
v = json.load(open(sys.argv[1]))
arts = [f for f in v["files"] if not f.get("companion")]
bad = [f["name"] for f in arts if f["status"] != "ok" or not f["genuine"]]
ok = v["outcome"] == "match" and v["exit"] == 0 and len(arts) == int(sys.argv[2]) and not bad
print("test-release: hashdrop verify:", v["headline"], "" if ok else f"(not genuine or not OK: {bad})")
sys.exit(0 if ok else 1)
PY
grep -q 'genuine' "$tmp/verify.txt" || no "hashdrop verify did not say genuine"
# Trusting no key, the same release matches but is not called genuine.
"$hd" verify "$tmp/release" >"$tmp/nokey.txt" 2>&1 || no "verify without the key failed: $(cat "$tmp/nokey.txt")"
grep -q 'genuine' "$tmp/nokey.txt" && no "verify called the release genuine without trusting its key"
# One artefact changed after signing.
deb=$(find "$tmp/release" -name '*.deb')
printf 'x' >>"$deb"
"$hd" verify --keyring "$tmp/test.pub" "$tmp/release" >"$tmp/bad.txt" 2>&1 && no "verify passed a changed .deb"
grep -q "$(basename "$deb"): FAILED" "$tmp/bad.txt" || no "verify did not name the changed .deb: $(cat "$tmp/bad.txt")"

[ $fail = 0 ] && echo "test-release: ok: each artefact twice the same bytes, and the signed release verifies as genuine"
exit $fail
