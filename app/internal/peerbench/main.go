// Command peerbench compares Hashdrop with OpenSSL (and RHash) the way users
// meet them, in two pairs per algorithm, run in turns so that a machine
// whose speed drifts slows both sides alike:
//
//   - the kernel: `hashdrop bench -a ALGO` against `openssl speed -evp ALGO
//     -bytes 16384`, MB/s in memory on one core;
//   - the whole process: `hashdrop sum -a ALGO FILE` against `openssl dgst
//     -ALGO FILE` and `rhash --ALGO FILE`, on a file of random bytes in the
//     page cache (in /dev/shm where there is one), wall time and user CPU.
//
// BLAKE3, XXH3 and BLAKE2b are compared with the tools their users run,
// b3sum, xxhsum -H3 and coreutils' b2sum: the kernel pair against xxhsum's
// own benchmark (xxhsum -b, XXH3_64b), and for b3sum and b2sum, which have
// none, against the hashing speed of one run on the file, its size over
// its user CPU time (one thread: b3sum --num-threads 1); the whole process
// against the tool with its defaults (b3sum with its threads).
//
// It prints best and median of each and Hashdrop's figure over the peer's;
// a line where Hashdrop is the slower says so. It is a benchmark (make
// bench), not a test: it fails only when a tool cannot run or disagrees on a
// digest.
//
//	peerbench [-hashdrop build/hashdrop] [-a sha256,sha1,blake3,xxh3,blake2b] [-rounds 5] [-size 1024] [-dir /dev/shm]
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// peerNames says how OpenSSL and RHash name the algorithms this compares.
var peerNames = map[string]struct{ openssl, rhash string }{
	"md5":    {"md5", "--md5"},
	"sha1":   {"sha1", "--sha1"},
	"sha224": {"sha224", "--sha224"},
	"sha256": {"sha256", "--sha256"},
	"sha384": {"sha384", "--sha384"},
	"sha512": {"sha512", "--sha512"},
}

// A specialist is the one tool users of an algorithm compare with: its
// command on a file (the file's name last), and how its kernel speed is
// measured.
type specialist struct {
	sum    []string
	kernel func(file string) float64 // MB/s
	label  string                    // what kernel measures, for the table
}

var specialists = map[string]specialist{
	"blake3": {sum: []string{"b3sum"}, label: "b3sum --num-threads 1 (user CPU)",
		kernel: func(file string) float64 { return userSpeed(file, "b3sum", "--num-threads", "1", file) }},
	"xxh3": {sum: []string{"xxhsum", "-H3"}, label: "xxhsum -b (XXH3_64b)",
		kernel: func(string) float64 { return xxhsumSpeed() }},
	"blake2b": {sum: []string{"b2sum"}, label: "b2sum (user CPU)",
		kernel: func(file string) float64 { return userSpeed(file, "b2sum", file) }},
}

// known lists the algorithms peerbench compares.
func known() []string {
	names := slices.Concat(slices.Collect(maps.Keys(peerNames)), slices.Collect(maps.Keys(specialists)))
	slices.Sort(names)
	return names
}

func main() {
	hashdrop := flag.String("hashdrop", "build/hashdrop", "the hashdrop command to measure")
	list := flag.String("a", "sha256,sha1", "algorithms, a comma list of "+strings.Join(known(), ", "))
	rounds := flag.Int("rounds", 5, "turns of each pair")
	size := flag.Int("size", 1024, "MiB in the file of the whole-process pair")
	dir := flag.String("dir", "", "where to write that file (default /dev/shm if it exists, else the temporary folder)")
	flag.Parse()

	algs := strings.Split(*list, ",")
	for _, a := range algs {
		if !slices.Contains(known(), a) {
			fatalf("unknown algorithm %q: peerbench knows %s", a, strings.Join(known(), ", "))
		}
		if sp, ok := specialists[a]; ok {
			if _, err := exec.LookPath(sp.sum[0]); err != nil {
				fatalf("%s is not installed (make deps-bench installs it)", sp.sum[0])
			}
		}
	}
	if *rounds < 1 || *size < 1 {
		fatalf("-rounds and -size must be at least 1")
	}
	if _, err := exec.LookPath("openssl"); err != nil {
		fatalf("openssl is not installed (make deps-test installs it)")
	}
	haveRHash := true
	if _, err := exec.LookPath("rhash"); err != nil {
		haveRHash = false
		fmt.Println("rhash is not installed: the whole-process pair is against OpenSSL only")
	}
	if *dir == "" {
		*dir = os.TempDir()
		if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
			*dir = "/dev/shm"
		}
	}
	fmt.Printf("%s\nload average at the start: %s\n\n", cpuName(), loadAverage())

	file, err := randomFile(*dir, *size)
	if err != nil {
		fatalf("%v", err)
	}
	scratch = file
	kernels(*hashdrop, algs, *rounds, file)
	whole(*hashdrop, algs, *rounds, *size, file, haveRHash)
	os.Remove(file)
	fmt.Printf("\nload average at the end: %s\n", loadAverage())
}

// kernels runs `hashdrop bench` and `openssl speed` in turns for each
// algorithm and prints their MB/s.
func kernels(hashdrop string, algs []string, rounds int, file string) {
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "KERNEL\tTOOL\tbest MB/s\tmedian\thashdrop/peer best\tmedian\t\n")
	for _, a := range algs {
		var ours, theirs []float64
		peer, label := func() float64 { return opensslSpeed(peerNames[a].openssl) }, "openssl speed -evp"
		if sp, ok := specialists[a]; ok {
			peer, label = func() float64 { return sp.kernel(file) }, sp.label
		}
		for r := range rounds {
			run := []func(){
				func() { ours = append(ours, benchSpeed(hashdrop, a)) },
				func() { theirs = append(theirs, peer()) },
			}
			if r%2 == 1 {
				run[0], run[1] = run[1], run[0]
			}
			for _, f := range run {
				f()
			}
		}
		fmt.Fprintf(w, "%s\thashdrop bench\t%.1f\t%.1f\t\t\t\n", a, best(ours, true), median(ours))
		rb, rm := best(ours, true)/best(theirs, true), median(ours)/median(theirs)
		fmt.Fprintf(w, "%s\t%s\t%.1f\t%.1f\t%.3f\t%.3f\t %s\n", a, label, best(theirs, true), median(theirs), rb, rm, slower(rm < 1))
	}
	w.Flush()
	fmt.Printf("(MB/s = 10^6 bytes/s; hashdrop bench: 256 MiB in 1 MiB writes, openssl speed: 2 s of 16 KiB updates,\n"+
		" xxhsum -b: its best of 3 on 100 KB, user CPU: the file's size over the tool's user time on it; %d rounds in turns)\n\n", rounds)
}

// userSpeed runs a tool on file and returns the file's size over the
// tool's user CPU time, in MB/s: its hashing, the reading's copy (system
// time) aside.
func userSpeed(file string, args ...string) float64 {
	st, err := os.Stat(file)
	if err != nil {
		fatalf("%v", err)
	}
	t := timed(args)
	return float64(st.Size()) / t.user / 1e6
}

// xxhsumSpeed is xxhsum's own benchmark of XXH3_64b (variant 5), in MB/s
// of 10^6 bytes: xxhsum prints MB of 2^20 bytes.
func xxhsumSpeed() float64 {
	out, err := exec.Command("xxhsum", "-q", "-b5", "-i3").CombinedOutput() // it reports on stderr
	if err != nil {
		fatalf("xxhsum -b5: %v\n%s", err, out)
	}
	v, err := parseXXHSpeed(out)
	if err != nil {
		fatalf("xxhsum -b5: %v", err)
	}
	return v * (1 << 20) / 1e6
}

// parseXXHSpeed reads the speed of xxhsum -b's final line for XXH3_64b:
// " 5#XXH3_64b   :   102400 ->   403444 it/s (39398.8 MB/s)".
func parseXXHSpeed(out []byte) (float64, error) {
	for _, line := range strings.FieldsFunc(string(out), func(r rune) bool { return r == '\r' || r == '\n' }) {
		_, rest, ok := strings.Cut(line, "#XXH3_64b")
		if !ok {
			continue
		}
		_, speed, ok := strings.Cut(rest, "(")
		if num, unit, ok2 := strings.Cut(strings.TrimSpace(speed), " "); ok && ok2 && strings.HasPrefix(unit, "MB/s") {
			return strconv.ParseFloat(num, 64)
		}
	}
	return 0, errors.New("no final XXH3_64b line in its output")
}

// benchSpeed is `hashdrop bench -a alg`'s MB/s.
func benchSpeed(hashdrop, alg string) float64 {
	out := output(hashdrop, "bench", "-a", alg, "--size", "256", "--json")
	var rep struct {
		Results []struct {
			MBPerSec float64 `json:"mb_per_s"`
		} `json:"results"`
	}
	if err := json.Unmarshal(out, &rep); err != nil || len(rep.Results) != 1 {
		fatalf("hashdrop bench -a %s --json: cannot read %q", alg, out)
	}
	return rep.Results[0].MBPerSec
}

// opensslSpeed is `openssl speed -evp alg -bytes 16384`'s MB/s.
func opensslSpeed(alg string) float64 {
	out := output("openssl", "speed", "-elapsed", "-mr", "-seconds", "2", "-evp", alg, "-bytes", "16384")
	v, err := parseSpeed(out, alg)
	if err != nil {
		fatalf("openssl speed -evp %s: %v", alg, err)
	}
	return v / 1e6
}

// parseSpeed reads the bytes per second of alg from the machine-readable
// output of openssl speed: a line "+F:N:ALG:BYTES_PER_SECOND".
func parseSpeed(out []byte, alg string) (float64, error) {
	for line := range strings.Lines(string(out)) {
		f := strings.Split(strings.TrimSpace(line), ":")
		if len(f) == 4 && f[0] == "+F" && strings.EqualFold(f[2], alg) {
			return strconv.ParseFloat(f[3], 64)
		}
	}
	return 0, errors.New("no +F line for " + alg + " in its output")
}

// A timing is one run of a command: wall time and user CPU, in seconds.
type timing struct{ wall, user float64 }

// whole runs each tool on file in turns and prints wall and user times.
func whole(hashdrop string, algs []string, rounds, size int, file string, haveRHash bool) {
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "WHOLE PROCESS\tTOOL\tbest wall s\tmedian\tbest user s\tmedian\thashdrop/peer wall best\tmedian\t\n")
	for _, a := range algs {
		tools := [][]string{{hashdrop, "sum", "-a", a, file}}
		if sp, ok := specialists[a]; ok {
			tools = append(tools, append(slices.Clone(sp.sum), file))
		} else {
			tools = append(tools, []string{"openssl", "dgst", "-" + peerNames[a].openssl, file})
		}
		if _, ok := peerNames[a]; ok && haveRHash {
			tools = append(tools, []string{"rhash", peerNames[a].rhash, file})
		}
		digests := make([]string, len(tools))
		for i, t := range tools { // warm up, and check that they agree
			digests[i] = firstHex(output(t[0], t[1:]...))
			if digests[i] != digests[0] {
				fatalf("%s says %s, %s says %s", strings.Join(tools[0], " "), digests[0], strings.Join(t, " "), digests[i])
			}
		}
		times := make([][]timing, len(tools))
		for r := range rounds {
			for k := range tools {
				i := (k + r) % len(tools) // each tool goes first in turn
				times[i] = append(times[i], timed(tools[i]))
			}
		}
		ours := times[0]
		for i, t := range tools {
			name := strings.Join(t[1:len(t)-1], " ")
			if i == 0 {
				name = "hashdrop " + name
			} else {
				name = t[0] + " " + name
			}
			walls, users := field(times[i], func(t timing) float64 { return t.wall }), field(times[i], func(t timing) float64 { return t.user })
			fmt.Fprintf(w, "%s\t%s\t%.3f\t%.3f\t%.3f\t%.3f\t", a, name, best(walls, false), median(walls), best(users, false), median(users))
			if i > 0 {
				ow := field(ours, func(t timing) float64 { return t.wall })
				rb, rm := best(ow, false)/best(walls, false), median(ow)/median(walls)
				fmt.Fprintf(w, "%.3f\t%.3f\t %s", rb, rm, slower(rm > 1))
			} else {
				fmt.Fprintf(w, "\t\t")
			}
			fmt.Fprintln(w)
		}
	}
	w.Flush()
	fmt.Printf("(%d MiB of random bytes in %s, %d rounds in turns; below 1.0 Hashdrop is faster)\n", size, file, rounds)
}

func field(ts []timing, f func(timing) float64) []float64 {
	out := make([]float64, len(ts))
	for i, t := range ts {
		out[i] = f(t)
	}
	return out
}

// timed runs args once, its output discarded, and returns its times.
func timed(args []string) timing {
	cmd := exec.Command(args[0], args[1:]...)
	var errs bytes.Buffer
	cmd.Stderr = &errs
	start := time.Now()
	if err := cmd.Run(); err != nil {
		fatalf("%s: %v\n%s", strings.Join(args, " "), err, errs.Bytes())
	}
	return timing{wall: time.Since(start).Seconds(), user: cmd.ProcessState.UserTime().Seconds()}
}

// output runs a command and returns its standard output.
func output(name string, args ...string) []byte {
	cmd := exec.Command(name, args...)
	var errs bytes.Buffer
	cmd.Stderr = &errs
	out, err := cmd.Output()
	if err != nil {
		fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, errs.Bytes())
	}
	return out
}

// firstHex is the first run of 16 or more hex digits in out: the digest, in
// the output of each of the tools (XXH3's has 16).
func firstHex(out []byte) string {
	for _, f := range strings.FieldsFunc(string(out), func(r rune) bool { return !strings.ContainsRune("0123456789abcdef", r) }) {
		if len(f) >= 16 {
			return f
		}
	}
	return ""
}

// randomFile writes mib MiB of random bytes to a new file in dir.
func randomFile(dir string, mib int) (string, error) {
	f, err := os.CreateTemp(dir, "peerbench-*.bin")
	if err != nil {
		return "", fmt.Errorf("cannot make the file to hash in %s: %v", dir, err)
	}
	rng := rand.NewChaCha8([32]byte{'p', 'e', 'e', 'r'})
	_, err = io.CopyN(f, rng, int64(mib)<<20)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("cannot write %s: %v", f.Name(), err)
	}
	return f.Name(), nil
}

// best is the highest of xs when high is true, else the lowest.
func best(xs []float64, high bool) float64 {
	if high {
		return slices.Max(xs)
	}
	return slices.Min(xs)
}

// median is the middle of xs (the mean of the two middle ones for an even count).
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func slower(is bool) string {
	if is {
		return "hashdrop is SLOWER"
	}
	return ""
}

func cpuName() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for line := range strings.Lines(string(b)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return "CPU: " + strings.TrimSpace(v)
		}
	}
	return "CPU: unknown"
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

// scratch is the file of the whole-process pair, removed however peerbench ends.
var scratch string

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "peerbench: "+format+"\n", args...)
	if scratch != "" {
		os.Remove(scratch)
	}
	os.Exit(1)
}
