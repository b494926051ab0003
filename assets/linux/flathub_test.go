package linux

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/desktop"
)

// The rules of Flathub's linter (flatpak-builder-lint) that can be checked
// without it, on the manifest's template and the files it exports.
func TestFlathubRules(t *testing.T) {
	id := desktop.AppID
	// appid-*: reverse DNS, each part a letter or _ first, then letters,
	// digits, _ or -; at most 255 characters; a code-hosting prefix
	// (io.github, io.gitlab, ...) needs the account and the project:
	// four parts (appid-code-hosting-too-few-components).
	parts := strings.Split(id, ".")
	if len(id) > 255 || len(parts) < 3 {
		t.Errorf("id %q: too long or fewer than 3 parts", id)
	}
	for _, p := range parts {
		if !regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`).MatchString(p) {
			t.Errorf("id %q: part %q", id, p)
		}
	}
	for _, host := range []string{"io.github.", "io.gitlab.", "page.codeberg.", "io.sourceforge.", "net.sourceforge.", "org.gnome.gitlab.", "org.freedesktop.gitlab.", "site.srht."} {
		if strings.HasPrefix(id+".", host) && len(parts) < len(strings.Split(host, "."))+1 {
			t.Errorf("id %q: a %s id needs the account and the project (appid-code-hosting-too-few-components)", id, strings.TrimSuffix(host, "."))
		}
	}
	if strings.HasSuffix(strings.ToLower(id), ".desktop") || strings.HasSuffix(strings.ToLower(id), ".app") {
		t.Errorf("id %q ends in .desktop or .app", id)
	}

	data, err := os.ReadFile("flatpak/" + id + ".yml.in")
	if err != nil {
		t.Fatalf("no manifest named by the id: %v", err)
	}
	manifest := string(data)
	if !strings.Contains(manifest, "\nid: "+id+"\n") {
		t.Errorf("the manifest's id is not %s", id)
	}
	// Each exported file (what the manifest installs under share/) is named
	// by the id: Flatpak exports nothing else.
	for _, m := range regexp.MustCompile(`\$\{FLATPAK_DEST\}/share/(\S+)`).FindAllStringSubmatch(manifest, -1) {
		base := m[1][strings.LastIndex(m[1], "/")+1:]
		if !strings.HasPrefix(base, id+".") {
			t.Errorf("share/%s is not named by the id: Flatpak would not export it", m[1])
		}
	}

	// finish-args: each justified by the comment above it; none of those
	// Flathub refuses or reviews as a hole in the sandbox.
	args := finishArgs(t, manifest)
	if len(args) == 0 {
		t.Fatal("no finish-args")
	}
	have := map[string]bool{}
	for _, a := range args {
		have[a.arg] = true
		if strings.TrimSpace(a.why) == "" {
			t.Errorf("finish-arg %s has no comment saying why", a.arg)
		}
		switch {
		case a.arg == "--filesystem=host", a.arg == "--filesystem=home", a.arg == "--filesystem=host-os",
			a.arg == "--socket=session-bus", a.arg == "--socket=system-bus", a.arg == "--device=all",
			strings.HasPrefix(a.arg, "--talk-name=org.freedesktop.Flatpak"),
			strings.HasPrefix(a.arg, "--filesystem=xdg-config"), strings.HasPrefix(a.arg, "--filesystem=~/.var"):
			t.Errorf("finish-arg %s: Flathub refuses it, and Hashdrop does not need it", a.arg)
		case strings.HasPrefix(a.arg, "--filesystem=") && !strings.HasSuffix(a.arg, ":ro"):
			t.Errorf("finish-arg %s: write access to the user's files; saving goes through the file-chooser portal", a.arg)
		}
	}
	if have["--socket=x11"] && !have["--share=ipc"] {
		t.Error("--socket=x11 without --share=ipc (finish-args-x11-without-ipc)")
	}
	if have["--socket=fallback-x11"] && !have["--socket=wayland"] {
		t.Error("--socket=fallback-x11 without --socket=wayland")
	}
}

type finishArg struct{ arg, why string }

// finishArgs reads the manifest's finish-args list, with the comment lines
// just above each.
func finishArgs(t *testing.T, manifest string) []finishArg {
	t.Helper()
	_, rest, ok := strings.Cut(manifest, "\nfinish-args:\n")
	if !ok {
		return nil
	}
	var out []finishArg
	var why []string
	for _, line := range strings.Split(rest, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case !strings.HasPrefix(line, " "):
			return out // the next top-level key
		case strings.HasPrefix(trimmed, "#"):
			why = append(why, strings.TrimSpace(strings.TrimPrefix(trimmed, "#")))
		case strings.HasPrefix(trimmed, "- "):
			out = append(out, finishArg{strings.Trim(strings.TrimPrefix(trimmed, "- "), `'"`), strings.Join(why, " ")})
			why = nil
		}
	}
	return out
}

// The id is the same everywhere it is written.
func TestAppIDEverywhere(t *testing.T) {
	id := desktop.AppID
	toml, err := os.ReadFile("../../FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(toml), "\nID = \""+id+"\"\n") {
		t.Errorf("FyneApp.toml's ID is not %s", id)
	}
	for _, f := range []string{id + ".desktop", id + ".metainfo.xml", id + ".xml", "filemanager/" + id + ".nemo_action"} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%v", err)
		}
	}
	for _, f := range []string{id + ".desktop", "filemanager/dolphin.desktop", "filemanager/thunar-sendto.desktop",
		"filemanager/caja-action.desktop", "filemanager/" + id + ".nemo_action"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`(?m)^Icon(-Name)?=` + regexp.QuoteMeta(id) + `$`).Match(data) {
			t.Errorf("%s: its icon is not %s", f, id)
		}
	}
	for _, f := range []string{"install.mk", "deb.sh", "package.sh", "flatpak.sh"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// The old id appears only where the old files are removed.
		for _, line := range strings.Split(string(data), "\n") {
			if regexp.MustCompile(`io\.github\.hashdrop([^.]|$)`).MatchString(line) && !strings.Contains(line, "OLDID") && !strings.Contains(line, "old id") {
				t.Errorf("%s names the old id: %s", f, line)
			}
		}
	}
}
