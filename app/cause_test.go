package app

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestCauseOf(t *testing.T) {
	dir := t.TempDir()
	_, notExist := os.Open(filepath.Join(dir, "nope"))
	for _, tc := range []struct {
		err  error
		want Cause
	}{
		{nil, CauseOther},
		{notExist, CauseNotExist},
		{FileErrorOf("x", notExist), CauseNotExist},
		{&os.PathError{Op: "open", Path: "x", Err: os.ErrPermission}, CausePermission},
		{FileErrorOf("x", syscall.EIO), CauseIO},
		{&FileError{Name: "x", Kind: CauseFolder, Err: syscall.EISDIR}, CauseFolder},
		{FileErrorOf("x", ErrChanged), CauseChanged},
		{FileErrorOf("x", context.Canceled), CauseCancelled},
		{errors.New("something else"), CauseOther},
	} {
		if got := CauseOf(tc.err); got != tc.want {
			t.Errorf("CauseOf(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}
