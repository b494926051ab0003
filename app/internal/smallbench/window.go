package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// A windowBench times the window (hashdrop-window) given the release's
// folder, on a private X server, from its exec to its final verdict on
// every file.
type windowBench struct {
	bin     string // the window's program
	root    string // the release's folder, given to it
	files   int    // in the release
	limit   time.Duration
	x       *xServer
	home    string // its HOME and XDG folders, one for every run: the warm-up run fills its caches
	verdict string // the last run's final verdict line, to show
}

// newWindowBench checks the window's program, starts a private X server
// and makes the window's home, or says why the window is left out.
func newWindowBench(bin, root string, files int, limit time.Duration) (*windowBench, error) {
	if bin == "" {
		return nil, errors.New("no -window given")
	}
	bin, err := filepath.Abs(bin)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(bin); err != nil {
		return nil, fmt.Errorf("the window's program: %v (make build makes it)", err)
	} else if st.IsDir() || st.Mode()&0o111 == 0 {
		return nil, fmt.Errorf("the window's program %s is not an executable file", bin)
	}
	home, err := os.MkdirTemp("", "smallbench-window-home")
	if err != nil {
		return nil, err
	}
	for _, d := range []string{".config", ".cache", ".local/share", "run"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o700); err != nil {
			os.RemoveAll(home)
			return nil, err
		}
	}
	x, err := startXvfb()
	if err != nil {
		os.RemoveAll(home)
		return nil, err
	}
	return &windowBench{bin: bin, root: root, files: files, limit: limit, x: x, home: home}, nil
}

// close stops the X server and removes the window's home.
func (b *windowBench) close() {
	b.x.stop()
	os.RemoveAll(b.home)
}

// env is the window's environment: this one's, less what would take it
// to the user's display, settings, language or session bus, plus its own.
func (b *windowBench) env() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch {
		case k == "DISPLAY", k == "WAYLAND_DISPLAY", k == "HOME", k == "TZ", k == "DBUS_SESSION_BUS_ADDRESS",
			k == "LANG", k == "LANGUAGE", strings.HasPrefix(k, "LC_"), strings.HasPrefix(k, "XDG_"),
			k == "HASHDROP_TRACE", k == "HASHDROP_DIALOGS":
			continue
		}
		env = append(env, kv)
	}
	h := b.home
	return append(env, "DISPLAY="+b.x.display, "HOME="+h,
		"XDG_CONFIG_HOME="+filepath.Join(h, ".config"), "XDG_CACHE_HOME="+filepath.Join(h, ".cache"),
		"XDG_DATA_HOME="+filepath.Join(h, ".local", "share"), "XDG_RUNTIME_DIR="+filepath.Join(h, "run"),
		"LANGUAGE=en", "LANG=C.UTF-8", "TZ=UTC", // English words; trace times in UTC, as traceLine reads them
		"HASHDROP_TRACE=1", "HASHDROP_DIALOGS=fyne")
}

// measure runs the window once: its wall time from exec to the final
// verdict, and its CPU time and peak resident memory (VmHWM) read from
// /proc then; it is then closed with SIGTERM.
func (b *windowBench) measure(string) (run, error) {
	cmd := exec.Command(b.bin, b.root)
	cmd.Dir, cmd.Env = b.home, b.env()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return run{}, err
	}
	watch := &verdictWatch{files: b.files}
	found := make(chan error, 1)   // nil: the final verdict is in
	scanned := make(chan struct{}) // the window's stderr has ended
	late := make(chan struct{})    // closed at the limit: the lines from then on are not its verdict
	var tail lastLines
	var seen time.Duration // when this program read the final verdict
	watch.start = time.Now()
	if err := cmd.Start(); err != nil {
		return run{}, fmt.Errorf("%s: %v", b.bin, err)
	}
	go func() {
		defer close(scanned)
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		reported := false
		for sc.Scan() { // read to the end: a window whose stderr is full would stop
			select {
			case <-late:
				reported = true
			default:
			}
			if reported {
				continue
			}
			line := sc.Text()
			tail.add(line)
			done, err := watch.see(line)
			if done {
				seen = time.Since(watch.start)
			}
			if done || err != nil {
				found <- err
				reported = true
			}
		}
		if !reported {
			found <- errors.New("the window ended before its final verdict")
		}
	}()

	var verdictErr error
	select {
	case verdictErr = <-found:
	case <-time.After(b.limit):
		close(late)
		verdictErr = fmt.Errorf("no final verdict on the %d files within %v (-window-limit)", b.files, b.limit)
	}
	var r run
	procErr := errors.New("not read")
	if verdictErr == nil { // the goroutine is done with watch and seen
		r.rss, r.user, r.sys, procErr = procFigures(cmd.Process.Pid)
		r.wall = watch.after().Seconds()
		if r.wall <= 0 || r.wall > seen.Seconds()+1 { // the trace's clock unusable: when it was read
			r.wall = seen.Seconds()
		}
	}

	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-scanned:
	case <-time.After(30 * time.Second):
		fmt.Fprintf(os.Stderr, "smallbench: the window did not quit within 30 s of SIGTERM: killed\n")
		cmd.Process.Kill()
		<-scanned
	}
	cmd.Wait()
	if verdictErr != nil { // the goroutine is done with tail and watch
		return run{}, fmt.Errorf("%v; its last verdict: %q, statuses: %q; its last lines:\n%s",
			verdictErr, watch.lastShown, watch.statuses, tail.String())
	}
	b.verdict = watch.lastShown
	if procErr != nil { // no /proc: the CPU to its exit, and no peak memory
		r.user, r.sys = cmd.ProcessState.UserTime().Seconds(), cmd.ProcessState.SystemTime().Seconds()
	}
	return r, nil
}

// procFigures reads a running process's peak resident memory (VmHWM, in
// KiB) and its user and system CPU time from /proc.
func procFigures(pid int) (rss int64, user, sys float64, err error) {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, 0, err
	}
	for line := range strings.Lines(string(status)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			rss, _ = strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		}
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, 0, err
	}
	// After the command's name in parentheses: state ppid pgrp session
	// tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime, in
	// clock ticks of 1/100 s (USER_HZ).
	i := strings.LastIndexByte(string(stat), ')')
	f := strings.Fields(string(stat[i+1:]))
	if i < 0 || len(f) < 13 {
		return 0, 0, 0, fmt.Errorf("/proc/%d/stat: unexpected %q", pid, stat)
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, 0, 0, fmt.Errorf("/proc/%d/stat: %v", pid, err)
	}
	return rss, float64(ut) / 100, float64(st) / 100, nil
}

// lastLines keeps the window's last lines but the ones it logs for every
// file, to show when it fails.
type lastLines struct{ lines []string }

func (l *lastLines) add(line string) {
	if _, event, ok := traceLine(line, time.Time{}); ok {
		for _, each := range []string{"done ", "queued ", "published digest ", "signature of "} {
			if strings.HasPrefix(event, each) {
				return
			}
		}
	}
	if l.lines = append(l.lines, line); len(l.lines) > 30 {
		l.lines = l.lines[1:]
	}
}

func (l *lastLines) String() string { return strings.Join(l.lines, "\n") }

// An xServer is a private Xvfb.
type xServer struct {
	display string // ":N"
	cmd     *exec.Cmd
	once    sync.Once
}

// startXvfb starts Xvfb on a display number it chooses free (-displayfd),
// and returns once it says the number: it then accepts connections.
func startXvfb() (*xServer, error) {
	if _, err := exec.LookPath("Xvfb"); err != nil {
		return nil, errors.New("Xvfb is not installed (make deps-bench installs it)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1366x768x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	var errOut strings.Builder
	cmd.Stderr = &errOut
	err = cmd.Start()
	w.Close()
	if err != nil {
		return nil, fmt.Errorf("Xvfb: %v", err)
	}
	x := &xServer{cmd: cmd}
	atExit(x.stop)
	num := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		num <- strings.TrimSpace(line)
	}()
	select {
	case n := <-num:
		if n != "" {
			x.display = ":" + n
			return x, nil
		}
	case <-time.After(30 * time.Second):
	}
	x.stop()
	return nil, fmt.Errorf("Xvfb did not start within 30 s:\n%s", errOut.String())
}

// stop ends the X server; it can be called again.
func (x *xServer) stop() {
	x.once.Do(func() {
		x.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { x.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			x.cmd.Process.Kill()
			<-done
		}
	})
}
