"""Check with Hashdrop, as each file manager would run it.

test-filemanagers.py SHARE [SCRIPTS...]

SHARE is an installed share folder (~/.local/share after make install, or
usr/share of the unpacked .deb); SCRIPTS are the installed Files and Caja
scripts. Every file is read with GLib's key-file parser (the one GIO, Nemo
and Thunar use) and its required keys checked, in English and Japanese; then
its command is run on a selection of two files and a folder whose path holds
a space and Japanese, and a stub standing for Hashdrop records the arguments
it got. Each test asserts one launch (one window) with the three absolute
paths, in order.

How each is run: the application entry and Thunar's Send To entry through
GIO's launcher (g_app_info_launch, what Thunar and the desktop use); the
Dolphin action's Exec through the same launcher, since KIO expands Exec by
the same Desktop Entry rules (KIO itself is not installed here); the Nemo
action by Nemo's own recipe (nemo-action.c: the paths put in double quotes
for Quote=double, joined by spaces, in place of %F, then
g_spawn_command_line_async); Caja's action (caja-actions) the same way,
each path quoted for the shell; the nautilus-python extension imported with
Debian's Nautilus 4.0 typelib and its menu item activated; the scripts run
as Files and Caja run them, in the folder shown, with relative names.

The stub is the program the files name: the installed window program for a
per-user install, "hashdrop" first on PATH for the .deb. It writes its
arguments, NUL-separated, into a new file of $HASHDROP_RECORD.
"""

import os
import stat
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version("GLib", "2.0")
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

APP = "io.github.hashdrop.hashdrop"
EN = "Check with Hashdrop"
JA = "Hashdrop で確認"

failures = []


def fail(msg):
    failures.append(msg)
    print("test-filemanagers: FAIL:", msg)


def calls(record):
    out = []
    for name in sorted(os.listdir(record)):
        if name.startswith("call."):
            with open(os.path.join(record, name), "rb") as f:
                data = f.read()
            out.append([a.decode() for a in data.split(b"\0")[:-1]])
    return out


def clear(record):
    for name in os.listdir(record):
        os.remove(os.path.join(record, name))


def expect_launch(what, record, want):
    """Waits for the stub (launched asynchronously) and checks what it got."""
    deadline = time.monotonic() + 20
    while not calls(record) and time.monotonic() < deadline:
        time.sleep(0.05)
    got = calls(record)
    clear(record)
    if len(got) != 1:
        fail(f"{what}: {len(got)} launches of Hashdrop, want 1: {got}")
    elif got[0] != want:
        fail(f"{what}: Hashdrop got {got[0]}, want {want}")
    else:
        print(f"test-filemanagers: ok: {what}: one launch with {len(want)} paths")


def keyfile(path, group):
    kf = GLib.KeyFile()
    try:
        kf.load_from_file(path, GLib.KeyFileFlags.KEEP_TRANSLATIONS)
    except GLib.Error as e:
        fail(f"{path}: {e.message}")
        return None
    if not kf.has_group(group):
        fail(f"{path}: no [{group}]")
        return None
    return kf


def get(kf, path, group, key):
    try:
        return kf.get_string(group, key)
    except GLib.Error:
        fail(f"{path}: [{group}] has no {key}")
        return ""


def check_names(kf, path, group, en=EN):
    got_en = kf.get_locale_string(group, "Name", "C")
    got_ja = kf.get_locale_string(group, "Name", "ja")
    if got_en != en or got_ja != JA:
        fail(f"{path}: Name {got_en!r}, Name[ja] {got_ja!r}; want {en!r}, {JA!r}")


def gio_launch(what, desktop, paths, record):
    info = Gio.DesktopAppInfo.new_from_filename(desktop)
    if info is None:
        fail(f"{what}: GIO refuses {desktop} (is its TryExec on PATH?)")
        return
    info.launch([Gio.File.new_for_path(p) for p in paths], None)
    expect_launch(what, record, paths)


def validate(path):
    r = subprocess.run(["desktop-file-validate", path], capture_output=True, text=True)
    if r.returncode != 0 or r.stdout.strip():
        fail(f"desktop-file-validate {path}: {r.stdout}{r.stderr}")


def test_application(share, paths, record):
    path = os.path.join(share, "applications", APP + ".desktop")
    validate(path)
    gio_launch("menu entry (Open with)", path, paths, record)


def test_thunar(share, paths, record):
    path = os.path.join(share, "Thunar", "sendto", APP + ".desktop")
    validate(path)
    kf = keyfile(path, "Desktop Entry")
    if kf:
        check_names(kf, path, "Desktop Entry")
    gio_launch("Thunar Send To", path, paths, record)


def test_dolphin(share, paths, record, user):
    path = os.path.join(share, "kio", "servicemenus", APP + ".desktop")
    kf = keyfile(path, "Desktop Entry")
    if not kf:
        return
    group = "Desktop Entry"
    if get(kf, path, group, "Type") != "Service":
        fail(f"{path}: Type is not Service")
    mimes = kf.get_string_list(group, "MimeType")
    for m in ("application/octet-stream", "inode/directory"):
        if m not in mimes:
            fail(f"{path}: MimeType lacks {m} (files: octet-stream, folders: inode/directory)")
    actions = kf.get_string_list(group, "Actions")
    if actions != ["check"]:
        fail(f"{path}: Actions={actions}, want [check]")
        return
    action = "Desktop Action check"
    if not kf.has_group(action):
        fail(f"{path}: no [{action}]")
        return
    check_names(kf, path, action)
    exe = get(kf, path, action, "Exec")
    if user and not os.stat(path).st_mode & stat.S_IXUSR:
        fail(f"{path}: not executable: KIO refuses a user's service menu that is not")
    # KIO's DesktopExecParser and GIO follow the same Desktop Entry rules for
    # Exec: run the action's command line through GIO.
    with tempfile.TemporaryDirectory() as d:
        app = os.path.join(d, "dolphin-action.desktop")
        with open(app, "w") as f:
            f.write(f"[Desktop Entry]\nType=Application\nName=x\nExec={exe}\n")
        gio_launch("Dolphin service menu", app, paths, record)


def test_caja(share, paths, record):
    """Caja's action (caja-actions reads file-manager/actions, the
    FileManager-Actions format): %F becomes the paths, each quoted for the
    shell (g_shell_quote), joined by spaces; the line is then run as
    g_spawn_command_line_async runs it."""
    path = os.path.join(share, "file-manager", "actions", APP + ".desktop")
    kf = keyfile(path, "Desktop Entry")
    if not kf:
        return
    if get(kf, path, "Desktop Entry", "Type") != "Action":
        fail(f"{path}: Type is not Action")
    check_names(kf, path, "Desktop Entry")
    profiles = kf.get_string_list("Desktop Entry", "Profiles")
    if len(profiles) != 1:
        fail(f"{path}: Profiles={profiles}, want one")
        return
    group = "X-Action-Profile " + profiles[0]
    if not kf.has_group(group):
        fail(f"{path}: no [{group}]")
        return
    if kf.get_string_list(group, "MimeTypes") != ["all/all"]:
        fail(f"{path}: MimeTypes is not all/all; (files and folders)")
    tryexec = get(kf, path, "Desktop Entry", "TryExec")
    if not (os.path.exists(tryexec) if os.path.isabs(tryexec) else GLib.find_program_in_path(tryexec)):
        fail(f"{path}: Caja would hide the action: TryExec {tryexec} not found")
    exe = get(kf, path, group, "Exec")
    if exe.count("%F") != 1:
        fail(f"{path}: Exec {exe!r} has no single %F")
        return
    GLib.spawn_command_line_async(exe.replace("%F", " ".join(GLib.shell_quote(p) for p in paths)))
    expect_launch("Caja action", record, paths)


def test_nemo(share, paths, record):
    path = os.path.join(share, "nemo", "actions", APP + ".nemo_action")
    group = "Nemo Action"
    kf = keyfile(path, group)
    if not kf:
        return
    check_names(kf, path, group)
    exe = get(kf, path, group, "Exec")
    if get(kf, path, group, "Selection").lower() != "notnone":
        fail(f"{path}: Selection is not notnone")
    if [e.lower() for e in kf.get_string_list(group, "Extensions")] != ["any"]:
        fail(f"{path}: Extensions is not any; (files and folders)")
    try:
        quote = kf.get_string(group, "Quote")
    except GLib.Error:
        quote = ""
    if quote != "double":
        fail(f"{path}: Quote is not double: Nemo would split a path at its spaces")
    for dep in kf.get_string_list(group, "Dependencies"):
        found = os.path.exists(dep) if os.path.isabs(dep) else GLib.find_program_in_path(dep)
        if not found:
            fail(f"{path}: Nemo would hide the action: dependency {dep} not found")
    if exe.count("%F") != 1:
        fail(f"{path}: Exec {exe!r} has no single %F")
        return
    # nemo_action_activate: %F becomes the paths, each in the quotes Quote
    # names (none by default; a path's " escaped), joined by spaces; the line
    # is then split as a shell would, without one.
    q = {"double": '"', "single": "'", "backtick": "`"}.get(quote, "")
    quoted = " ".join(q + p.replace('"', '\\"') + q for p in paths)
    GLib.spawn_command_line_async(exe.replace("%F", quoted))
    expect_launch("Nemo action", record, paths)


NAUTILUS_PROBE = r"""
import importlib.util, sys
import gi
from gi.repository import Gio
spec = importlib.util.spec_from_file_location("io_github_hashdrop_hashdrop", sys.argv[1])
ext = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ext)

class FileInfo:
    def __init__(self, location):
        self.location = location
    def get_location(self):
        return self.location

menu = ext.HashdropMenu()
files = [FileInfo(Gio.File.new_for_path(p)) for p in sys.argv[3:]]
remote = [FileInfo(Gio.File.new_for_uri("sftp://example.org/x.iso"))]
assert menu.get_file_items(remote) == [], "an entry for a remote file"
assert menu.get_file_items([]) == [], "an entry for no file"
items = menu.get_file_items(files)
assert len(items) == 1, f"{len(items)} entries"
assert items[0].props.label == sys.argv[2], f"label {items[0].props.label!r}"
assert len(menu.get_file_items(None, files)) == 1, "no entry with Nautilus 3.0's (window, files)"
print("Nautilus", gi.get_required_version("Nautilus"), "label", items[0].props.label)
items[0].activate()
"""


def test_nautilus(share, paths, record):
    path = os.path.join(share, "nautilus-python", "extensions", "io_github_hashdrop_hashdrop.py")
    for lang, label in (("C.UTF-8", EN), ("ja_JP.UTF-8", JA), ("en_US.UTF-8", EN)):
        env = dict(os.environ, LANG=lang, LANGUAGE="")
        env.pop("LC_ALL", None)
        env.pop("LC_MESSAGES", None)
        r = subprocess.run([sys.executable, "-c", NAUTILUS_PROBE, path, label] + paths,
                           env=env, capture_output=True, text=True)
        if r.returncode != 0:
            fail(f"nautilus-python extension, LANG={lang}: {r.stderr.strip()}")
            clear(record)
            continue
        print("test-filemanagers:", r.stdout.strip(), f"(LANG={lang})")
        expect_launch(f"GNOME Files extension (LANG={lang})", record, paths)


def test_script(script, paths, record):
    if not os.stat(script).st_mode & stat.S_IXUSR:
        fail(f"{script}: not executable: Files and Caja list only executable scripts")
        return
    folder = os.path.dirname(paths[0])
    rel = [os.path.relpath(p, folder) for p in paths]
    env = dict(os.environ,
               NAUTILUS_SCRIPT_SELECTED_FILE_PATHS="".join(p + "\n" for p in paths),
               CAJA_SCRIPT_SELECTED_FILE_PATHS="".join(p + "\n" for p in paths))
    r = subprocess.run([script] + rel, cwd=folder, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        fail(f"{script}: exit {r.returncode}: {r.stderr}")
    expect_launch(f"script {script}", record, paths)


def main():
    share = sys.argv[1]
    scripts = sys.argv[2:]
    record = os.environ["HASHDROP_RECORD"]
    user = os.environ.get("HASHDROP_USER_INSTALL") == "1"
    top = tempfile.mkdtemp()
    folder = os.path.join(top, "my downloads 日本語")
    os.makedirs(os.path.join(folder, "フォルダ with space"))
    paths = [os.path.join(folder, "ubuntu 24.04 デスクトップ.iso"),
             os.path.join(folder, "SHA256SUMS"),
             os.path.join(folder, "フォルダ with space")]
    for p in paths[:2]:
        with open(p, "w") as f:
            f.write("x\n")
    clear(record)
    test_application(share, paths, record)
    test_thunar(share, paths, record)
    test_dolphin(share, paths, record, user)
    test_nemo(share, paths, record)
    test_caja(share, paths, record)
    test_nautilus(share, paths, record)
    for s in scripts:
        test_script(s, paths, record)
    subprocess.run(["rm", "-rf", top])
    if failures:
        print(f"test-filemanagers: {len(failures)} failed")
        sys.exit(1)
    print("test-filemanagers: ok")


main()
