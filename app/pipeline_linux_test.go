package app

import (
	"bytes"
	"crypto/sha256"
	"os"
	"testing"

	"github.com/hashdrop/hashdrop/app/internal/apptest"
	"github.com/hashdrop/hashdrop/hashing"
)

// A sysfs file says it holds 4096 bytes and holds a line: what is read is
// its content, not a file that changed while read.
func TestSysfsFileIsReadToItsEnd(t *testing.T) {
	for _, name := range []string{"/sys/kernel/mm/transparent_hugepage/enabled", "/sys/kernel/mm/transparent_hugepage/defrag", "/sys/power/state", "/sys/kernel/profiling"} {
		st, err := os.Stat(name)
		if err != nil {
			continue
		}
		want, err := os.ReadFile(name)
		if err != nil || int64(len(want)) == st.Size() {
			continue // unreadable here, or its size is true
		}
		q := NewQueue(Options{})
		defer q.Close()
		res := q.Add(name, []*hashing.Algorithm{apptest.Alg("sha256")}, nil).Wait()
		sum := sha256.Sum256(want)
		if res.Err != nil || len(res.Digests) != 1 || !bytes.Equal(res.Digests[0].Sum, sum[:]) {
			t.Errorf("%s (%d bytes, stat says %d): %+v", name, len(want), st.Size(), res)
		}
		return
	}
	t.Skip("no readable sysfs file whose stat size differs from its content here")
}
