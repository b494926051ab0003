package linux

import (
	"os"
	"strings"
	"testing"
)

// The manual page has every subcommand in its synopsis, and says what
// verify --fetch does: it is the only use of the network.
func TestManualPage(t *testing.T) {
	data, err := os.ReadFile("hashdrop.1")
	if err != nil {
		t.Fatal(err)
	}
	man := string(data)
	for _, cmd := range []string{"sum", "check", "verify", "compare", "keys list", "bench", "algos"} {
		if !strings.Contains(man, "\n.B hashdrop "+cmd+"\n") {
			t.Errorf("hashdrop.1: no synopsis line for hashdrop %s", cmd)
		}
	}
	for _, want := range []string{".RB [ \\-\\-fetch ]", "\n.B verify \\-\\-fetch\n", "network"} {
		if !strings.Contains(man, want) {
			t.Errorf("hashdrop.1 lacks %q", want)
		}
	}
}
