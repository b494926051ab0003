package ui

import (
	"bytes"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/app/checksum"
)

// visibleTexts lists the texts of the visible labels, buttons, entries and
// rich texts under o.
func visibleTexts(o fyne.CanvasObject) []string {
	var out []string
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *expectedEntry: // what was pasted is the user's
			out = append(out, x.PlaceHolder)
			return
		case *widget.Label:
			out = append(out, x.Text)
			return
		case *widget.Button:
			out = append(out, x.Text)
			return
		case *widget.RichText:
			out = append(out, x.String())
			return
		case *widget.Entry:
			out = append(out, x.PlaceHolder)
			return
		case *widget.Select:
			out = append(out, x.Selected)
			return
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return out
}

// english finds English words in a text of the Japanese window: two words
// of letters in a row, once the names a Japanese window writes in Latin
// letters too are taken out.
var (
	english   = regexp.MustCompile(`[A-Za-z]{2,}[ ,]+[A-Za-z]{2,}`)
	latinName = regexp.MustCompile(`Hashdrop|SHA256SUMS|[\w.-]+\.iso|Ctrl\+\w|Esc|gpg --verify|sha256sum -c|\d+(\.\d+)? [kMGT]?B(/s)?|MiB|base64|UTF-8|https|BLAKE2[sS]|../secret.txt`)
)

func checkJapanese(t *testing.T, where string, o fyne.CanvasObject) {
	t.Helper()
	texts := visibleTexts(o)
	if len(texts) == 0 {
		t.Fatalf("%s: no text found", where)
	}
	brand := strings.TrimSpace(cpuid.CPU.BrandName) // the processor's name, in the About view
	for _, s := range texts {
		if brand != "" {
			s = strings.ReplaceAll(s, brand, "")
		}
		if m := english.FindString(latinName.ReplaceAllString(s, "")); m != "" {
			t.Errorf("%s: %q is not translated (%q)", where, s, m)
		}
	}
}

// The window in Japanese: every text of every view, with the verdicts,
// statuses and problems that come from app's values.
func TestJapaneseWindow(t *testing.T) {
	useLanguage(t, "ja")
	h := newHarness(t)
	longChecksumFiles(t) // a test of the checksum-file view
	checkJapanese(t, "empty window", h.win.Content())

	dir := t.TempDir()
	iso := writeFile(t, filepath.Join(dir, "ubuntu.iso"), "abc")
	writeFile(t, filepath.Join(dir, "ubuntu.iso.sha256"), sha256Hex("abc")+"  ubuntu.iso\n")
	h.w.Add([]string{iso, filepath.Join(dir, "gone.iso")})
	// A file that could not be read leaves no green headline (rule 5).
	h.waitFor("hashed and judged", func() bool {
		return h.allFinished() && h.w.banner.Outcome() == checksum.Unknown && h.w.banner.Headline() != ""
	})
	if got, want := h.w.banner.Headline(), "すべてのファイルは確認できませんでした: gone.iso を読み取れません"; got != want {
		t.Errorf("banner %q, want %q", got, want)
	}
	if got := h.card(h.item("ubuntu.iso")).verdictText.Text; !strings.Contains(got, "公開されている SHA-256 と一致しました") { // unsigned: not "genuine"
		t.Errorf("ubuntu.iso's card: %q", got)
	}
	checkJapanese(t, "hashed files", h.win.Content())
	for _, it := range h.w.files.items {
		checkJapanese(t, "card of "+it.name, h.card(it))
	}
	if got := h.card(h.item("gone.iso")).problem.Text; got != "このファイルを読み取れません: ファイルがありません" {
		t.Errorf("missing file's card: %q", got)
	}

	for _, text := range []string{
		"md5:" + strings.Repeat("0", 32),            // a mismatch
		strings.Repeat("a", 63),                     // a digit short
		"hello world",                               // not a digest
		"blake2s:" + strings.Repeat("ab", 32),       // unsupported
		"sha256:" + strings.Repeat("a", 65),         // wrong length for the algorithm named
		"900150983cd24fb0d6963f7d28e17f72",          // MD5 or RIPEMD-128: matches, weakly
		"SHA3-256 (ubuntu.iso) = " + sha256Hex("x"), // computing SHA3-256 first
	} {
		h.w.expected.SetText(text)
		h.settle()
		checkJapanese(t, "pasted "+text, h.win.Content())
	}
	h.w.expected.SetText("md5:" + strings.Repeat("0", 32))
	h.settle()
	// ubuntu.iso.sha256 matches, the pasted MD5 does not: a conflict.
	if got := h.w.banner.Headline(); got != "貼り付けたハッシュ値と ubuntu.iso.sha256 とで ubuntu.iso についての結果が食い違っています: 信頼しないでください" {
		t.Errorf("conflict banner %q", got)
	}

	// A running file's progress line.
	h.core.mu.Lock()
	h.core.hold = true
	h.core.mu.Unlock()
	h.w.Add([]string{writeFile(t, filepath.Join(dir, "debian.iso"), "abcdef")})
	h.settle()
	h.core.job(len(h.core.jobs)-1).setProgress(5_000_000, 12_000_000, 1.21e9)
	h.w.Tick()
	card := h.card(h.item("debian.iso"))
	if got := card.barText.Text; got != "41% · 1.21 GB/s · 残り 1 秒未満" {
		t.Errorf("progress line %q", got)
	}
	checkJapanese(t, "running", h.win.Content())
	h.core.mu.Lock()
	h.core.hold = false
	h.core.mu.Unlock()
	h.core.release()
	h.settle()

	// The checksum-file view, with every status.
	_, sums := sumsFolder(t)
	h.dialogs.confirm = false
	h.w.drop([]fyne.URI{storage.NewFileURI(sums)})
	h.waitFor("the check", func() bool { v := h.w.sums; return v != nil && v.sf != nil && !v.running() && v.checked == 5 })
	v := h.w.sums
	if got, want := v.progress.Text, "一致 1、不一致 1、ファイルなし 1、拒否 1、スキップ 1"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	if got := v.banner.Headline(); got != "1 個のファイルが SHA256SUMS と一致しません: 使用しないでください" {
		t.Errorf("banner %q", got)
	}
	if len(h.dialogs.asked) != 1 || !strings.Contains(h.dialogs.asked[0], "フォルダー外のファイル") {
		t.Errorf("asked %q", h.dialogs.asked)
	}
	for i := range v.sf.EntryCount {
		row := newEntryRow()
		v.bindRow(i, row.(*fyne.Container))
		checkJapanese(t, "entry "+v.sf.EntryAt(i).Name, row)
	}
	checkJapanese(t, "checksum-file view", h.win.Content())

	h.w.showBench()
	h.waitFor("the benchmark", func() bool { return h.w.bench.run.Disabled() == false })
	checkJapanese(t, "benchmark", h.win.Content())
	h.w.showAbout()
	checkJapanese(t, "about", h.win.Content())

	h.w.show(nil)
	h.w.files.items[0].state = stateCancelled
	if got := h.w.files.items[0].problemText(); got != "途中でキャンセルしたため、ハッシュ値はありません。" {
		t.Errorf("cancelled: %q", got)
	}
	if got := durationText(80 * time.Minute); got != "1 時間 20 分" {
		t.Errorf("duration %q", got)
	}
}

// In a language Hashdrop has no words for (Swedish, which Fyne has), the
// window speaks English, and asks lang nothing it would log as a failed
// lookup.
func TestOtherLanguageSpeaksEnglish(t *testing.T) {
	var logged bytes.Buffer
	log.SetOutput(&logged)
	defer log.SetOutput(os.Stderr)
	useLanguage(t, "sv")
	h := newHarness(t)
	h.w.Add([]string{writeFile(t, filepath.Join(t.TempDir(), "a.iso"), "abc")})
	h.waitFor("hashed", h.allFinished)
	if got := h.w.status.Text; !strings.HasPrefix(got, "1 file hashed") {
		t.Errorf("status %q", got)
	}
	if got := trn(2, "{{.N}} file hashed", "{{.N}} files hashed", "N", 2); got != "2 files hashed" {
		t.Errorf("trn: %q", got)
	}
	if strings.Contains(logged.String(), "Translation") {
		t.Errorf("logged:\n%s", logged.String())
	}
}
