package app

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A name is shown so that what the reader sees is what is there: a hostile
// name must not move a terminal's cursor ("\x1b[1A"), hide a character
// ("ubuntu\u200b.iso" looks like "ubuntu.iso") or turn the text around
// ("evil\u202eosi.exe" reads "evilexe.iso"). Such characters are shown as
// escapes; ordinary text of every script, emoji included, stays as it is.
//
// Escaped are:
//   - C0 and C1 controls and DEL (\n \r \t \e, else \xHH or \u0085), and
//     bytes that are not UTF-8 (\xHH);
//   - format characters (Unicode category Cf): bidirectional controls,
//     zero-width spaces and joiners, the soft hyphen, the byte order mark,
//     invisible operators, tags;
//   - the line and paragraph separators U+2028 and U+2029;
//   - the other characters Unicode says a font draws as nothing
//     (Default_Ignorable_Code_Point): the Hangul fillers U+115F, U+1160,
//     U+3164 and U+FFA0, the combining grapheme joiner U+034F, Khmer's
//     inherent vowels U+17B4 and U+17B5, variation selectors.
//
// Except where the text needs them and they are seen in what they do:
//   - the zero-width joiner and non-joiner (U+200D, U+200C) between two
//     letters or marks of a script that joins its letters (Persian's
//     "می‌خواهم", Devanagari's half forms), or the joiner between emoji
//     ("👩‍💻");
//   - a variation selector after a character it has a drawn variant of
//     (the emoji form "❤️", a Han ideograph's variant "葛󠄀", a Mongolian
//     letter's) or in a keycap ("1️⃣"), not after any other letter;
//   - tags after a black flag, ended by the cancel tag (the flags of
//     England, Scotland and Wales).
//
// Spaces other than U+0020 (no-break, ideographic) are drawn as space, so
// are kept.

// VisibleText returns s with its control, invisible and bidirectional
// characters, and bytes that are not UTF-8, written as escapes; s itself
// when it holds none.
func VisibleText(s string) string {
	if !HasHidden(s) {
		return s
	}
	var b strings.Builder
	prev := rune(-1) // the rune before, as it is in s (-1 at the start)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == 0x1b:
			b.WriteString(`\e`)
		case r < 0x80 && isControl(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case hidden(prev, r, s[i+n:]):
			if r > 0xffff {
				fmt.Fprintf(&b, `\U%08x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteString(s[i : i+n])
		}
		prev = r
		i += n
	}
	return b.String()
}

// HasHidden reports whether VisibleText would change s.
func HasHidden(s string) bool {
	prev := rune(-1)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || hidden(prev, r, s[i+n:]) {
			return true
		}
		prev = r
		i += n
	}
	return false
}

// isControl reports whether r is a C0 or C1 control character or DEL.
func isControl(r rune) bool { return r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 }

// hidden reports whether r, after prev and before rest, is one VisibleText
// escapes.
func hidden(prev, r rune, rest string) bool {
	switch {
	case r < 0xa0:
		return isControl(r)
	case r == 0x200c || r == 0x200d:
		next, _ := utf8.DecodeRuneInString(rest)
		return !joins(prev, next) && !(r == 0x200d && emojiJoin(prev, next))
	case isVariationSelector(r):
		next, _ := utf8.DecodeRuneInString(rest)
		return !varies(prev, r, next)
	case r >= 0xe0020 && r <= 0xe007f:
		inRun := prev >= 0xe0020 && prev <= 0xe007e || prev == 0x1f3f4 && r != 0xe007f
		return !inRun || !endsTags(r, rest)
	}
	return invisible(r)
}

// varies reports whether the variation selector vs after prev (before
// next) selects a form of it that is drawn: the emoji or text form of a
// symbol (U+FE0E, U+FE0F; a keycap "1️⃣"), a variant of a Han ideograph
// (U+FE00..., U+E0100...), of a mathematical symbol or of a Mongolian
// letter. After any other character it draws nothing: "é\ufe0f.iso" looks
// like "é.iso".
func varies(prev, vs, next rune) bool {
	switch {
	case prev < 0 || invisible(prev):
		return false
	case vs >= 0x180b && vs <= 0x180f: // Mongolian free variation selectors
		return unicode.Is(unicode.Mongolian, prev)
	case vs >= 0xe0100: // ideographic variation sequences
		return unicode.Is(unicode.Han, prev)
	case next == 0x20e3: // a keycap: "1", U+FE0F, U+20E3
		return prev < 0x80
	}
	return prev >= 0x80 && (unicode.Is(unicode.So, prev) || unicode.Is(unicode.Sm, prev) ||
		unicode.Is(unicode.Han, prev) || unicode.Is(unicode.Myanmar, prev) || prev == 0xa9 || prev == 0xae)
}

// endsTags reports whether the tag r, in a run of tags after a black flag,
// belongs to a run ended by the cancel tag U+E007F, as a flag's is
// (England's: U+1F3F4 "gbeng" U+E007F); a run that never ends draws
// nothing after the flag.
func endsTags(r rune, rest string) bool {
	for r != 0xe007f {
		var n int
		r, n = utf8.DecodeRuneInString(rest)
		if n == 0 || r < 0xe0020 || r > 0xe007f {
			return false
		}
		rest = rest[n:]
	}
	return true
}

// invisible reports whether r draws nothing, or changes how the text
// around it is drawn, wherever it is.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || r == 0x2028 || r == 0x2029 ||
		unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) || isVariationSelector(r)
}

func isVariationSelector(r rune) bool {
	return unicode.Is(unicode.Variation_Selector, r)
}

// joiningScripts are the scripts whose letters the zero-width joiner and
// non-joiner change the shape of.
var joiningScripts = []*unicode.RangeTable{
	unicode.Arabic, unicode.Syriac, unicode.Nko, unicode.Mongolian,
	unicode.Devanagari, unicode.Bengali, unicode.Gurmukhi, unicode.Gujarati,
	unicode.Oriya, unicode.Tamil, unicode.Telugu, unicode.Kannada,
	unicode.Malayalam, unicode.Sinhala, unicode.Myanmar, unicode.Khmer,
}

// joins reports whether a joiner between a and b is part of the text.
func joins(a, b rune) bool {
	return isJoiningLetter(a) && isJoiningLetter(b)
}

func isJoiningLetter(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsMark(r)) && unicode.In(r, joiningScripts...)
}

// emojiJoin reports whether a zero-width joiner between a and b joins two
// emoji ("👩" "💻"): a may be a skin tone or the emoji variation selector.
func emojiJoin(a, b rune) bool {
	isEmoji := func(r rune) bool { return r >= 0x2000 && unicode.Is(unicode.So, r) }
	return (isEmoji(a) || a == 0xfe0f || a >= 0x1f3fb && a <= 0x1f3ff) && isEmoji(b)
}
