package app

import (
	"context"
	"io"
	"os"

	"github.com/hashdrop/hashdrop/hashing"
)

// Result is the outcome of hashing one file.
type Result struct {
	Path    string
	Size    int64
	Digests []Digest // one per algorithm asked for, in the order asked; empty on error
	Err     error    // a *FileError when the file could not be hashed
}

// Digest is one algorithm's digest of a file.
type Digest struct {
	Algorithm *hashing.Algorithm
	Sum       []byte
}

// Sum returns the digest computed with a, or nil.
func (r *Result) Sum(a *hashing.Algorithm) []byte {
	for _, d := range r.Digests {
		if d.Algorithm == a {
			return d.Sum
		}
	}
	return nil
}

// HashFile reads path once and computes every algorithm of algs. Path "-" is
// standard input (stdin). It stops early when ctx is cancelled.
func HashFile(ctx context.Context, path string, algs []*hashing.Algorithm, stdin io.Reader) Result {
	res := Result{Path: path}
	var r io.Reader = stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			res.Err = fileError(path, err)
			return res
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			res.Err = &FileError{Name: path, Cause: "is a folder"}
			return res
		}
		r = f
	}
	hs := make([]io.Writer, len(algs))
	for i, a := range algs {
		hs[i] = a.New()
	}
	buf := make([]byte, 1<<20)
	w := io.MultiWriter(hs...)
	for {
		if err := ctx.Err(); err != nil {
			res.Err = &FileError{Name: path, Cause: "cancelled", Err: err}
			return res
		}
		n, err := r.Read(buf)
		w.Write(buf[:n])
		res.Size += int64(n)
		if err == io.EOF {
			break
		}
		if err != nil {
			res.Err = fileError(path, err)
			return res
		}
	}
	for i, a := range algs {
		res.Digests = append(res.Digests, Digest{a, hs[i].(interface{ Sum([]byte) []byte }).Sum(nil)})
	}
	return res
}
