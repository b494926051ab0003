#!/bin/sh
# test-flatpak.sh DIR: what can be checked of the Flatpak without Flathub's
# runtimes (org.gnome.Sdk and the Go extension come only from Flathub, which
# this machine cannot reach), on what make package-flatpak wrote in DIR:
#
# - flatpak-builder --show-manifest parses the manifest (its own parser:
#   an unknown key or a wrong type fails, on its warning), and the fields Flathub needs are
#   there: the id, the command, the runtime, the archive's sha256 (which
#   must be the archive's);
# - the manifest's build-commands run as flatpak-builder runs them (sh -c,
#   in the unpacked archive, FLATPAK_DEST and the manifest's build
#   environment set, GOPROXY=off and an empty module cache: nothing comes
#   from the network, every module from vendor/), with this machine's Go
#   and C compiler standing in for the SDK's;
# - the programs built run, the command finds the window program, and the
#   exported files are the ones Flatpak exports, valid, and named by the id.
set -eu
dir=$(cd "$1" && pwd)
manifest=$dir/io.github.hashdrop.hashdrop.yml
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
fail=0
no() { echo "test-flatpak: $*"; fail=1; }

# flatpak-builder only warns of an unknown key or a value of the wrong
# type, and exits 0: any warning fails here.
# (In $tmp: flatpak-builder leaves a .flatpak-builder folder where it runs.)
(cd "$tmp" && flatpak-builder --show-manifest "$manifest") >"$tmp/manifest.json" 2>"$tmp/manifest.err" || {
	cat "$tmp/manifest.err"; no "flatpak-builder cannot read $manifest"; exit 1; }
[ ! -s "$tmp/manifest.err" ] || { cat "$tmp/manifest.err"; no "flatpak-builder warns about $manifest"; exit 1; }

# The fields, and the commands and environment to build with.
/usr/bin/python3 - "$tmp/manifest.json" "$dir" "$tmp" <<'EOF' || fail=1
import hashlib, json, os, shlex, sys
m = json.load(open(sys.argv[1]))
d, tmp = sys.argv[2], sys.argv[3]
bad = []
def want(cond, msg):
    if not cond:
        bad.append(msg)
want(m.get("id", m.get("app-id")) == "io.github.hashdrop.hashdrop", f"id {m.get('id')}")
want(m.get("command") == "hashdrop", f"command {m.get('command')}")
want(m.get("runtime") == "org.gnome.Platform" and m.get("sdk") == "org.gnome.Sdk", "runtime or sdk")
want("org.freedesktop.Sdk.Extension.golang" in m.get("sdk-extensions", []), "no Go SDK extension")
for arg in ("--socket=x11", "--device=dri", "--filesystem=host:ro", "--share=network", "--env=HASHDROP_DIALOGS=fyne"):
    want(arg in m.get("finish-args", []), f"finish-args lack {arg}")
mods = m.get("modules", [])
want(len(mods) == 1, f"{len(mods)} modules")
src = mods[0]["sources"][0]
want(src["type"] == "archive", "the source is not an archive")
archive = os.path.join(d, src["path"])
h = hashlib.sha256(open(archive, "rb").read()).hexdigest()
want(src["sha256"] == h, f"sha256 {src['sha256']} in the manifest, {h} the archive's")
env = m.get("build-options", {}).get("env", {})
want(env.get("GOPROXY") == "off" and env.get("GOFLAGS") == "-mod=vendor", "modules not from vendor/ alone")
with open(os.path.join(tmp, "build.sh"), "w") as f:
    f.write("set -eu\n")
    for k, v in env.items():
        if k != "GOCACHE":  # the build folder's own cache; here the shared one
            f.write(f"export {k}={shlex.quote(v)}\n")
    f.write(f"tar -xJf {shlex.quote(archive)} --strip-components=1\n")
    for c in mods[0]["build-commands"]:
        f.write(f"sh -c {shlex.quote(c)}\n")
for msg in bad:
    print("test-flatpak:", msg)
sys.exit(1 if bad else 0)
EOF
[ $fail = 0 ] || exit 1
echo "test-flatpak: flatpak-builder reads the manifest; its fields and the archive's sha256 are right"

mkdir -p "$tmp/src" "$tmp/app" "$tmp/modcache"
(cd "$tmp/src" && FLATPAK_DEST="$tmp/app" FLATPAK_ID=io.github.hashdrop.hashdrop GOMODCACHE="$tmp/modcache" sh "$tmp/build.sh") ||
	{ no "the build-commands failed with GOPROXY=off and the vendored modules"; exit 1; }
[ -z "$(ls -A "$tmp/modcache")" ] || no "the build put modules in the module cache: not all came from vendor/"
echo "test-flatpak: the build-commands built from vendor/ with GOPROXY=off"

app=$tmp/app
"$app/bin/hashdrop" algos >/dev/null || no "the command does not run"
"$app/lib/hashdrop/hashdrop-window" algos >/dev/null || no "the window program does not run"
said=$(env -u DISPLAY -u WAYLAND_DISPLAY "$app/bin/hashdrop" "$manifest" 2>&1) && no "the window opened without a display"
case $said in *"needs a graphical desktop"*) ;; *) no "the command did not start the window program: $said" ;; esac
# Flatpak exports only these folders of share/, and only files named by
# the id (flatpak build-finish).
find "$app/share" -type f | sed "s|^$app/share/||" | sort >"$tmp/exports"
while IFS= read -r f; do
	case $f in
	applications/io.github.hashdrop.hashdrop.desktop | metainfo/io.github.hashdrop.hashdrop.metainfo.xml | \
		mime/packages/io.github.hashdrop.hashdrop.xml | icons/hicolor/*/apps/io.github.hashdrop.hashdrop.*) ;;
	*) no "$f would not be exported" ;;
	esac
done <"$tmp/exports"
# The desktop entry, the metainfo, the MIME XML, 7 PNG sizes and the SVG.
[ "$(wc -l <"$tmp/exports")" = 11 ] || no "exports: $(cat "$tmp/exports")"
for n in 16 24 32 48 64 128 256; do
	[ -f "$app/share/icons/hicolor/${n}x$n/apps/io.github.hashdrop.hashdrop.png" ] || no "no ${n}px icon"
done
# Built with Fyne's portal dialogs (-tags flatpak): the Save dialog is the
# file-chooser portal's.
go version -m "$app/lib/hashdrop/hashdrop-window" | grep -q -- '-tags=.*flatpak' ||
	no "the window program is not built with -tags flatpak: its Save dialog would not be the portal's"
desktop-file-validate "$app/share/applications/io.github.hashdrop.hashdrop.desktop" || no "the desktop entry is not valid"
appstreamcli validate --no-net "$app/share/metainfo/io.github.hashdrop.hashdrop.metainfo.xml" || no "the AppStream metadata is not valid"

[ $fail = 0 ] && echo "test-flatpak: ok (not built in a Flatpak sandbox: no Flathub runtime here)"
exit $fail
