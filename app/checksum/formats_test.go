package checksum

import (
	"strings"
	"testing"
)

// TestOtherFormatsNamed: the lines rhash 1.4 prints for a file "f" holding
// "abc" with --ed2k-link, --magnet and several algorithms without --bsd
// are named as such and not supported, not "not a checksum line"; the
// lines around them still read.
func TestOtherFormatsNamed(t *testing.T) {
	for _, tt := range []struct{ line, format, words string }{
		{"ed2k://|file|f|3|a448017aaf21d8525fc10ae87aa6729d|h=vgmt4nsha2awvor6evyxqugcnsonbwe5|/", "ed2k", "an ed2k link: not supported"},
		{"magnet:?xl=3&dn=f&xt=urn:tree:tiger:asd4ujseh5m47pdyb46kbtsqtsgdklbhyxomuia&xt=urn:ed2k:a448017aaf21d8525fc10ae87aa6729d&xt=urn:aich:vgmt4nsha2awvor6evyxqugcnsonbwe5", "magnet", "a magnet link: not supported"},
		{"magnet:?xl=3&dn=f&xt=urn:md5:900150983cd24fb0d6963f7d28e17f72&xt=urn:sha1:vgmt4nsha2awvor6evyxqugcnsonbwe5", "magnet", "a magnet link: not supported"},
		{"f  900150983cd24fb0d6963f7d28e17f72  a9993e364706816aba3e25717850c26c9cd0d89d", "rhash", "RHash's line of several digests: not supported"},
		{"f  352441c2  900150983cd24fb0d6963f7d28e17f72  a9993e364706816aba3e25717850c26c9cd0d89d", "rhash", "RHash's line of several digests: not supported"},
		{"f  352441c2  asd4ujseh5m47pdyb46kbtsqtsgdklbhyxomuia  vgmt4nsha2awvor6evyxqugcnsonbwe5", "rhash", "RHash's line of several digests: not supported"},
		{"a bad line", "", "not a checksum line"},
		{"these  are  words", "", "not a checksum line"},
	} {
		sf, err := Parse("CHECKSUMS", []byte("900150983cd24fb0d6963f7d28e17f72  a\n"+tt.line+"\nf 352441c2\n"))
		if err != nil {
			t.Fatal(err)
		}
		if len(sf.Entries) != 2 || len(sf.Problems) != 1 {
			t.Errorf("%q: %d entries, problems %v", tt.line, len(sf.Entries), sf.Problems)
			continue
		}
		p := sf.Problems[0]
		if p.Format != tt.format || (p.Kind == LineOtherFormat) != (tt.format != "") || !strings.HasPrefix(LineWords(p), tt.words) {
			t.Errorf("%q: format %q, kind %v, %q; want %q, %q", tt.line, p.Format, p.Kind, LineWords(p), tt.format, tt.words)
		}
	}
}
