#!/bin/sh
# stub.sh prints a stand-in for Hashdrop, for the tests of the file
# managers' entries: it writes its arguments, NUL-separated, to a new file
# of $HASHDROP_RECORD (written under another name, then renamed, so that a
# test never reads half of it).
cat <<'STUB'
#!/bin/sh
set -eu
part=$(mktemp "$HASHDROP_RECORD/part.XXXXXX")
printf '%s\0' "$@" >"$part"
mv "$part" "$HASHDROP_RECORD/call.${part##*.}"
STUB
