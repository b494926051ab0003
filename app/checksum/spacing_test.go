package checksum

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
)

// The files of coreutils' tests/misc/md5sum-bsd.sh (coreutils commit
// 028cad9): for i in 'a' ' b' '*c' 'dd' ' '; do echo "$i" > "$i"; md5sum
// --text "$i" >> check.md5sum; done; sed 's/  / /' check.md5sum > check.md5.
// The list starts with a name the one-space form alone reads.
var md5sumBSDNames = []string{"a", " b", "*c", "dd", " "}

// md5sumBSDLists returns that test's check.md5sum (two spaces) and
// check.md5 (one: md5 -r's form).
func md5sumBSDLists() (twoSpace, oneSpace string) {
	var two, one strings.Builder
	for _, name := range md5sumBSDNames {
		line := apptest.Hex("md5", []byte(name+"\n")) + "  " + name
		two.WriteString(line + "\n")
		one.WriteString(strings.Replace(line, "  ", " ", 1) + "\n")
	}
	return two.String(), one.String()
}

func TestOneSpaceLinesKeepTheirNames(t *testing.T) {
	two, one := md5sumBSDLists()
	for _, tt := range []struct {
		name, text string
		want       []string
		problems   int
	}{
		// md5sum --strict -c check.md5sum and check.md5: all five OK.
		{"check.md5sum", two, md5sumBSDNames, 0},
		{"check.md5", one, md5sumBSDNames, 0},
		// check2.md5sum: a first line whose digest is not hex does not
		// decide the form (1 line improperly formatted).
		{"check2.md5sum", "____not_all_hex_so_no_match_____ blah\n" + two, md5sumBSDNames, 1},
		// tail -n+2 check.md5: without its first line the list reads as
		// two-space lines, and " b" and "*c" are the files "b" and "c",
		// which are not there (coreutils: exit 1 under --strict).
		{"check.md5 without its first line", one[strings.Index(one, "\n")+1:], []string{"b", "c", "dd", " "}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sf, err := Parse(filepath.Join("dir", "check.md5"), []byte(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range sf.Entries {
				got = append(got, e.Name)
				if e.Binary && e.Name != "c" {
					t.Errorf("%q read as binary", e.Name)
				}
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(sf.Problems) != tt.problems {
				t.Errorf("names %q, %d problems; want %q, %d", got, len(sf.Problems), tt.want, tt.problems)
			}
		})
	}
}

// TestOneSpaceLinesStreamed reads the one-space list of a file read again
// from the disk: each entry is parsed again in the form of its file.
func TestOneSpaceLinesStreamed(t *testing.T) {
	_, one := md5sumBSDLists()
	rereadAll(t, 64)
	path := filepath.Join(t.TempDir(), "check.md5")
	if err := os.WriteFile(path, []byte(one), 0o644); err != nil {
		t.Fatal(err)
	}
	sf, err := ReadSignedStreamed(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	sameAsWhole(t, sf, path, []byte(one))
	for i, want := range md5sumBSDNames {
		if got := sf.EntryAt(i).Name; got != want {
			t.Errorf("entry %d: %q, want %q", i, got, want)
		}
	}
}
