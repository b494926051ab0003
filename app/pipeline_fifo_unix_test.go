//go:build unix

package app

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/hashing"
)

func waitJob(t *testing.T, j *Job, what string) Result {
	t.Helper()
	select {
	case <-j.Done():
		return j.Wait()
	case <-time.After(apptest.HangDetector):
		t.Fatalf("%s: still %v after %v: the queue is wedged", what, j.State(), apptest.HangDetector)
		return Result{}
	}
}

// eachWaitForWriter runs test with this system's way of waiting for a
// pipe's writer and, on Linux, also with the one the other systems use
// (portablePipes), so that it is tested here too.
func eachWaitForWriter(t *testing.T, test func(t *testing.T)) {
	t.Run("system", test)
	if runtime.GOOS != "linux" {
		return
	}
	t.Run("portable", func(t *testing.T) {
		portablePipes = true
		defer func() { portablePipes = false }()
		test(t)
	})
}

// A named pipe nobody writes to must not hold up the files after it, and
// Cancel and Close must end it.
func TestFIFOWithoutWriterBlocksNothing(t *testing.T) { eachWaitForWriter(t, testFIFOWithoutWriter) }

func testFIFOWithoutWriter(t *testing.T) {
	dir := t.TempDir()
	fifo := apptest.Mkfifo(t, dir, "fifo")
	b := filepath.Join(dir, "b.txt")
	os.WriteFile(b, []byte("abc"), 0o644)
	algs := []*hashing.Algorithm{apptest.Alg("crc32"), apptest.Alg("md5"), apptest.Alg("sha1"), apptest.Alg("sha256"), apptest.Alg("sha512")}
	q := NewQueue(Options{Readers: 1}) // one reader: the pipe must give it up while it waits
	defer q.Close()

	pipe := q.Add(fifo, algs, nil)
	other := q.Add(b, algs, nil)
	checkDigests(t, waitJob(t, other, "b.txt after a pipe without writer"), algs, []byte("abc"))
	if pipe.State().Finished() {
		t.Fatalf("the pipe finished without a writer: %v", pipe.Wait())
	}
	later := q.Add(b, algs, nil)
	waitJob(t, later, "a file added later")

	pipe.Cancel()
	if res := waitJob(t, pipe, "the cancelled pipe"); pipe.State() != Cancelled {
		t.Errorf("cancelled pipe: %v, %v", pipe.State(), res.Err)
	}

	// Close ends a pipe that is still waiting.
	waiting := q.Add(fifo, algs, nil)
	closed := make(chan struct{})
	go func() { q.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(apptest.HangDetector):
		t.Fatal("Close did not end a job waiting for a pipe's writer")
	}
	if waiting.State() != Cancelled {
		t.Errorf("after Close: %v", waiting.State())
	}
}

// A pipe is read like a stream, as with a blocking open: whatever its
// writer writes, even when the writer comes after the job started.
func TestFIFOIsReadWhenItsWriterComes(t *testing.T) { eachWaitForWriter(t, testFIFOWriterComes) }

func testFIFOWriterComes(t *testing.T) {
	dir := t.TempDir()
	fifo := apptest.Mkfifo(t, dir, "fifo")
	algs := []*hashing.Algorithm{apptest.Alg("sha256"), apptest.Alg("crc32")}
	q := NewQueue(Options{})
	defer q.Close()
	data := apptest.RandomBytes(3<<20+5, 9)

	j := q.Add(fifo, algs, nil)
	w, err := os.OpenFile(fifo, os.O_WRONLY, 0) // blocks until the job has the pipe open
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data[:1000])
	time.Sleep(10 * time.Millisecond) // a writer that pauses does not end the stream
	w.Write(data[1000:])
	w.Close()
	res := waitJob(t, j, "a pipe whose writer wrote and closed")
	checkDigests(t, res, algs, data)

	// A writer that comes and goes without a byte: the digest of nothing.
	j = q.Add(fifo, algs, nil)
	w, err = os.OpenFile(fifo, os.O_WRONLY, 0) // blocks until the job has the pipe open
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	checkDigests(t, waitJob(t, j, "a pipe whose writer wrote nothing"), algs, nil)
}
