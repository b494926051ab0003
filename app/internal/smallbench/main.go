// Command smallbench compares Hashdrop with coreutils and RHash on many
// small files, the way a release or a backup is checked (issue 51):
//
//   - `hashdrop check --quiet SHA256SUMS` against `sha256sum -c --quiet
//     SHA256SUMS` and `rhash -c SHA256SUMS`, on a release of -files random
//     files of 2-3 KB in -dirs sub-folders with its SHA256SUMS;
//   - `hashdrop verify --quiet .`, the folder found as a release (its
//     SHA256SUMS found, every file walked), against the same two;
//   - `hashdrop sum -a sha256` against `sha256sum` on the first -sum files
//     of it;
//   - the window (-window, hashdrop-window) given the release's folder,
//     against `hashdrop verify --quiet DIR`: its time from exec to its final
//     verdict on every file, on a private Xvfb, with HASHDROP_TRACE=1 (see
//     trace.go), and its peak memory then. The target: within 2 s
//     of verify's time, under 400 MB.
//
// The commands run in turns (A B C A B C ...), each going first in turn, so
// that a machine whose speed drifts slows them alike, after one warm-up run
// of each that also puts the files in the page cache and checks that every
// command succeeds. It prints best and median wall time, user and system
// CPU, peak resident memory (the kernel's ru_maxrss, what /usr/bin/time -v
// prints as "Maximum resident set size") and Hashdrop's wall time over each
// peer's (the window's: its time less verify's). It is a benchmark (make
// bench), not a test. Without Xvfb or the window's program, the window's
// rows say so and the rest runs.
//
//	smallbench [-hashdrop build/hashdrop] [-window build/hashdrop-window] [-window-limit D]
//	           [-files 50000] [-dirs 50] [-sum 20000] [-rounds 5] [-dir TMP] [-keep]
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"
	"time"
)

func main() {
	hashdrop := flag.String("hashdrop", "build/hashdrop", "the hashdrop command to measure")
	window := flag.String("window", "build/hashdrop-window", "the window to measure (\"\": left out)")
	windowLimit := flag.Duration("window-limit", 0, "how long a run of the window may take (default: 2 min and 10 ms a file)")
	files := flag.Int("files", 50000, "files in the release")
	dirs := flag.Int("dirs", 50, "sub-folders they are spread over")
	sums := flag.Int("sum", 20000, "files given to hashdrop sum and sha256sum")
	rounds := flag.Int("rounds", 5, "turns of each group")
	dir := flag.String("dir", "", "where to make the release (default: the temporary folder)")
	keep := flag.Bool("keep", false, "keep the release (and reuse one made before in -dir)")
	flag.Parse()
	if *files < 1 || *dirs < 1 || *rounds < 1 || *sums < 0 {
		fatalf("-files, -dirs and -rounds must be at least 1")
	}
	bin, err := filepath.Abs(*hashdrop)
	if err != nil {
		fatalf("%v", err)
	}
	root := *dir
	if root == "" {
		root = filepath.Join(os.TempDir(), fmt.Sprintf("hashdrop-smallbench-%d-%d", *files, *dirs))
	}
	names, err := release(root, *files, *dirs)
	if err != nil {
		fatalf("%v", err)
	}
	if !*keep {
		defer os.RemoveAll(root)
	}
	fmt.Printf("%s\nload average at the start: %s\n", cpuName(), loadAverage())
	fmt.Printf("release: %d files of 2-3 KB in %d folders, %s\n\n", *files, *dirs, root)

	checks := []tool{
		{name: "hashdrop check --quiet", argv: []string{bin, "check", "--quiet", "SHA256SUMS"}},
		{name: "sha256sum -c --quiet", argv: []string{"sha256sum", "-c", "--quiet", "SHA256SUMS"}},
		{name: "rhash -c", argv: []string{"rhash", "-c", "SHA256SUMS"}},
	}
	compare(root, "CHECK", available(checks), *rounds)

	verifies := []tool{
		{name: "hashdrop verify --quiet .", argv: []string{bin, "verify", "--quiet", "."}},
		{name: "sha256sum -c --quiet", argv: []string{"sha256sum", "-c", "--quiet", "SHA256SUMS"}},
		{name: "rhash -c", argv: []string{"rhash", "-c", "SHA256SUMS"}},
	}
	compare(root, "VERIFY", available(verifies), *rounds)

	if n := min(*sums, len(names)); n > 0 {
		sum := []tool{
			{name: fmt.Sprintf("hashdrop sum -a sha256 (%d files)", n), argv: append([]string{bin, "sum", "-a", "sha256"}, names[:n]...)},
			{name: fmt.Sprintf("sha256sum (%d files)", n), argv: append([]string{"sha256sum"}, names[:n]...)},
		}
		compare(root, "SUM", sum, *rounds)
	}

	limit := *windowLimit
	if limit <= 0 {
		limit = 2*time.Minute + time.Duration(*files)*10*time.Millisecond
	}
	windowRows(root, bin, *window, *files, *rounds, limit)
	fmt.Printf("\nload average at the end: %s\n", loadAverage())
	cleanUp()
}

// windowRows times the window against hashdrop verify in turns and prints
// their rows, or why the window is left out.
func windowRows(root, bin, window string, files, rounds int, limit time.Duration) {
	wb, err := newWindowBench(window, root, files, limit)
	if err != nil {
		fmt.Printf("WINDOW: left out: %v\n", err)
		return
	}
	defer wb.close()
	tools := []tool{
		{name: "hashdrop-window DIR, to its verdict", argv: []string{wb.bin, root}, measure: wb.measure},
		{name: "hashdrop verify --quiet DIR", argv: []string{bin, "verify", "--quiet", root}},
	}
	runs, err := inTurns(root, tools, rounds)
	if err != nil {
		fmt.Printf("WINDOW: left out: %v\n", err)
		return
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "WINDOW\tbest wall s\tmedian\tuser\tsys\tpeak RSS MB\twindow-verify s best\tmedian\t\n")
	wall := func(r run) float64 { return r.wall }
	rss := func(r run) float64 { return float64(r.rss) / 1024 }
	for i, t := range tools {
		fmt.Fprintf(w, "%s\t%.3f\t%.3f\t%.3f\t%.3f\t%.1f\t", t.name, minOf(runs[i], wall), median(runs[i], wall),
			median(runs[i], func(r run) float64 { return r.user }), median(runs[i], func(r run) float64 { return r.sys }),
			median(runs[i], rss))
		if i > 0 {
			fmt.Fprintf(w, "%+.3f\t%+.3f\t\n", minOf(runs[0], wall)-minOf(runs[i], wall), median(runs[0], wall)-median(runs[i], wall))
		} else {
			fmt.Fprintf(w, "\t\t\n")
		}
	}
	w.Flush()
	fmt.Printf("(%d rounds in turns; median user and system CPU, median peak RSS; the window's wall time from its exec\n"+
		"to its final verdict, with every status ok, its CPU and peak RSS (VmHWM) read from /proc then)\n", rounds)
	fmt.Printf("its final verdict: %s\n", wb.verdict)
	worst := -minOf(runs[0], func(r run) float64 { return -rss(r) })
	if files != 50000 {
		fmt.Printf("largest peak RSS of the window: %.1f MB (the issue's target, 2 s and 400 MB, is for 50,000 files)\n", worst)
		return
	}
	fmt.Printf("target: window-verify at most 2 s (median %+.3f s): %s; peak RSS under 400 MB (largest %.1f MB): %s\n",
		median(runs[0], wall)-median(runs[1], wall), met(median(runs[0], wall)-median(runs[1], wall) <= 2),
		worst, met(worst < 400))
}

func met(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}

// A tool is a command to time, run in the release's folder: by timed,
// or by its own measure.
type tool struct {
	name    string
	argv    []string
	measure func(dir string) (run, error)
}

func (t tool) time(dir string) (run, error) {
	if t.measure != nil {
		return t.measure(dir)
	}
	return timed(dir, t), nil
}

// available leaves out the tools that are not installed, saying so.
func available(tools []tool) []tool {
	var out []tool
	for _, t := range tools {
		if _, err := exec.LookPath(t.argv[0]); err != nil {
			fmt.Printf("%s is not installed: left out\n", t.argv[0])
			continue
		}
		out = append(out, t)
	}
	return out
}

// A run is one command's wall time, CPU and peak memory.
type run struct {
	wall, user, sys float64
	rss             int64 // KiB
}

// compare runs the tools in turns and prints their figures, the first
// tool's wall time over each other's.
func compare(dir, title string, tools []tool, rounds int) {
	runs, err := inTurns(dir, tools, rounds)
	if err != nil {
		fatalf("%v", err)
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "%s\tbest wall s\tmedian\tuser\tsys\tpeak RSS MB\thashdrop/peer wall best\tmedian\t\n", title)
	wall := func(r run) float64 { return r.wall }
	for i, t := range tools {
		fmt.Fprintf(w, "%s\t%.3f\t%.3f\t%.3f\t%.3f\t%.1f\t", t.name, minOf(runs[i], wall), median(runs[i], wall),
			median(runs[i], func(r run) float64 { return r.user }), median(runs[i], func(r run) float64 { return r.sys }),
			median(runs[i], func(r run) float64 { return float64(r.rss) / 1024 }))
		if i > 0 {
			fmt.Fprintf(w, "%.3f\t%.3f\t\n", minOf(runs[0], wall)/minOf(runs[i], wall), median(runs[0], wall)/median(runs[i], wall))
		} else {
			fmt.Fprintf(w, "\t\t\n")
		}
	}
	w.Flush()
	fmt.Printf("(%d rounds in turns; median user and system CPU, median peak RSS)\n\n", rounds)
}

// inTurns runs the tools in turns, after a warm-up run of each, and
// returns their runs, or the first failure of one with its own measure.
func inTurns(dir string, tools []tool, rounds int) ([][]run, error) {
	for _, t := range tools { // warm up: the page cache, and every one succeeds
		if _, err := t.time(dir); err != nil {
			return nil, fmt.Errorf("%s: %v", t.name, err)
		}
	}
	runs := make([][]run, len(tools))
	for r := range rounds {
		for k := range tools {
			i := (k + r) % len(tools)
			ri, err := tools[i].time(dir)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", tools[i].name, err)
			}
			runs[i] = append(runs[i], ri)
		}
	}
	return runs, nil
}

// timed runs t once in dir, its output thrown away, and fails when it does.
// The peak memory is what /usr/bin/time says of the command: the kernel's
// figure for a child this program starts would include this program's own
// (Go starts it with vfork, and the figure survives exec).
func timed(dir string, t tool) run {
	rss, err := os.CreateTemp("", "smallbench-rss")
	if err != nil {
		fatalf("%v", err)
	}
	defer os.Remove(rss.Name())
	rss.Close()
	argv := t.argv
	if haveTime {
		argv = append([]string{"/usr/bin/time", "-f", "%M", "-o", rss.Name()}, argv...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	var errOut strings.Builder
	cmd.Stderr = &errOut
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start).Seconds()
	if err != nil {
		fatalf("%s: %v\n%s", t.name, err, errOut.String())
	}
	r := run{wall: wall, user: cmd.ProcessState.UserTime().Seconds(), sys: cmd.ProcessState.SystemTime().Seconds()}
	if b, err := os.ReadFile(rss.Name()); err == nil {
		fmt.Sscan(strings.TrimSpace(string(b)), &r.rss)
	}
	return r
}

// haveTime: GNU time is there to tell each command's peak memory.
var haveTime = func() bool { _, err := os.Stat("/usr/bin/time"); return err == nil }()

// release makes (or finds, from an earlier -keep) the files and their
// SHA256SUMS in root, and returns the files' names relative to it.
func release(root string, files, dirs int) ([]string, error) {
	names := make([]string, files)
	for i := range names {
		names[i] = fmt.Sprintf("d%02d/f%06d.bin", i%dirs, i)
	}
	sums := filepath.Join(root, "SHA256SUMS")
	if st, err := os.Stat(sums); err == nil && st.Size() > 0 {
		if _, err := os.Stat(filepath.Join(root, names[len(names)-1])); err == nil {
			return names, nil
		}
	}
	rng := rand.New(rand.NewPCG(51, 50000))
	var list strings.Builder
	buf := make([]byte, 3072)
	for d := range min(dirs, files) {
		if err := os.MkdirAll(filepath.Join(root, fmt.Sprintf("d%02d", d)), 0o755); err != nil {
			return nil, err
		}
	}
	for _, name := range names {
		data := buf[:2048+rng.IntN(1024)]
		for k := range data {
			data[k] = byte(rng.Uint32())
		}
		if err := os.WriteFile(filepath.Join(root, name), data, 0o644); err != nil {
			return nil, err
		}
		s := sha256.Sum256(data)
		list.WriteString(hex.EncodeToString(s[:]) + "  " + name + "\n")
	}
	return names, os.WriteFile(sums, []byte(list.String()), 0o644)
}

func minOf(rs []run, f func(run) float64) float64 {
	v := f(rs[0])
	for _, r := range rs[1:] {
		v = min(v, f(r))
	}
	return v
}

func median(rs []run, f func(run) float64) float64 {
	vs := make([]float64, len(rs))
	for i, r := range rs {
		vs[i] = f(r)
	}
	slices.Sort(vs)
	if len(vs)%2 == 1 {
		return vs[len(vs)/2]
	}
	return (vs[len(vs)/2-1] + vs[len(vs)/2]) / 2
}

func cpuName() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for line := range strings.Lines(string(b)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "smallbench: "+format+"\n", args...)
	cleanUp()
	os.Exit(1)
}

// cleanUps are what must not outlive this program (the X server), done at
// its end, on a fatal error and on an interrupt.
var cleanUps struct {
	sync.Mutex
	fs []func()
}

func atExit(f func()) {
	cleanUps.Lock()
	defer cleanUps.Unlock()
	cleanUps.fs = append(cleanUps.fs, f)
}

func cleanUp() {
	cleanUps.Lock()
	fs := cleanUps.fs
	cleanUps.fs = nil
	cleanUps.Unlock()
	for _, f := range slices.Backward(fs) {
		f()
	}
}

func init() {
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-stop
		cleanUp()
		fmt.Fprintf(os.Stderr, "smallbench: %v\n", s)
		os.Exit(1)
	}()
}
