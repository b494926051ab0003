package ui

import (
	"os"
	"runtime"
	"testing"

	"fyne.io/fyne/v2"
)

// The window runs with a processor of Go's scheduler more than its cores
// (its event loop holds one while it draws), and its queue keeps the cores
// busy, not the processors; a GOMAXPROCS the user set is left alone.
func TestSpareProcessorForTheEventLoop(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	if cores := spareProcessor(func(string) string { return "" }); cores != 2 || runtime.GOMAXPROCS(0) != 3 {
		t.Errorf("2 cores: the queue told %d, GOMAXPROCS %d; want 2 and 3", cores, runtime.GOMAXPROCS(0))
	}
	runtime.GOMAXPROCS(2)
	set := func(k string) string {
		if k == "GOMAXPROCS" {
			return "2"
		}
		return ""
	}
	if cores := spareProcessor(set); cores != 2 || runtime.GOMAXPROCS(0) != 2 {
		t.Errorf("GOMAXPROCS=2 set by the user: the queue told %d, GOMAXPROCS %d; want 2 and 2", cores, runtime.GOMAXPROCS(0))
	}
}

// Mesa's software rasterizer is told to draw the window on a thread fewer
// than the cores (at least one), so that the one hashing an ISO keeps its
// core; an LP_NUM_THREADS the user set is left alone.
func TestRasterThreadsLeaveACoreToHashing(t *testing.T) {
	for cores, want := range map[int]string{1: "1", 2: "1", 4: "3", 16: "15"} {
		env := map[string]string{}
		got := rasterThreads(func(k string) string { return env[k] }, func(k, v string) error { env[k] = v; return nil }, cores)
		if got != want || env["LP_NUM_THREADS"] != want {
			t.Errorf("%d cores: set LP_NUM_THREADS=%q and said %q, want %q", cores, env["LP_NUM_THREADS"], got, want)
		}
	}
	env := map[string]string{"LP_NUM_THREADS": "4"}
	if got := rasterThreads(func(k string) string { return env[k] }, func(k, v string) error { env[k] = v; return nil }, 2); got != "" || env["LP_NUM_THREADS"] != "4" {
		t.Errorf("LP_NUM_THREADS=4 set by the user: now %q, said %q; want it left at 4", env["LP_NUM_THREADS"], got)
	}
	if got := rasterThreads(func(string) string { return "" }, func(string, string) error { return os.ErrInvalid }, 2); got != "" {
		t.Errorf("the environment could not be set, and it said %q was", got)
	}
}

// The metadata main gives Fyne is FyneApp.toml's, with its fyneDo
// migration: without it Fyne checks the goroutine of its calls in a
// program built by go build (UseMetadata).
func TestMetadataOfFyneApp(t *testing.T) {
	m := fyneAppMetadata(t)
	if m.ID != AppID || m.Name != "Hashdrop" || m.Build < 1 {
		t.Errorf("FyneApp.toml read as id %q, name %q, build %d", m.ID, m.Name, m.Build)
	}
	if !m.Migrations["fyneDo"] {
		t.Errorf("FyneApp.toml's migrations read as %v: Fyne would check the goroutine of every call", m.Migrations)
	}
	if _, err := MetadataOf([]byte("[Details]\nVersion = 1.0\n")); err == nil {
		t.Error("a version that is not a string was read")
	}
}

func fyneAppMetadata(t *testing.T) fyne.AppMetadata {
	t.Helper()
	data, err := os.ReadFile("../FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := MetadataOf(data)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
