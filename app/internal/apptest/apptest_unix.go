//go:build unix

package apptest

import (
	"path/filepath"
	"syscall"
	"testing"
)

func Mkfifo(t *testing.T, dir, name string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	return path
}
