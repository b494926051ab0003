package checksum

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashdrop/hashdrop/app"
)

// A large checksum file is not kept in memory while the window lists its
// entries or a check reads them: its text is read again from the file, a
// block at a time, when a line is wanted. Every block must read back as it
// did when the file was parsed and its signatures checked (its SHA-256 is
// kept, 32 bytes for textBlock bytes), so that what is shown and checked is
// what was parsed and signed; a file changed or replaced since makes a
// ReadError of CauseChanged (File.TextErr): the lines of a block
// changed read as empty, never as the new text, and a reading of all the
// entries (File.All, a check) stops there. The blocks that still read
// back as they were are still read: the window's rows keep their names.
//
// Files read whole instead: those up to rereadAbove bytes, UTF-16 ones
// (decoded), those with a signature inside (PGP clear-signed, signify's
// embedded message: their signed part is parsed on its own), and pipes.

var (
	// textBlock is the size of the blocks read again; tests make it small.
	textBlock = 64 << 10
	// rereadAbove is the size above which a checksum file is read again
	// from the disk rather than kept.
	rereadAbove int64 = 1 << 20
)

// fileText is the bytes of a checksum file, read again on demand.
type fileText struct {
	path string // absolute: the window may outlive the folder it began in
	size int64
	mod  time.Time           // when it was last changed, when it was read
	sums [][sha256.Size]byte // of each block, as first read

	mu     sync.Mutex
	recent [4]textBlockRead // most recently used first
	failed atomic.Bool      // err is set
	err    error
}

type textBlockRead struct {
	n int
	b []byte // nil: no block
}

// block returns block n (the file's bytes from n*textBlock on), read again
// and found unchanged, or nil when it cannot be (see err). The bytes are
// never changed afterwards: strings may share them.
func (t *fileText) block(n int) []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k, r := range t.recent {
		if r.b != nil && r.n == n {
			copy(t.recent[1:k+1], t.recent[:k])
			t.recent[0] = r
			return r.b
		}
	}
	b, err := t.readBlock(n)
	if err != nil {
		if t.err == nil {
			t.err = &ReadError{Path: t.path, Kind: app.CauseChanged, Err: err}
			t.failed.Store(true)
		}
		return nil
	}
	copy(t.recent[1:], t.recent[:len(t.recent)-1])
	t.recent[0] = textBlockRead{n: n, b: b}
	return b
}

// errTextChanged is why a block did not read back as it was.
var errTextChanged = errors.New("the checksum file changed after it was read")

func (t *fileText) readBlock(n int) ([]byte, error) {
	off := int64(n) * int64(textBlock)
	if n < 0 || n >= len(t.sums) {
		return nil, io.ErrUnexpectedEOF
	}
	f, err := openRegular(t.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, min(int64(textBlock), t.size-off))
	if _, err := f.ReadAt(b, off); err != nil {
		if err == io.EOF {
			err = errTextChanged // it is shorter now
		}
		return nil, err
	}
	if sha256.Sum256(b) != t.sums[n] {
		return nil, errTextChanged
	}
	return b, nil
}

// openRegular opens path for reading without waiting on a pipe, and only
// when it is still a regular file.
func openRegular(path string) (*os.File, error) {
	file, err := app.OpenFile(path)
	if err != nil {
		return nil, err
	}
	f, ok := file.(*os.File)
	if !ok {
		file.Close()
		return nil, errTextChanged // a named pipe now
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = errTextChanged
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ReadAt reads the file's bytes as they were first read (for checking a
// signature beside the file over them).
func (t *fileText) ReadAt(p []byte, off int64) (int, error) {
	done := 0
	for done < len(p) {
		pos := off + int64(done)
		if pos >= t.size {
			return done, io.EOF
		}
		b := t.block(int(pos / int64(textBlock)))
		if b == nil {
			return done, t.Err()
		}
		done += copy(p[done:], b[pos%int64(textBlock):])
	}
	return done, nil
}

// changed reports whether the file is not as it was read: a block did not
// read back, or its size or time of change differ now. It reads the disk.
func (t *fileText) changed() bool {
	if t.Err() != nil {
		return true
	}
	st, err := os.Stat(t.path)
	return err != nil || st.Size() != t.size || !st.ModTime().Equal(t.mod)
}

// Err is the ReadError of a block that did not read back, or nil.
func (t *fileText) Err() error {
	if !t.failed.Load() {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.err
}

// scanText reads the checksum file f (of path, whose Stat is st) through once, as
// parseSumsAs would have it whole, and returns it as a fileText with its
// lines, or nil when it must be read whole instead (see above): a Cause
// other than CauseOther says why it cannot be used at all (line: the line
// far too long).
func scanText(f *os.File, path string, st os.FileInfo) (_ *fileText, _ lineList, kind app.Cause, line int, err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, lineList{}, app.CauseOther, 0, err
	}
	size := st.Size()
	t := &fileText{path: abs, size: size, mod: st.ModTime()}
	l := lineList{src: t, marks: make([]int32, 0, size/(lineMark*16)+1)}
	head := make([]byte, min(size, 32))
	if _, err := f.ReadAt(head, 0); err != nil {
		return nil, lineList{}, app.CauseOther, 0, err
	}
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}), bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return nil, lineList{}, app.CauseOther, 0, nil // UTF-16: decoded whole
	case bytes.HasPrefix(head, []byte{0xEF, 0xBB, 0xBF}):
		l.base = 3
	}
	if bytes.HasPrefix(head[l.base:], []byte("untrusted comment: ")) {
		return nil, lineList{}, app.CauseOther, 0, nil // signify's embedded message
	}
	var (
		buf  = make([]byte, textBlock)
		seam []byte // the end of the text so far and the block's start, for a PGP header across blocks
		read int64
		scan lineScan
	)
	for read < size {
		b := buf[:min(int64(textBlock), size-read)]
		if _, err := io.ReadFull(f, b); err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				err = app.ErrChanged // shorter than it said
			}
			return nil, lineList{}, app.CauseOther, 0, err
		}
		if bytes.IndexByte(b, 0) >= 0 {
			return nil, lineList{}, app.CauseNotText, 0, nil
		}
		keep := len(pgpSignedBegin) - 1
		if bytes.Contains(append(seam, b[:min(len(b), keep)]...), []byte(pgpSignedBegin)) || bytes.Contains(b, []byte(pgpSignedBegin)) {
			return nil, lineList{}, app.CauseOther, 0, nil // clear-signed
		}
		if len(b) >= keep {
			seam = append(seam[:0], b[len(b)-keep:]...)
		} else {
			seam = append(seam, b...)
			seam = seam[max(0, len(seam)-keep):]
		}
		t.sums = append(t.sums, sha256.Sum256(b))
		scan.add(&l, b, int(read)-l.base)
		if scan.long > 0 {
			return nil, lineList{}, app.CauseLongLine, scan.long, nil
		}
		read += int64(len(b))
	}
	if scan.finish(&l, int(size)-l.base); scan.long > 0 {
		return nil, lineList{}, app.CauseLongLine, scan.long, nil
	}
	return t, l, app.CauseOther, 0, nil
}
