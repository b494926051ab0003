package app

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
	for _, a := range hashing.All() {
		fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%s\t%s\t%s\n", a.ID, a.Name, a.Tag, a.Bits(), a.Core(),
			strings.Join(a.Cores(), ","), strings.Join(a.Aliases, ","))
	}
	w.Flush()
	return ExitOK
}
