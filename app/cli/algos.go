package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/hashdrop/hashdrop/hashing"
)

func init() {
	commands["algos"] = command{"list the algorithms and the core each uses on this CPU", (*cli).algos}
}

func (c *cli) algos(args []string) int {
	fs := c.flags("algos", "")
	if _, ok := c.parse(fs, args); !ok {
		return ExitUsage
	}
	w := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tNAME\tTAG\tBITS\tCORE\tAVAILABLE\tALIASES")
	inferred := false
	for _, a := range hashing.All() {
		core := a.Core()
		if a.CoreInferred() {
			core += "*"
			inferred = true
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%s\t%s\t%s\n", a.ID, a.Name, a.Tag, a.Bits(), core,
			strings.Join(a.Cores(), ","), strings.Join(a.Aliases, ","))
	}
	w.Flush()
	if inferred {
		fmt.Fprintln(c.stdout, "\n* the Go standard library's core, inferred from the CPU conditions it tests (it does not say which it runs)")
	}
	return ExitOK
}
