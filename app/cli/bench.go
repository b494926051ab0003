package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/hashing"
)

func init() {
	commands["bench"] = command{"measure each algorithm's speed in memory on this CPU", (*cli).bench}
}

// hashingFeatures are the CPU features the cores use, shown by the text output.
var hashingFeatures = []cpuid.FeatureID{cpuid.SSSE3, cpuid.SSE4, cpuid.AVX, cpuid.AVX2, cpuid.BMI1, cpuid.BMI2,
	cpuid.SHA, cpuid.CLMUL, cpuid.VPCLMULQDQ, cpuid.AVX512F, cpuid.AVX512BW, cpuid.AVX512VL, cpuid.AVX512VBMI, cpuid.GFNI}

func (c *cli) bench(args []string) int {
	fs := c.flags("bench", "[-a ALGOS] [--size MiB] [--json]")
	algoList := fs.String("a", "all", "algorithms: comma list of names, or all")
	size := fs.Int("size", 256, "MiB hashed by each algorithm")
	asJSON := fs.Bool("json", false, "print one JSON object")
	operands, ok := c.parse(fs, args)
	if !ok {
		return ExitUsage
	}
	if len(operands) > 0 {
		fmt.Fprintf(c.stderr, "hashdrop bench: unexpected argument %q\n", operands[0])
		return ExitUsage
	}
	algs, err := hashing.ParseList(*algoList)
	if err != nil {
		fmt.Fprintf(c.stderr, "hashdrop bench: %v\n", err)
		return ExitUsage
	}
	if *size < 1 {
		fmt.Fprintln(c.stderr, "hashdrop bench: --size must be at least 1 (MiB)")
		return ExitUsage
	}

	rep := app.Bench(algs, *size)
	if *asJSON {
		out, _ := json.Marshal(rep)
		fmt.Fprintf(c.stdout, "%s\n", out)
		return ExitOK
	}
	var have []string
	for _, f := range hashingFeatures {
		if cpuid.CPU.Supports(f) {
			have = append(have, strings.ToLower(f.String()))
		}
	}
	fmt.Fprintf(c.stdout, "CPU: %s\nFeatures used by the cores: %s\n%d MiB in memory per algorithm, one core, MB/s = 10^6 bytes/s\n\n",
		rep.CPU, strings.Join(have, " "), *size)
	w := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "ALGORITHM\tCORE\tMB/s\t")
	for i, r := range rep.Results {
		fmt.Fprintf(w, "%s\t%s\t%.1f\t\n", algs[i].Name, r.Implementation, r.MBPerSec)
	}
	w.Flush()
	return ExitOK
}
