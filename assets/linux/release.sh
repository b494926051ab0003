#!/bin/sh
# release.sh OUTDIR ARTEFACT...: make release. Copies the artefacts into
# OUTDIR, writes OUTDIR/SHA256SUMS over all of them (GNU lines, in name
# order), and signs it with minisign when a secret key is given:
#
#   HASHDROP_MINISIGN_KEY       the text of a minisign secret key file (as a
#                               CI secret holds it); or
#   HASHDROP_MINISIGN_KEY_FILE  the path of one;
#   HASHDROP_MINISIGN_PASSWORD  its password, if it has one (minisign -G
#                               -W makes a key without).
#
# The signature is OUTDIR/SHA256SUMS.minisig, its trusted comment "Hashdrop
# VERSION SHA256SUMS". Anyone then checks the release with the public key
# published in the README: hashdrop verify --keyring hashdrop.pub OUTDIR
# (or minisign -Vm SHA256SUMS -P KEY, then sha256sum -c SHA256SUMS).
# Without a key, SHA256SUMS is written unsigned and the script says so.
set -eu
outdir=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
version=$(sed -n 's/^Version *= *"\(.*\)"/\1/p' "$here/../../FyneApp.toml")
mkdir -p "$outdir"
for f do
	[ -f "$f" ] || { echo "release.sh: no artefact $f"; exit 1; }
	cp "$f" "$outdir/"
done
(cd "$outdir" && rm -f SHA256SUMS SHA256SUMS.minisig &&
	for f do basename "$f"; done | LC_ALL=C sort | while IFS= read -r n; do sha256sum -- "$n"; done >SHA256SUMS.tmp &&
	mv SHA256SUMS.tmp SHA256SUMS)
echo "release.sh: $outdir/SHA256SUMS"
cat "$outdir/SHA256SUMS"

key=${HASHDROP_MINISIGN_KEY_FILE:-}
tmp=
if [ -z "$key" ] && [ -n "${HASHDROP_MINISIGN_KEY:-}" ]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	(umask 077 && printf '%s\n' "$HASHDROP_MINISIGN_KEY" >"$tmp/secret.key")
	key=$tmp/secret.key
fi
if [ -z "$key" ]; then
	echo "release.sh: no HASHDROP_MINISIGN_KEY: SHA256SUMS is not signed"
	exit 0
fi
printf '%s\n' "${HASHDROP_MINISIGN_PASSWORD:-}" |
	minisign -S -s "$key" -m "$outdir/SHA256SUMS" -t "Hashdrop $version SHA256SUMS" >/dev/null ||
	{ echo "release.sh: minisign could not sign $outdir/SHA256SUMS with $key"; exit 1; }
echo "release.sh: $outdir/SHA256SUMS.minisig"
