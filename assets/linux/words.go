package linux

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// The words of the desktop file, the AppStream metainfo and the file
// managers' entries in every language are written from
// ui/translations/platform/<code>.json (the English text is the key) by
// Localize: "make platform-words" runs it, and TestPlatformWords fails when
// a file is not what it writes.

// PlatformWordsDir is where the translations are, from this folder.
const PlatformWordsDir = "../../ui/translations/platform"

// LocalizedFiles are the files Localize writes, from this folder.
var LocalizedFiles = []string{
	"io.github.hashdrop.hashdrop.desktop",
	"io.github.hashdrop.hashdrop.metainfo.xml",
	"filemanager/caja-action.desktop",
	"filemanager/dolphin.desktop",
	"filemanager/io.github.hashdrop.hashdrop.nemo_action",
	"filemanager/thunar-sendto.desktop",
	"filemanager/nautilus-hashdrop.py",
	"install.mk",
}

// Words are the translations of platform/: by locale as the desktop files
// name it ("de", "pt_BR", "zh_CN"), by English text.
type Words map[string]map[string]string

// Locale is the locale a desktop file and AppStream write for a
// translation's code: "zh_CN" of zh-Hans, "zh_TW" of zh-Hant, "pt_BR" of
// pt-BR.
func Locale(code string) string {
	switch code {
	case "zh-Hans":
		return "zh_CN"
	case "zh-Hant":
		return "zh_TW"
	}
	return strings.ReplaceAll(code, "-", "_")
}

// ReadWords reads every translation of dir but English.
func ReadWords(dir string) (Words, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	w := Words{}
	for _, p := range paths {
		code := strings.TrimSuffix(filepath.Base(p), ".json")
		if code == "en" {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		m := map[string]string{}
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		w[Locale(code)] = m
	}
	return w, nil
}

func (w Words) locales() []string {
	var out []string
	for l := range w {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

// Localize returns the file name (one of LocalizedFiles) with the
// translations of words, given its text.
func Localize(name, text string, words Words) string {
	switch {
	case strings.HasSuffix(name, ".xml"):
		return localizeMetainfo(text, words)
	case strings.HasSuffix(name, ".py"):
		return localizeBlock(text, "LABELS = {\n", "}\n", func() string {
			var b strings.Builder
			for _, l := range words.locales() {
				if s, ok := words[l]["Check with Hashdrop"]; ok {
					fmt.Fprintf(&b, "    %q: %q,\n", l, s)
				}
			}
			return b.String()
		})
	case strings.HasSuffix(name, ".mk"):
		return localizeBlock(text, "# The scripts' names (make platform-words writes these lines).\n", "# (end of the scripts' names)\n", func() string {
			var b strings.Builder
			names := []string{"'Check with Hashdrop'"}
			for _, l := range words.locales() {
				s, ok := words[l]["Check with Hashdrop"]
				if !ok {
					continue
				}
				for _, alias := range localeAliases(l) {
					fmt.Fprintf(&b, "SCRIPTNAME_%s := %s\n", alias, s)
				}
				names = append(names, "'"+s+"'")
			}
			fmt.Fprintf(&b, "SCRIPTNAMES := %s\n", strings.Join(names, " "))
			return b.String()
		})
	}
	return localizeKeyFile(text, words)
}

// localeAliases are the locales whose script gets locale l's name: the
// regions that write the same Chinese, and Portuguese as a whole.
func localeAliases(l string) []string {
	switch l {
	case "zh_CN":
		return []string{"zh", "zh_CN", "zh_SG"}
	case "zh_TW":
		return []string{"zh_TW", "zh_HK", "zh_MO"}
	case "pt_BR":
		return []string{"pt", "pt_BR", "pt_PT"}
	}
	return []string{l}
}

// localizeBlock replaces the lines between the line start and the line end
// with those of lines().
func localizeBlock(text, start, end string, lines func() string) string {
	i := strings.Index(text, start)
	if i < 0 {
		return text
	}
	i += len(start)
	j := strings.Index(text[i:], end)
	if j < 0 {
		return text
	}
	return text[:i] + lines() + text[i+j:]
}

var localizedKey = regexp.MustCompile(`^[A-Za-z0-9-]+\[[^]]+\]=`)

// localizeKeyFile writes after every Key=Value line whose value is an
// English text of words the Key[locale]= lines, dropping the old ones.
func localizeKeyFile(text string, words Words) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		if localizedKey.MatchString(line) {
			continue
		}
		b.WriteString(line)
		k, v, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "=")
		if !ok || strings.HasPrefix(k, "#") {
			continue
		}
		for _, l := range words.locales() {
			if s, ok := words[l][v]; ok {
				fmt.Fprintf(&b, "%s[%s]=%s\n", k, l, s)
			}
		}
	}
	return b.String()
}

var (
	langElement = regexp.MustCompile(`(?s)^\s*<(\w+) xml:lang="[^"]*">.*?</(\w+)>\n`)
	enElement   = regexp.MustCompile(`(?s)^(\s*)<(summary|p|li|caption)>(.*?)</(summary|p|li|caption)>\n`)
)

// localizeMetainfo writes after every English <summary>, <p>, <li> and
// <caption> whose text is an English text of words its translations,
// dropping the old ones.
func localizeMetainfo(text string, words Words) string {
	var b strings.Builder
	for len(text) > 0 {
		if m := langElement.FindString(text); m != "" {
			text = text[len(m):]
			continue
		}
		if m := enElement.FindStringSubmatch(text); m != nil {
			b.WriteString(m[0])
			text = text[len(m[0]):]
			en := strings.Join(strings.Fields(html.UnescapeString(m[3])), " ")
			indent := strings.TrimLeft(m[1], "\n")
			for _, l := range words.locales() {
				if s, ok := words[l][en]; ok {
					fmt.Fprintf(&b, "%s<%s xml:lang=\"%s\">%s</%s>\n", indent, m[2], l, escapeXML(s), m[2])
				}
			}
			continue
		}
		i := strings.IndexByte(text, '\n') + 1
		if i == 0 {
			i = len(text)
		}
		b.WriteString(text[:i])
		text = text[i:]
	}
	return b.String()
}

func escapeXML(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
