package checksum

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/hashing"
)

// Tree writes files (name -> content, '/' separated) under a new temp dir.
// hashLog records the jobs a Check queues.
type hashLog struct {
	mu    sync.Mutex
	calls map[string][]string // base name -> algorithm ids of each job, joined
}

// options are CheckOptions hashing through a queue of the test's, every
// file a job that OnStart logs.
func (h *hashLog) options(t *testing.T) CheckOptions {
	q := app.NewQueue(app.Options{SmallFiles: -1})
	t.Cleanup(q.Close)
	return CheckOptions{Queue: q, OnStart: func(j *app.Job) {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.calls == nil {
			h.calls = map[string][]string{}
		}
		base := filepath.Base(j.Path())
		h.calls[base] = append(h.calls[base], strings.Join(ids(j.Algorithms()), ","))
	}}
}

func statuses(rep *CheckReport) []string {
	var out []string
	for _, r := range rep.Results {
		out = append(out, r.Entry.Name+":"+r.Status.String())
	}
	return out
}

func TestCheckStatuses(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{
		"good.iso": "abc", "bad.iso": "abd", "sub/deep.iso": "abc", "io.iso": "abc", "outside.iso": "abc",
	})
	if err := os.Mkdir(filepath.Join(dir, "folder"), 0o755); err != nil {
		t.Fatal(err)
	}
	sums := filepath.Join(dir, "in", "SHA256SUMS")
	outsideAbs := filepath.Join(dir, "outside.iso")
	text := strings.Join([]string{
		apptest.ABCSHA256 + "  ../good.iso", // refused: escapes the folder
		apptest.ABCSHA256 + "  " + outsideAbs,
		"BLAKE2s (x) = " + apptest.ABCSHA256,
		apptest.ABCSHA256 + "  ok.iso",
		apptest.ABCSHA256 + "  wrong.iso",
		apptest.ABCSHA256 + "  gone.iso",
		apptest.ABCSHA256 + "  sub\\deep.iso", // Windows separators
		apptest.ABCSHA256 + "  io.iso",
		apptest.ABCSHA256 + "  folder",
	}, "\n") + "\n"
	if err := os.MkdirAll(filepath.Dir(sums), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{"ok.iso": "abc", "wrong.iso": "abd", "io.iso": "abc", "sub/deep.iso": "abc"} {
		p := filepath.Join(dir, "in", filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(dir, "in", "folder"), 0o755)
	if err := os.WriteFile(sums, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	sf, err := ReadFile(sums)
	if err != nil {
		t.Fatal(err)
	}
	log := &hashLog{}
	var seen []int
	opts := log.options(t)
	opts.OnEntry = func(r EntryResult, done, total int) {
		if total != 9 || done != len(seen)+1 || r.Index != done-1 {
			t.Errorf("OnEntry(%d, %d, %d)", r.Index, done, total)
		}
		seen = append(seen, r.Index)
	}
	rep, err := sf.Check(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"../good.iso:REFUSED", outsideAbs + ":REFUSED", "x:SKIPPED", "ok.iso:OK", "wrong.iso:FAILED", "gone.iso:MISSING",
		`sub\deep.iso:OK`, "io.iso:OK", "folder:REFUSED"}
	if got := statuses(rep); !slices.Equal(got, want) {
		t.Errorf("statuses\n got %q\nwant %q", got, want)
	}
	for _, r := range rep.Results {
		if (r.Status == StatusOK) != (EntryWords(&r) == "") {
			t.Errorf("%s %v: reason %q", r.Entry.Name, r.Status, EntryWords(&r))
		}
	}
	kinds := []app.Cause{app.CauseOutside, app.CauseAbsolute, app.CauseUnsupported, app.CauseOther, app.CauseOther, app.CauseNotExist,
		app.CauseOther, app.CauseOther, app.CauseFolder}
	for i, r := range rep.Results {
		if r.Kind != kinds[i] {
			t.Errorf("%s %v: kind %v, want %v", r.Entry.Name, r.Status, r.Kind, kinds[i])
		}
	}
	if e := rep.Results[2].Entry; e.Unsupported != "BLAKE2s" {
		t.Errorf("skipped entry names %q as unsupported", e.Unsupported)
	}
	if r := rep.Results[0]; !strings.Contains(EntryWords(&r), "outside the checksum file's folder") {
		t.Errorf("refused reason %q", EntryWords(&r))
	}
	if got := SummaryWords(rep.Counts); got != "3 OK, 1 FAILED, 1 missing, 3 refused, 1 skipped" {
		t.Errorf("summary %q", got)
	}
	if rep.AllOK() {
		t.Error("AllOK")
	}
	if _, ok := log.calls["good.iso"]; ok {
		t.Error("a refused file was read")
	}
	if _, ok := log.calls["folder"]; ok {
		t.Error("a folder was read")
	}
	if got := rep.Results[6].Path; got != filepath.Join(dir, "in", "sub", "deep.iso") {
		t.Errorf("Windows-separated entry read from %s", got)
	}

	// Outside files are read when allowed.
	rep, err = sf.Check(context.Background(), CheckOptions{AllowOutside: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := statuses(rep)[:2]; !slices.Equal(got, []string{"../good.iso:OK", outsideAbs + ":OK"}) {
		t.Errorf("with AllowOutside: %q", got)
	}
}

// A file that fails while it is read is UNREADABLE, with the cause; one
// that vanished before it was opened is MISSING.
func TestJudgeEntryOfAFailedRead(t *testing.T) {
	e := &Entry{Name: "io.iso", Algorithms: []*hashing.Algorithm{apptest.Alg("sha256")}}
	r := EntryResult{Entry: e}
	judgeEntry(&r, &target{res: &app.Result{Path: "io.iso", Err: app.FileErrorOf("io.iso", syscall.EIO)}}, e.Algorithms)
	if r.Status != StatusUnreadable || r.Kind != app.CauseIO || !strings.Contains(EntryWords(&r), "input/output error") {
		t.Errorf("EIO: %v %v %q", r.Status, r.Kind, EntryWords(&r))
	}
	_, gone := os.Open(filepath.Join(t.TempDir(), "gone"))
	r = EntryResult{Entry: e}
	judgeEntry(&r, &target{res: &app.Result{Path: "gone", Err: app.FileErrorOf("gone", gone)}}, e.Algorithms)
	if r.Status != StatusMissing || r.Kind != app.CauseNotExist || EntryWords(&r) != "no such file" {
		t.Errorf("gone: %v %v %q", r.Status, r.Kind, EntryWords(&r))
	}
}

func TestCheckRefusesLinksOutOfTheFolder(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{"secret": "abc", "in/inside": "abc"})
	in := filepath.Join(dir, "in")
	if err := os.Symlink(filepath.Join(dir, "secret"), filepath.Join(in, "link-out")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	if err := os.Symlink("inside", filepath.Join(in, "link-in")); err != nil {
		t.Fatal(err)
	}
	sf, err := Parse(filepath.Join(in, "SHA256SUMS"), []byte(apptest.ABCSHA256+"  link-out\n"+apptest.ABCSHA256+"  link-in\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := sf.Check(context.Background(), CheckOptions{})
	if got := statuses(rep); !slices.Equal(got, []string{"link-out:REFUSED", "link-in:OK"}) {
		t.Errorf("statuses %q (%s)", got, EntryWords(&rep.Results[0]))
	}
	// escapesRoot reads os.Root's error text: this fails if Go rewords it.
	if k := rep.Results[0].Kind; k != app.CauseLinkOutside {
		t.Errorf("link out: kind %v, want CauseLinkOutside (has os.Root's error changed its words?)", k)
	}
	rep, _ = sf.Check(context.Background(), CheckOptions{AllowOutside: true})
	if got := statuses(rep); !slices.Equal(got, []string{"link-out:OK", "link-in:OK"}) {
		t.Errorf("allowed: %q", got)
	}
}

// Each file is read once for every algorithm its entries need.
func TestCheckReadsEachFileOnce(t *testing.T) {
	data := []byte("stage3")
	dir := apptest.Tree(t, map[string]string{"s.tar.xz": string(data), "t.iso": "abc"})
	text := "# SHA512 HASH\n" + apptest.Hex("sha512", data) + "  s.tar.xz\n# WHIRLPOOL HASH\n" + apptest.Hex("whirlpool", data) + "  ./s.tar.xz\n" +
		"# MD5 HASH\n" + apptest.Hex("md5", data) + "  s.tar.xz\n"
	sf, err := Parse(filepath.Join(dir, "s.DIGESTS"), []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	log := &hashLog{}
	rep, err := sf.Check(context.Background(), log.options(t))
	if err != nil {
		t.Fatal(err)
	}
	if !rep.AllOK() {
		t.Errorf("%q", statuses(rep))
	}
	if got := log.calls["s.tar.xz"]; !slices.Equal(got, []string{"md5,sha512,whirlpool"}) { // in the table's order
		t.Errorf("s.tar.xz hashed as %q, want once for md5,sha512,whirlpool", got)
	}

	sf, _ = Parse(filepath.Join(dir, "CHECKSUMS"), []byte("SHA3-256 (t.iso) = "+apptest.Hex("sha3-256", []byte("abc"))+"\n"+apptest.Hex("ripemd256", []byte("abc"))+"  t.iso\n"))
	log = &hashLog{}
	rep, _ = sf.Check(context.Background(), log.options(t))
	// Read first for the tagged line and the untagged line's likeliest
	// candidate, then once more for the others, when neither matches it.
	if got := log.calls["t.iso"]; !slices.Equal(got, []string{"sha256,sha3-256", "ripemd256,blake2b-256,blake3"}) {
		t.Errorf("t.iso hashed as %q", got)
	}
	if !rep.AllOK() || rep.Results[1].Algorithm.ID != "ripemd256" {
		t.Errorf("%q, untagged line matched by %v", statuses(rep), rep.Results[1].Algorithm)
	}
}

// An untagged digest whose length several algorithms share, in a checksum
// file whose name says nothing (goreleaser's checksums.txt): read with the
// likeliest alone, which decides a match at once; the others are read, in
// one more reading, only when it does not match, before FAILED.
func TestCheckLikeliestCandidateFirst(t *testing.T) {
	abc, abd := []byte("abc"), []byte("abd")
	tests := []struct {
		name, sums, file string
		data             []byte
		status           Status
		alg              string   // the algorithm that matched
		reads            []string // the readings of the file
	}{
		{"SHA-256 matches", "checksums.txt", "a.tar.gz", abc, StatusOK, "sha256", []string{"sha256"}},
		{"SHA-256 differs: every other candidate, once", "checksums.txt", "a.tar.gz", abd, StatusFailed, "",
			[]string{"sha256", "sha3-256,ripemd256,blake2b-256,blake3"}},
		{"BLAKE3 matches the second reading", "checksums.txt", "a.tar.gz", apptest.Sum("blake3", abc), StatusOK, "blake3",
			[]string{"sha256", "sha3-256,ripemd256,blake2b-256,blake3"}},
		{"32 digits: MD5 first", "checksums.txt", "a.tar.gz", apptest.Sum("md5", abc), StatusOK, "md5", []string{"md5"}},
		{"32 digits, XXH3-128", "checksums.txt", "a.tar.gz", apptest.Sum("xxh128", abc), StatusOK, "xxh128", []string{"md5", "ripemd128,xxh128"}},
		{"8 digits: CRC32 first", "checksums.txt", "a.tar.gz", apptest.Sum("crc32", abc), StatusOK, "crc32", []string{"crc32"}},
		{"8 digits, XXH32 (xxhsum -H0)", "checksums.txt", "a.tar.gz", apptest.Sum("xxh32", abc), StatusOK, "xxh32", []string{"crc32", "xxh32"}},
		{"40 digits: SHA-1 first", "checksums.txt", "a.tar.gz", apptest.Sum("sha1", abc), StatusOK, "sha1", []string{"sha1"}},
		{"128 digits: SHA-512 first", "checksums.txt", "a.tar.gz", apptest.Sum("sha512", abc), StatusOK, "sha512", []string{"sha512"}},
		{"128 digits, BLAKE2b", "checksums.txt", "a.tar.gz", apptest.Sum("blake2b", abc), StatusOK, "blake2b", []string{"sha512", "sha3-512,whirlpool,blake2b"}},
		{"the name mentions BLAKE3", "checksums_blake3.txt", "a.tar.gz", apptest.Sum("blake3", abc), StatusOK, "blake3", []string{"blake3"}},
		{"the name mentions SHA3-256, not SHA3", "release-sha3-256.list", "a.tar.gz", apptest.Sum("sha3-256", abc), StatusOK, "sha3-256", []string{"sha3-256"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := apptest.Tree(t, map[string]string{tt.file: "abc"})
			sum := tt.data
			if len(sum) == 3 { // the data itself, not a digest: SHA-256 of it
				sum = apptest.Sum("sha256", sum)
			}
			sf, err := Parse(filepath.Join(dir, tt.sums), []byte(fmt.Sprintf("%x  %s\n", sum, tt.file)))
			if err != nil {
				t.Fatal(err)
			}
			log := &hashLog{}
			rep, err := sf.Check(context.Background(), log.options(t))
			if err != nil {
				t.Fatal(err)
			}
			r := rep.Results[0]
			if r.Status != tt.status {
				t.Errorf("%v, want %v", r.Status, tt.status)
			}
			if got := ""; tt.alg != "" {
				if r.Algorithm != nil {
					got = r.Algorithm.ID
				}
				if got != tt.alg {
					t.Errorf("matched by %q, want %q", got, tt.alg)
				}
			}
			if got := log.calls[tt.file]; !slices.Equal(got, tt.reads) {
				t.Errorf("read as %q, want %q", got, tt.reads)
			}
		})
	}
}

// A file whose untagged lines are of several algorithms still checks; a
// line tries first what the line before it matched or named (b3sum's
// lines in a checksums.txt are read with BLAKE3 alone after the first).
func TestCheckMixedAndNeighbourLines(t *testing.T) {
	files := map[string]string{}
	var lines []string
	algs := []string{"sha256", "sha3-256", "ripemd256", "blake2b-256", "blake3", "blake3", "blake3", "md5", "ripemd128", "sha512", "sha1", "ripemd160"}
	for i, id := range algs {
		name := fmt.Sprintf("f%02d", i)
		files[name] = name
		lines = append(lines, apptest.Hex(id, []byte(name))+"  "+name)
	}
	lines = append(lines, "BLAKE2b-256 (g) = "+apptest.Hex("blake2b-256", []byte("g")), apptest.Hex("blake2b-256", []byte("h"))+"  h")
	files["g"], files["h"] = "g", "h"
	dir := apptest.Tree(t, files)
	sf, err := Parse(filepath.Join(dir, "checksums.txt"), []byte(strings.Join(lines, "\n")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	log := &hashLog{}
	rep, err := sf.Check(context.Background(), log.options(t))
	if err != nil || !rep.AllOK() {
		t.Fatalf("%v %q", err, statuses(rep))
	}
	for i, id := range algs {
		if got := rep.Results[i].Algorithm.ID; got != id {
			t.Errorf("line %d matched by %s, want %s", i+1, got, id)
		}
	}
	want := map[string][]string{
		"f00": {"sha256"},
		"f01": {"sha256", "sha3-256,ripemd256,blake2b-256,blake3"},
		"f02": {"sha3-256", "sha256,ripemd256,blake2b-256,blake3"}, // what f01 matched, first
		"f03": {"ripemd256", "sha256,sha3-256,blake2b-256,blake3"},
		"f04": {"blake2b-256", "sha256,sha3-256,ripemd256,blake3"},
		"f05": {"blake3"},
		"f06": {"blake3"},
		"f07": {"md5"}, // 32 digits: nothing learned of them yet
		"f08": {"md5", "ripemd128,xxh128"},
		"f09": {"sha512"},
		"f10": {"sha1"},
		"f11": {"sha1", "ripemd160"},
		"h":   {"blake2b-256"}, // the tagged line before it named BLAKE2b-256
	}
	for name, reads := range want {
		if got := log.calls[name]; !slices.Equal(got, reads) {
			t.Errorf("%s read as %q, want %q", name, got, reads)
		}
	}
}

// A file that cannot be read again for the other candidates, after the
// likeliest did not match, is not called FAILED: nothing is known to
// differ. Here it is deleted while the first reading has it open.
func TestCheckFileGoneBeforeTheSecondReading(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{"a.tar.gz": "abc"})
	sf, _ := Parse(filepath.Join(dir, "checksums.txt"), []byte(apptest.Hex("blake3", []byte("abc"))+"  a.tar.gz\n"))
	var reads []string
	q := app.NewQueue(app.Options{SmallFiles: -1}) // every reading a job, for OnStart
	defer q.Close()
	opts := CheckOptions{Queue: q, OnStart: func(j *app.Job) {
		reads = append(reads, strings.Join(ids(j.Algorithms()), ","))
		os.Remove(j.Path())
	}}
	rep, err := sf.Check(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Results[0]; r.Status != StatusMissing || r.Kind != app.CauseNotExist || !slices.Equal(reads, []string{"sha256"}) {
		t.Errorf("%v (%s) after readings %q, want MISSING after sha256 alone", r.Status, EntryWords(&r), reads)
	}
}

func TestCheckStopsWhenCancelled(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{"a": "abc", "b": "abc"})
	sf, _ := Parse(filepath.Join(dir, "MD5SUMS"), []byte(apptest.ABCMD5+"  a\n"+apptest.ABCMD5+"  b\n"))
	ctx, cancel := context.WithCancel(context.Background())
	rep, err := sf.Check(ctx, CheckOptions{OnEntry: func(EntryResult, int, int) { cancel() }})
	if !errors.Is(err, context.Canceled) || len(rep.Results) != 1 || rep.AllOK() {
		t.Errorf("after cancel: %v, %d results", err, len(rep.Results))
	}
}

func TestCheckFixtures(t *testing.T) {
	for _, name := range []string{"Fedora-Workstation-40-1.14-x86_64-CHECKSUM", "SHA256SUMS", "files.sfv", "windows.sha256"} {
		sf, err := ReadFile(filepath.Join("testdata", "verify", name))
		if err != nil {
			t.Fatal(err)
		}
		rep, err := sf.Check(context.Background(), CheckOptions{})
		if err != nil || !rep.AllOK() {
			t.Errorf("%s: %v %q", name, err, statuses(rep))
		}
	}
	sf, _ := ReadFile(filepath.Join("testdata", "verify", "stage3-amd64-openrc.tar.xz.DIGESTS"))
	rep, _ := sf.Check(context.Background(), CheckOptions{})
	if got := SummaryWords(rep.Counts); got != "3 OK" {
		t.Errorf("DIGESTS: %s", got)
	}
}

func TestStatusString(t *testing.T) {
	want := []string{"OK", "FAILED", "MISSING", "UNREADABLE", "REFUSED", "SKIPPED"}
	for i, w := range want {
		if Status(i).String() != w {
			t.Errorf("Status(%d) = %s", i, Status(i))
		}
	}
}

func TestCheckWithoutItsFolder(t *testing.T) {
	sf, _ := Parse(filepath.Join(t.TempDir(), "gone", "MD5SUMS"), []byte(apptest.ABCMD5+"  a\n"))
	var se *ReadError
	if _, err := sf.Check(context.Background(), CheckOptions{}); !errors.As(err, &se) {
		t.Errorf("error %v, want a SumsError", err)
	}
	rep, err := sf.Check(context.Background(), CheckOptions{AllowOutside: true})
	if err != nil || statuses(rep)[0] != "a:MISSING" {
		t.Errorf("%v %q", err, statuses(rep))
	}
}

func TestUsable(t *testing.T) {
	sf, _ := Parse("notes.txt", []byte("# hello\nworld\nfoo\n"))
	err := sf.Usable()
	if !errors.Is(err, errNoEntries) || err.Error() != "cannot use notes.txt: no checksum lines found (2 not understood)" {
		t.Errorf("%v", err)
	}
	sf, _ = Parse("MD5SUMS", []byte(apptest.ABCMD5+"  a\n"))
	if err := sf.Usable(); err != nil {
		t.Error(err)
	}
}

// The plan of a check keeps each file's algorithms in a few bits: every
// algorithm must have one.
func TestTargetPlanHasABitForEveryAlgorithm(t *testing.T) {
	if n := len(hashing.All()); n > planAlgBits {
		t.Fatalf("%d algorithms, the check's plan has bits for %d", n, planAlgBits)
	}
	all := hashing.All()
	sf := &File{Path: "SUMS", Dir: "."}
	for i, a := range all {
		sf.Entries = append(sf.Entries, Entry{Line: i + 1, Name: "f", Algorithms: []*hashing.Algorithm{a}})
		sf.Entries = append(sf.Entries, Entry{Line: i + 1, Name: fmt.Sprint("g", i), Algorithms: []*hashing.Algorithm{a}})
	}
	sf.EntryCount = len(sf.Entries)
	p := planTargets(sf, nil)
	if algs, n := p.lookup("f", &sf.Entries[0]); !slices.Equal(algs, all) || n != len(all) {
		t.Errorf("f: %v, %d entries", algs, n)
	}
	if algs, n := p.lookup("g3", &sf.Entries[7]); len(algs) != 1 || algs[0] != all[3] || n != 1 {
		t.Errorf("g3: %v, %d entries", algs, n)
	}
}

// The plan keeps slots only for the files named more than once (and, when
// it is read twice, a few that share a bit of its first reading by
// chance): a checksum file that names every file once, as most do, has a
// plan of a few slots. Planned in one reading, or two.
func TestTargetPlanKeepsTheFilesNamedAgain(t *testing.T) {
	for _, onePassMax := range []int{planOnePassMax, 0} {
		was := planOnePassMax
		planOnePassMax = onePassMax
		t.Run(fmt.Sprint("one pass up to ", onePassMax), testTargetPlanKeepsTheFilesNamedAgain)
		planOnePassMax = was
	}
}

func testTargetPlanKeepsTheFilesNamedAgain(t *testing.T) {
	md5, _ := hashing.Lookup("md5")
	sha1, _ := hashing.Lookup("sha1")
	const n = 100_000
	sf := &File{Path: "SUMS", Dir: "."}
	for i := range n {
		sf.Entries = append(sf.Entries, Entry{Line: i + 1, Name: fmt.Sprint("f", i), Algorithms: []*hashing.Algorithm{md5}})
	}
	for i := 0; i < n; i += 1000 { // 100 files named again, for SHA-1
		sf.Entries = append(sf.Entries, Entry{Line: len(sf.Entries) + 1, Name: fmt.Sprint("./f", i), Algorithms: []*hashing.Algorithm{sha1}})
	}
	sf.EntryCount = len(sf.Entries)
	p := planTargets(sf, nil)
	t.Logf("%d slots", len(p))
	if len(p) < 100 || len(p) > n/10 {
		t.Errorf("%d slots in the plan of %d files, 100 of them named twice", len(p), n)
	}
	for i := range n {
		algs, count := p.lookup(fmt.Sprint("f", i), &sf.Entries[i])
		if want := []*hashing.Algorithm{md5}; i%1000 == 0 {
			if want = []*hashing.Algorithm{md5, sha1}; !slices.Equal(algs, want) || count != 2 {
				t.Fatalf("f%d, named twice: %v, %d entries", i, algs, count)
			}
		} else if !slices.Equal(algs, want) || count != 1 {
			t.Fatalf("f%d, named once: %v, %d entries", i, algs, count)
		}
	}
}

// A check given the plan made in an earlier reading of the entries (the
// window's, which also asks about files outside the folder) judges every
// entry as one that plans for itself, and the reading saw every entry.
func TestCheckWithGivenPlan(t *testing.T) {
	dir := apptest.Tree(t, map[string]string{"a": "abc", "b": "abd"})
	sums := filepath.Join(dir, "SUMS")
	text := "MD5 (a) = " + apptest.ABCMD5 + "\nSHA256 (a) = " + apptest.ABCSHA256 + "\nMD5 (b) = " + apptest.ABCMD5 + "\nMD5 (gone) = " + apptest.ABCMD5 + "\nMD5 (../out) = " + apptest.ABCMD5 + "\n"
	if err := os.WriteFile(sums, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	sf, err := ReadSignedStreamed(sums, nil)
	if err != nil {
		t.Fatal(err)
	}
	statuses := func(opts CheckOptions) []Status {
		var got []Status
		opts.OnEntry = func(r EntryResult, _, _ int) { got = append(got, r.Status) }
		if _, err := sf.Check(context.Background(), opts); err != nil {
			t.Fatal(err)
		}
		return got
	}
	var seen []string
	plan := sf.Plan(func(e *Entry) { seen = append(seen, e.Name) })
	if want := []string{"a", "a", "b", "gone", "../out"}; !slices.Equal(seen, want) {
		t.Errorf("the plan's reading saw %q, want %q", seen, want)
	}
	want := []Status{StatusOK, StatusOK, StatusFailed, StatusMissing, StatusRefused}
	if got := statuses(CheckOptions{}); !slices.Equal(got, want) {
		t.Errorf("planning itself: %v, want %v", got, want)
	}
	if got := statuses(CheckOptions{Plan: plan}); !slices.Equal(got, want) {
		t.Errorf("with the plan given: %v, want %v", got, want)
	}
}

// Issue 50: an xxhsum -H0 list whose name says nothing is checked as
// XXH32, not called FAILED as CRC32; after the first line XXH32 is tried
// first, and each OK says which algorithm matched.
func TestCheckXXH32List(t *testing.T) {
	files := map[string]string{}
	var lines []string
	for _, name := range []string{"a", "b", "c"} {
		files[name] = name + "\n"
		lines = append(lines, apptest.Hex("xxh32", []byte(name+"\n"))+"  "+name)
	}
	files["d"] = "d\n"
	lines = append(lines, apptest.Hex("crc32", []byte("d\n"))+"  d")
	dir := apptest.Tree(t, files)
	sf, err := Parse(filepath.Join(dir, "c"), []byte(strings.Join(lines, "\n")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	log := &hashLog{}
	rep, err := sf.Check(context.Background(), log.options(t))
	if err != nil || !rep.AllOK() {
		t.Fatalf("%v %q", err, statuses(rep))
	}
	for name, reads := range map[string][]string{"a": {"crc32", "xxh32"}, "b": {"xxh32"}, "c": {"xxh32"}, "d": {"xxh32", "crc32"}} {
		if got := log.calls[name]; !slices.Equal(got, reads) {
			t.Errorf("%s read as %q, want %q", name, got, reads)
		}
	}
	for i, want := range []string{"XXH32", "XXH32", "XXH32", "CRC32"} {
		if w := MatchWords(&rep.Results[i]); !strings.HasPrefix(w, "matched as "+want+" (8 hex digits: CRC32 or XXH32") {
			t.Errorf("line %d: %q", i+1, w)
		}
	}
	// A digest of a length only one algorithm has, or matched by the
	// likeliest of several, says nothing more.
	sf, _ = Parse(filepath.Join(dir, "SUMS"), []byte(apptest.Hex("sha256", []byte("a\n"))+"  a\n"))
	rep, _ = sf.Check(context.Background(), log.options(t))
	if w := MatchWords(&rep.Results[0]); w != "" || rep.Results[0].Status != StatusOK {
		t.Errorf("SHA-256: %v %q", rep.Results[0].Status, w)
	}
}

// A checksum file read for a check (ReadSignedForCheck) is planned in the
// reading that counts its entries, kept or read again from the disk: the
// plan is the one a reading of its own makes, and the check judges every
// entry alike. Above planOnePassMax entries there is no such plan.
func TestCheckPlannedAsRead(t *testing.T) {
	files := map[string]string{}
	var text strings.Builder
	for i := range 300 {
		name := fmt.Sprintf("d%d/f%d", i%3, i)
		files[name] = name
		fmt.Fprintf(&text, "%s  %s\n", apptest.Hex("sha256", []byte(name)), name)
		if i%50 == 0 { // named again, by another algorithm
			fmt.Fprintf(&text, "MD5 (./%s) = %s\n", name, apptest.Hex("md5", []byte(name)))
		}
	}
	text.WriteString(strings.Repeat("0", 64) + "  d0/f3\n") // named again, and FAILED
	dir := apptest.Tree(t, files)
	sums := filepath.Join(dir, "SHA256SUMS")
	if err := os.WriteFile(sums, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	statuses := func(sf *File) []Status {
		var got []Status
		rep, err := sf.Check(context.Background(), CheckOptions{OnEntry: func(r EntryResult, _, _ int) { got = append(got, r.Status) }})
		if err != nil {
			t.Fatal(err)
		}
		return append(got, Status(rep.Files[StatusOK]), Status(rep.Files[StatusFailed]))
	}
	plain, err := ReadSignedStreamed(sums, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := statuses(plain)
	if n := len(want); want[n-2] != 299 || want[n-1] != 1 {
		t.Fatalf("files OK and FAILED: %d, %d; want 299 and 1", want[n-2], want[n-1])
	}
	for _, reread := range []int64{rereadAbove, 1 << 10} {
		was := rereadAbove
		rereadAbove = reread
		sf, err := ReadSignedForCheck(sums, nil)
		rereadAbove = was
		if err != nil {
			t.Fatal(err)
		}
		if sf.planned == nil || sf.Plan(nil) != sf.planned {
			t.Fatalf("read again above %d bytes: no plan made as it was read", reread)
		}
		if p := planTargets(sf, nil); !slices.Equal(sf.planned.p, p) || sf.planned.Files() != plain.Plan(nil).Files() {
			t.Errorf("read again above %d bytes: plan %x (%d files), a reading of its own %x (%d)", reread, sf.planned.p, sf.planned.Files(), p, plain.Plan(nil).Files())
		}
		if got := statuses(sf); !slices.Equal(got, want) {
			t.Errorf("read again above %d bytes: %v, want %v", reread, got, want)
		}
	}
	was := planOnePassMax
	planOnePassMax = 100
	defer func() { planOnePassMax = was }()
	sf, err := ReadSignedForCheck(sums, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sf.planned != nil {
		t.Errorf("a plan made as it was read, of more than planOnePassMax entries")
	}
	if got := statuses(sf); !slices.Equal(got, want) {
		t.Errorf("planned by the check in two readings: %v, want %v", got, want)
	}
}
