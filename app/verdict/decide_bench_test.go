package verdict

import (
	"fmt"
	"testing"
)

// BenchmarkDecideRelease is verify's verdict on a release of 50,000 files,
// each matching the SHA-256 its checksum file lists: judged in one pass,
// and as Decide judges them (in halves on two processors).
func BenchmarkDecideRelease(b *testing.B) {
	var ev Evidence
	for i := range 50000 {
		data := fmt.Sprintf("file %d", i)
		f := file(b, fmt.Sprintf("/rel/d%02d/f%04d.bin", i/1000, i%1000), data, "sha256")
		p := pub(b, "/rel/SHA256SUMS", "sha256", data)
		p.Line = i + 1
		f.Published = append(f.Published, p)
		ev.Files = append(ev.Files, f)
	}
	for _, c := range []struct {
		name  string
		split int
	}{{"one-pass", 1 << 30}, {"halves", judgeSplit}} {
		b.Run(c.name, func(b *testing.B) {
			old := judgeSplit
			judgeSplit = c.split
			defer func() { judgeSplit = old }()
			for b.Loop() {
				if r := Decide(ev); r.Headline.Reason != AllMatch {
					b.Fatalf("headline %+v", r.Headline)
				}
			}
		})
	}
}
