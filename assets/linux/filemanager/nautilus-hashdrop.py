"""Check with Hashdrop: an entry in the right-click menu of GNOME Files.

nautilus-python loads this file (python3-nautilus on Debian and Ubuntu) when
Files starts; nothing else reads it, so without python3-nautilus it does
nothing. It works with the extension API of Files 43 and later (Nautilus 4.0,
4.1) and of Files 3.x to 42 (Nautilus 3.0).

The selected files go to Hashdrop as one list of absolute paths, in an
argument vector (no shell), so that several files open in one window and a
name with spaces or quotes stays one name.
"""

import os
import subprocess
from shutil import which

import gi

for _version in ("4.1", "4.0", "3.0"):
    try:
        gi.require_version("Nautilus", _version)
        break
    except ValueError:
        continue
from gi.repository import GObject, Nautilus  # noqa: E402

# make install writes the installed program's absolute path here.
HASHDROP = "hashdrop"


# The label in each language Hashdrop speaks, by locale (make
# platform-words writes them from ui/translations/platform).
LABELS = {
    "de": "Mit Hashdrop prüfen",
    "es": "Comprobar con Hashdrop",
    "fr": "Vérifier avec Hashdrop",
    "id": "Periksa dengan Hashdrop",
    "it": "Verifica con Hashdrop",
    "ja": "Hashdrop で確認",
    "ko": "Hashdrop으로 확인",
    "pl": "Sprawdź w Hashdrop",
    "pt_BR": "Verificar com o Hashdrop",
    "ru": "Проверить в Hashdrop",
    "tr": "Hashdrop ile denetle",
    "uk": "Перевірити в Hashdrop",
    "vi": "Kiểm tra bằng Hashdrop",
    "zh_CN": "用 Hashdrop 校验",
    "zh_TW": "用 Hashdrop 檢查",
}


def _label():
    """The label in the first language asked for that has one, as GNU
    gettext chooses the language, which is what Hashdrop does."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            break
    else:
        return "Check with Hashdrop"
    if value in ("C", "POSIX") or value.startswith("C."):
        return "Check with Hashdrop"
    for tag in os.environ.get("LANGUAGE", "").split(":") + [value]:
        tag = tag.split(".")[0].split("@")[0].replace("-", "_")
        lang, _, rest = tag.partition("_")
        if lang == "zh":
            hant = rest.split("_")[0] in ("Hant", "TW", "HK", "MO") or "_Hant" in tag
            tag = "zh_TW" if hant else "zh_CN"
        elif lang == "pt":
            tag = "pt_BR"
        elif lang == "en":
            return "Check with Hashdrop"
        if tag in LABELS:
            return LABELS[tag]
        if lang in LABELS:
            return LABELS[lang]
    return "Check with Hashdrop"


LABEL = _label()


def local_paths(files):
    """The paths of files, or None if one of them has no local path."""
    paths = []
    for f in files:
        location = f.get_location()
        path = location.get_path() if location is not None else None
        if not path:
            return None
        paths.append(path)
    return paths


def command(paths):
    """The argument vector that opens paths in Hashdrop, or None if it is not installed."""
    exe = HASHDROP if os.path.isabs(HASHDROP) else which(HASHDROP)
    if not exe or not os.access(exe, os.X_OK):
        return None
    return [exe] + paths


class HashdropMenu(GObject.GObject, Nautilus.MenuProvider):
    def get_file_items(self, *args):
        # Nautilus 4.x passes (files); 3.0 passed (window, files).
        files = args[-1]
        if not files:
            return []
        paths = local_paths(files)
        if paths is None:
            return []
        argv = command(paths)
        if argv is None:
            return []
        # No tip or icon: Nautilus 4.1 deprecates them.
        item = Nautilus.MenuItem(name="Hashdrop::Check", label=LABEL)
        item.connect("activate", self._activate, argv)
        return [item]

    def get_background_items(self, *args):
        return []

    def _activate(self, _item, argv):
        # Hashdrop keeps running after Files forgets it: its own session,
        # no pipes to Files.
        subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
