//go:build !unix && !windows

package desktop

import "testing"

func instanceTestAddr(t *testing.T) string {
	t.Skip("no single instance on this system")
	return ""
}

func holdSilently(*testing.T, string) {}
