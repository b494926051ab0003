package ui

import (
	"fmt"
	"hash/fnv"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// screenLanguages are the languages the window is drawn in on small
// screens (issue 49): German for its long words, Russian for another
// alphabet and its plural forms, Simplified Chinese for a font of the
// system; English to compare them with.
var screenLanguages = []string{"en", "de", "ru", "zh-Hans"}

// wordRe finds what a pseudo-translation changes: words of letters, not
// the fields, names in capitals (SHA256SUMS, CRC32), Hashdrop, escapes or
// keys (Ctrl+V).
var wordRe = regexp.MustCompile(`{{[^}]*}}|\\n|Hashdrop|Ctrl\+\w+|\b[A-Z][A-Z0-9-]+\w*\b|[A-Za-z]+`)

var toCyrillic = strings.NewReplacer(
	"a", "а", "b", "б", "c", "ц", "d", "д", "e", "е", "f", "ф", "g", "г", "h", "х", "i", "и", "j", "й", "k", "к", "l", "л", "m", "м",
	"n", "н", "o", "о", "p", "п", "q", "к", "r", "р", "s", "с", "t", "т", "u", "у", "v", "в", "w", "ш", "x", "кс", "y", "ы", "z", "з",
	"A", "А", "B", "Б", "C", "Ц", "D", "Д", "E", "Е", "F", "Ф", "G", "Г", "H", "Х", "I", "И", "J", "Й", "K", "К", "L", "Л", "M", "М",
	"N", "Н", "O", "О", "P", "П", "Q", "К", "R", "Р", "S", "С", "T", "Т", "U", "У", "V", "В", "W", "Ш", "X", "Кс", "Y", "Ы", "Z", "З")

// hanPool are characters of Simplified Chinese (several not written so in
// Japanese or Traditional Chinese: 这 验 签 钥 载 发 计 与 归).
const hanPool = "这个文件与发布的校验和不匹配请勿使用签名密钥摘要算法计算检查结果下载归档"

// pseudoWord is a word as a fixture of language code writes it: German
// 40% longer, with umlauts; Russian in Cyrillic letters, a little longer;
// Chinese one or two characters.
func pseudoWord(code, w string) string {
	switch code {
	case "de":
		w = strings.NewReplacer("a", "ä", "o", "ö", "u", "ü").Replace(w)
		r := []rune(w)
		if len(r) >= 3 {
			w += string(r[len(r)-len(r)*2/5:])
		}
		return w
	case "ru":
		w = toCyrillic.Replace(w)
		if len([]rune(w)) >= 5 {
			w += "ь"
		}
		return w
	case "zh-Hans":
		h := fnv.New32a()
		h.Write([]byte(strings.ToLower(w)))
		pool := []rune(hanPool)
		n := min(1+len(w)/5, 2)
		var b strings.Builder
		for i := range n {
			b.WriteRune(pool[(int(h.Sum32())+i*7)%len(pool)])
		}
		return b.String()
	}
	return w
}

var hanSpace = regexp.MustCompile(`(\p{Han}) +(\p{Han})`)

// pseudoText is a text of en.json in a fixture of language code.
func pseudoText(code, s string) string {
	out := wordRe.ReplaceAllStringFunc(s, func(m string) string {
		if strings.HasPrefix(m, "{{") || m == `\n` || m == "Hashdrop" || strings.HasPrefix(m, "Ctrl+") || m == strings.ToUpper(m) {
			return m
		}
		return pseudoWord(code, m)
	})
	if code == "zh-Hans" {
		for hanSpace.MatchString(out) {
			out = hanSpace.ReplaceAllString(out, "$1$2")
		}
		out = strings.NewReplacer(": ", "：", ", ", "，", ". ", "。").Replace(out)
	}
	return out
}

// fixtureWords are pseudo-translations of every text of en.json into code,
// for the screenshots until the translation is in translations/: as long
// as the language's words are, in its letters, with its plural forms.
func fixtureWords(t *testing.T, code string) map[string]text {
	en, err := readTexts("en")
	if err != nil {
		t.Fatal(err)
	}
	pairs := pluralPairs(t)
	out := make(map[string]text, len(en))
	for k, v := range en {
		s := pseudoText(code, v.s)
		if p, ok := pairs[k]; ok && code == "ru" {
			other := pseudoText(code, en[p[1]].s)
			out[k] = text{forms: map[string]string{"one": pseudoText(code, en[p[0]].s), "few": other, "many": other + "в", "other": other}}
			continue
		}
		out[k] = text{s: s}
	}
	return out
}

// speak makes the window speak code until the test ends: its words in
// translations/ when they are there, else fixture words. It says which.
func speak(t *testing.T, code string) string {
	if _, ok := languageOf(code); ok {
		loadTranslations(code)
		t.Cleanup(func() { loadTranslations("") })
		return "translations/" + code + ".json"
	}
	withWords(t, code, fixtureWords(t, code))
	return "fixture words"
}

// screenshotDir is where the screenshots go: $HASHDROP_SCREENSHOTS, else
// build/i18n at the top of the repository.
func screenshotDir(t *testing.T) string {
	dir := os.Getenv("HASHDROP_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join("..", "build", "i18n")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func capture(t *testing.T, h *harness, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, h.win.Canvas().Capture()); err != nil {
		t.Fatal(err)
	}
}

// The window in English, German, Russian and Simplified Chinese (their files once
// they are in translations/, fixture words until then), on a 1366 x 768
// laptop at scale 2 and at the default size: empty, with a red verdict on a
// file with a long name, with the compact list's filter, and with Choose…
// open. The red banner holds its lines, Choose…'s checkboxes end above
// Done, the Algorithms bar stays in the window; the screenshots go to
// screenshotDir (i18n-CODE-SCREEN-STATE.png) for a person to look at.
// Chinese needs a font of the system: without one the window would speak
// English (useLanguageSetting), so its screenshots are left out.
func TestWindowInThreeScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("draws the window sixteen times")
	}
	out := screenshotDir(t)
	for _, code := range screenLanguages {
		for _, s := range smallScreens {
			if s.name == "1024x600" {
				continue
			}
			t.Run(code+"/"+s.name, func(t *testing.T) {
				from := speak(t, code)
				if code == "zh-Hans" {
					var lacks []rune
					for _, r := range tr("Open files…") + tr("Clear") + tr("Choose…") {
						if unicode.Is(unicode.Han, r) && !drawn(r, systemFonts) {
							lacks = append(lacks, r)
						}
					}
					if len(lacks) > 0 {
						t.Skipf("no font of this system draws %q: Hashdrop would speak English here", string(lacks))
					}
				}
				h := newHarness(t)
				h.win.Canvas().(test.WindowlessCanvas).SetScale(s.scale)
				h.win.Resize(defaultSize)
				h.w.fitScreen(s.area, s.scale)
				h.w.Tick()
				name := func(state string) string {
					return filepath.Join(out, fmt.Sprintf("i18n-%s-%s-%s.png", code, s.name, state))
				}
				seen := map[fyne.CanvasObject]fyne.Size{}
				settle := func() {
					h.settle()
					for range 2 {
						h.w.Tick()
						frame(h.win.Content(), seen)
					}
				}
				settle()
				capture(t, h, name("empty"))
				canvas := h.win.Canvas().Size()

				dir := t.TempDir()
				long := "ubuntu-24.04.1-desktop-amd64-with-a-much-longer-name-than-most-downloads-have.iso"
				iso := writeFile(t, filepath.Join(dir, long), "abc")
				writeFile(t, filepath.Join(dir, "SHA256SUMS"), strings.Repeat("0", 64)+" *"+long+"\n")
				h.w.Add([]string{iso})
				h.waitFor("the red verdict", func() bool {
					return h.allFinished() && h.w.banner.Outcome() == checksum.Mismatch && h.w.banner.compare.Visible()
				})
				settle()
				if bSize := h.w.banner.Size(); bSize.Height < h.w.banner.MinSize().Height {
					t.Errorf("the banner is %v high, needing %v: clipped", bSize, h.w.banner.MinSize())
				}
				if out := bannerTextsOutside(t, h.w.banner); len(out) > 0 {
					t.Errorf("drawn outside the banner's band: %+v", out)
				}
				barAt, barSize := rectOf(h.w.picker.object())
				if barAt.Y < 0 || barAt.Y+barSize.Height > canvas.Height+0.5 {
					t.Errorf("the Algorithms bar lies at %v+%v, outside the window %v", barAt, barSize, canvas)
				}
				capture(t, h, name("red"))

				var more []string
				for i := range compactAbove + 2 {
					more = append(more, writeFile(t, filepath.Join(dir, fmt.Sprintf("debian-12.%d.0-amd64-netinst.iso", i)), fmt.Sprint(i)))
				}
				h.w.Add(more)
				h.waitFor("the compact list", func() bool { return h.allFinished() && h.w.files.compact != nil && h.w.files.compact.obj.Visible() })
				settle()
				capture(t, h, name("filter"))

				h.w.picker.showChooser()
				settle()
				top := h.win.Canvas().Overlays().Top()
				done := findUnder(top, func(o fyne.CanvasObject) bool {
					b, ok := o.(*button)
					return ok && b.Text == tr("Done")
				})
				if len(done) != 1 {
					t.Fatalf("%d Done buttons", len(done))
				}
				doneAt, _ := rectOf(done[0])
				scrolls := findUnder(top, func(o fyne.CanvasObject) bool { _, ok := o.(*container.Scroll); return ok })
				for id, c := range h.w.picker.checks {
					at, size := rectOf(c)
					end := at.Y + size.Height
					for _, sc := range scrolls {
						if len(findUnder(sc, func(o fyne.CanvasObject) bool { return o == c })) > 0 {
							sat, ssize := rectOf(sc)
							end = min(end, sat.Y+ssize.Height)
						}
					}
					if end > doneAt.Y+0.5 {
						t.Errorf("Choose…: %s's checkbox lies at %v+%v, under Done at %v", id, at, size, doneAt)
					}
				}
				capture(t, h, name("choose"))
				t.Logf("%s (%s): %s", code, from, name("*"))
			})
		}
	}
}
