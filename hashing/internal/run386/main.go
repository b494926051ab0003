//go:build linux

// Command run386 runs the hashing packages' 386 tests on a kernel that can
// run 32-bit x86 programs when the one it runs on cannot: it builds each
// package's test binary for 386, packs them into an initramfs with itself as
// init, and boots a 64-bit Debian kernel (which runs 32-bit programs through
// its IA32 emulation) under qemu-system-x86_64's software emulation. The
// emulated CPU is qemu's "max", which has what the 386 cores ask for (SSE2,
// SSSE3, SSE4.1, PCLMULQDQ, SHA-NI, AVX2), so the cores that need them are
// the ones selected and cross-checked.
//
//	run386 -kernel build/vm/vmlinuz [-cpu max] [-run REGEXP] ./hashing/...
//	run386 -kernel build/vm/vmlinuz -run '^$' -fuzz FuzzX -fuzztime 1m ./hashing/xxh3
//
// The host's HASHDROP_ variables (HASHDROP_DISABLE, HASHDROP_ENABLE) reach the
// tests. It prints the tests' output as they print it and exits 1 when a package
// fails, or when the machine stops before every package has reported.
//
// In the machine it is /init (process 1): it runs each package's tests in a
// folder holding the package's testdata, reports, and powers the machine off.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// plan is what the host tells init, in /run386.json.
type plan struct {
	Packages []string // import paths; package i is in /pkg/i
	Args     []string // for every test binary
	Env      []string // the host's HASHDROP_ variables (HASHDROP_DISABLE...)
}

// The lines init prints around each package, which the host reads back.
const (
	beginLine = "run386: BEGIN "
	endLine   = "run386: END "
	doneLine  = "run386: DONE"
)

func main() {
	if os.Getpid() == 1 {
		runInit()
		return
	}
	kernel := flag.String("kernel", "", "a 64-bit Linux kernel with IA32 emulation (vmlinuz)")
	cpu := flag.String("cpu", "max", "qemu's CPU model")
	mem := flag.Int("m", 3072, "the machine's memory, in MiB")
	run := flag.String("run", "", "passed to each test binary as -test.run")
	short := flag.Bool("short", false, "passed to each test binary as -test.short")
	fuzz := flag.String("fuzz", "", "passed as -test.fuzz (name one package and one fuzz target)")
	fuzztime := flag.String("fuzztime", "", "passed as -test.fuzztime")
	timeout := flag.Duration("timeout", 40*time.Minute, "how long the machine may run")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: run386 -kernel VMLINUZ [flags] PACKAGES...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *kernel == "" || flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	args := []string{"-test.timeout=30m"}
	if *run != "" {
		args = append(args, "-test.run="+*run)
	}
	if *short {
		args = append(args, "-test.short")
	}
	if *fuzz != "" {
		args = append(args, "-test.fuzz="+*fuzz, "-test.fuzzcachedir=/tmp/fuzz")
	}
	if *fuzztime != "" {
		args = append(args, "-test.fuzztime="+*fuzztime)
	}
	if err := host(*kernel, *cpu, *mem, *timeout, args, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "run386:", err)
		os.Exit(1)
	}
}

// host builds the test binaries and the initramfs, boots the machine and
// reads its reports.
func host(kernel, cpu string, mem int, timeout time.Duration, args, patterns []string) error {
	work, err := os.MkdirTemp("", "run386-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)

	pkgs, err := testedPackages(patterns)
	if err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	ramfs := newCPIO()
	if err := ramfs.addFile("init", self, 0o755); err != nil {
		return err
	}
	for _, d := range []string{"dev", "proc", "tmp", "pkg"} {
		ramfs.addDir(d)
	}
	p := plan{Args: args}
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "HASHDROP_") {
			p.Env = append(p.Env, kv)
		}
	}
	for i, pkg := range pkgs {
		bin := filepath.Join(work, fmt.Sprint(i)+".test")
		build := exec.Command(goCommand(), "test", "-c", "-o", bin, pkg.ImportPath)
		build.Env = append(os.Environ(), "GOARCH=386", "CGO_ENABLED=0")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("building the 386 tests of %s: %w", pkg.ImportPath, err)
		}
		dir := fmt.Sprintf("pkg/%d", i)
		ramfs.addDir(dir)
		if err := ramfs.addFile(dir+"/t.test", bin, 0o755); err != nil {
			return err
		}
		if err := ramfs.addTree(dir+"/testdata", filepath.Join(pkg.Dir, "testdata")); err != nil {
			return err
		}
		p.Packages = append(p.Packages, pkg.ImportPath)
	}
	js, _ := json.Marshal(p)
	ramfs.addBytes("run386.json", js, 0o644)
	initrd := filepath.Join(work, "initrd.cpio")
	if err := os.WriteFile(initrd, ramfs.finish(), 0o644); err != nil {
		return err
	}

	qemu := exec.Command("qemu-system-x86_64",
		"-cpu", cpu, "-smp", "2", "-m", fmt.Sprint(mem),
		"-kernel", kernel, "-initrd", initrd,
		"-append", "console=ttyS0 quiet panic=-1 rdinit=/init",
		"-display", "none", "-monitor", "none", "-serial", "stdio", "-no-reboot")
	qemu.Stdin = nil
	out, err := qemu.StdoutPipe()
	if err != nil {
		return err
	}
	qemu.Stderr = os.Stderr
	fmt.Printf("run386: booting %s under qemu (-cpu %s) for the 386 tests of %d packages\n", kernel, cpu, len(pkgs))
	if err := qemu.Start(); err != nil {
		return fmt.Errorf("starting qemu-system-x86_64: %w", err)
	}
	var timedOut atomic.Bool
	timer := time.AfterFunc(timeout, func() { timedOut.Store(true); qemu.Process.Kill() })
	defer timer.Stop()
	results, done := readReports(out, os.Stdout)
	waitErr := qemu.Wait()
	if timedOut.Load() {
		return fmt.Errorf("the machine was stopped after %v, before the tests ended", timeout)
	}

	var failed []string
	for _, pkg := range p.Packages {
		switch r, ok := results[pkg]; {
		case !ok:
			failed = append(failed, pkg+" (no report)")
		case r != "ok":
			failed = append(failed, pkg)
		}
	}
	switch {
	case len(failed) > 0:
		return fmt.Errorf("386 tests failed: %s", strings.Join(failed, ", "))
	case !done:
		return fmt.Errorf("the machine stopped before init finished (qemu: %v)", waitErr)
	}
	fmt.Printf("run386: the 386 tests of all %d packages passed\n", len(p.Packages))
	return nil
}

// goCommand is the go command to build with: $GO (the Makefile's), else go.
func goCommand() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}

// readReports copies the machine's console to w and collects what init
// reported of each package: "ok" or the failure.
func readReports(r io.Reader, w io.Writer) (results map[string]string, done bool) {
	results = map[string]string{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		fmt.Fprintln(w, line)
		if rest, ok := strings.CutPrefix(line, endLine); ok {
			pkg, result, _ := strings.Cut(rest, " ")
			results[pkg] = result
		}
		if line == doneLine {
			done = true
		}
	}
	return results, done
}

type testedPackage struct {
	ImportPath, Dir string
	TestGoFiles     []string
	XTestGoFiles    []string
}

// testedPackages lists the packages matched by patterns that have tests.
func testedPackages(patterns []string) ([]testedPackage, error) {
	list := exec.Command(goCommand(), append([]string{"list", "-json=ImportPath,Dir,TestGoFiles,XTestGoFiles"}, patterns...)...)
	list.Env = append(os.Environ(), "GOARCH=386", "CGO_ENABLED=0")
	list.Stderr = os.Stderr
	out, err := list.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	var pkgs []testedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p testedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, err
		}
		if len(p.TestGoFiles)+len(p.XTestGoFiles) > 0 {
			pkgs = append(pkgs, p)
		}
	}
	return pkgs, nil
}

// runInit is process 1 in the machine: it runs the tests the plan names
// and powers the machine off.
func runInit() {
	defer func() {
		syscall.Sync()
		syscall.Reboot(syscall.LINUX_REBOOT_CMD_POWER_OFF)
	}()
	for _, m := range []struct{ src, dir, fstype string }{
		{"devtmpfs", "/dev", "devtmpfs"}, {"proc", "/proc", "proc"}, {"tmpfs", "/tmp", "tmpfs"},
	} {
		if err := syscall.Mount(m.src, m.dir, m.fstype, 0, ""); err != nil {
			fmt.Printf("run386: mounting %s: %v\n", m.dir, err)
		}
	}
	js, err := os.ReadFile("/run386.json")
	var p plan
	if err == nil {
		err = json.Unmarshal(js, &p)
	}
	if err != nil {
		fmt.Println("run386: reading the plan:", err)
		return
	}
	if cpu, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(cpu), "\n") {
			if strings.HasPrefix(l, "flags") {
				fmt.Println("run386: CPU", l)
				break
			}
		}
	}
	for i, pkg := range p.Packages {
		fmt.Println(beginLine + pkg)
		cmd := exec.Command("./t.test", p.Args...)
		cmd.Dir = fmt.Sprintf("/pkg/%d", i)
		cmd.Env = append([]string{"PATH=/", "HOME=/tmp", "TMPDIR=/tmp"}, p.Env...)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stdout
		result := "ok"
		if err := cmd.Run(); err != nil {
			result = "FAIL (" + err.Error() + ")"
		}
		fmt.Println(endLine + pkg + " " + result)
	}
	fmt.Println(doneLine)
}

// cpio writes an archive in the "newc" format the kernel unpacks as its
// initramfs.
type cpio struct {
	buf  bytes.Buffer
	next uint32 // inode numbers
}

func newCPIO() *cpio { return &cpio{next: 1} }

func (c *cpio) header(name string, mode uint32, size int) {
	c.next++
	fmt.Fprintf(&c.buf, "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		c.next, mode, 0, 0, 1, 0, size, 0, 0, 0, 0, len(name)+1, 0)
	c.buf.WriteString(name)
	c.buf.WriteByte(0)
	c.pad()
}

func (c *cpio) pad() {
	for c.buf.Len()%4 != 0 {
		c.buf.WriteByte(0)
	}
}

func (c *cpio) addDir(name string) { c.header(name, syscall.S_IFDIR|0o755, 0) }

func (c *cpio) addBytes(name string, data []byte, perm uint32) {
	c.header(name, syscall.S_IFREG|perm, len(data))
	c.buf.Write(data)
	c.pad()
}

func (c *cpio) addFile(name, path string, perm uint32) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	c.addBytes(name, data, perm)
	return nil
}

// addTree adds the folder at path, if there is one, as name.
func (c *cpio) addTree(name, path string) error {
	err := filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(path, p)
		dst := filepath.ToSlash(filepath.Join(name, rel))
		if d.IsDir() {
			c.addDir(dst)
			return nil
		}
		return c.addFile(dst, p, 0o644)
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

func (c *cpio) finish() []byte {
	c.header("TRAILER!!!", 0, 0)
	return c.buf.Bytes()
}
