package app

import "testing"

func TestVisibleText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// Ordinary text of every script stays.
		{"ubuntu-24.04.iso", "ubuntu-24.04.iso"},
		{"日本語のファイル.txt", "日本語のファイル.txt"},
		{"ملف عربي.iso", "ملف عربي.iso"},
		{"קובץ.iso", "קובץ.iso"},
		{"한글 파일.iso", "한글 파일.iso"},
		{"no\u00a0break\u3000space", "no\u00a0break\u3000space"},
		{"😀 ❤️ 👩‍💻 👩🏽‍💻 🏳️‍🌈 1️⃣.png", "😀 ❤️ 👩‍💻 👩🏽‍💻 🏳️‍🌈 1️⃣.png"},
		{"🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f.png", "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f.png"},
		{"می\u200cخواهم.txt", "می\u200cخواهم.txt"}, // Persian's non-joiner
		{"क्\u200dष.txt", "क्\u200dष.txt"},         // Devanagari's half form
		{"葛\U000e0100城.txt", "葛\U000e0100城.txt"},   // a Han variant
		{"ᠠ\u180bᠡ.txt", "ᠠ\u180bᠡ.txt"},           // Mongolian's variation selector
		// Controls, as before.
		{"a\tb\x00c\x7f\x1b[1A\n\r", `a\tb\x00c\x7f\e[1A\n\r`},
		{"\xff\u0085", `\xff\u0085`},
		// Zero-width, format and bidirectional characters.
		{"ubuntu\u200b.iso", `ubuntu\u200b.iso`},
		{"evil\u202eosi.exe", `evil\u202eosi.exe`},
		{"a\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d.iso", `a\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d.iso`},
		{"\u2066a\u2067b\u2068c\u2069", `\u2066a\u2067b\u2068c\u2069`},
		{"\ufeffa\u00adb\u2060c\u2061d\u2064e\u061cf", `\ufeffa\u00adb\u2060c\u2061d\u2064e\u061cf`},
		{"line\u2028para\u2029", `line\u2028para\u2029`},
		{"\u115f\u1160\u3164\uffa0.iso", `\u115f\u1160\u3164\uffa0.iso`}, // Hangul fillers
		{"a\u034fb\u17b4c", `a\u034fb\u17b4c`},
		{"a\ufe0f.iso", `a\ufe0f.iso`},                             // a variation selector after ASCII draws nothing
		{"\ufe0e.iso", `\ufe0e.iso`},                               // nor at the start
		{"\U000e0041.iso", `\U000e0041.iso`},                       // a tag outside a flag
		{"é\ufe0f.iso", `é\ufe0f.iso`},                             // a variation selector after a letter with no variant draws nothing
		{"ü\U000e0100.iso", `ü\U000e0100.iso`},                     // ... nor an ideographic one after a Latin letter
		{"x\u180b.iso", `x\u180b.iso`},                             // ... nor Mongolian's after a Latin letter
		{"ب\ufe0f.iso", `ب\ufe0f.iso`},                             // ... nor after an Arabic letter
		{"🏴\U000e0067\U000e0062.iso", `🏴\U000e0067\U000e0062.iso`}, // tags after a flag, never ended: nothing drawn
		{"🏴\U000e007f.iso", `🏴\U000e007f.iso`},                     // a cancel tag alone
		{"ab\u200d.iso", `ab\u200d.iso`},                           // a joiner between Latin letters
		{"日\u200d本", `日\u200d本`},                                   // ... or Han ones
		{"👩\u200dx", `👩\u200dx`},                                   // ... or after an emoji, before a letter
		{"ب\u200c.iso", `ب\u200c.iso`},                             // a non-joiner before ASCII
		{"back\\slash\u200b", `back\slash\u200b`},                  // a backslash stays (quoting is the caller's)
	} {
		if got := VisibleText(tc.in); got != tc.want {
			t.Errorf("VisibleText(%+q) = %+q, want %+q", tc.in, got, tc.want)
		}
		if HasHidden(tc.in) != (tc.in != tc.want) {
			t.Errorf("HasHidden(%+q) = %v", tc.in, HasHidden(tc.in))
		}
	}
}
