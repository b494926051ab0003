package verdict

import (
	"slices"
	"testing"

	"github.com/hashdrop/hashdrop/app/checksum"
)

func TestPastedTargets(t *testing.T) {
	const digest = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	files := []string{"/dl/ubuntu.iso", "/dl/debian.iso", "/other/ubuntu.iso"}
	for _, c := range []struct {
		text string
		want []int
	}{
		{digest, []int{0, 1, 2}},                      // a digest alone: every file it was pasted for
		{digest + "  ubuntu.iso", []int{0, 2}},        // a checksum line: the files of that name
		{digest + " *isos/debian.iso", []int{1}},      // by base name
		{digest + "  ubuntu (1).iso", []int{0, 1, 2}}, // names none: all, one may be renamed
	} {
		d, err := checksum.ParseExpected(c.text)
		if err != nil {
			t.Fatalf("%q: %v", c.text, err)
		}
		if got := PastedTargets(d, files); !slices.Equal(got, c.want) {
			t.Errorf("%q: %v, want %v", c.text, got, c.want)
		}
	}
}
