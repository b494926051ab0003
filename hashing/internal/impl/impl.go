// Package impl records the alternative cores of each hashing family (assembly
// kernels chosen by CPU feature), so that tests, `hashdrop algos` and the About
// view can list them and force any one of them.
//
// A family registers its cores in order of preference; the first one that is
// available and enabled is the one in use. The portable Go core is implicit and
// is called "generic".
package impl

import (
	"os"
	"slices"
	"strings"

	"github.com/klauspost/cpuid/v2"
)

// Generic is the name of the portable Go core every family has.
const Generic = "generic"

type core struct {
	family    string
	name      string
	available bool   // the CPU supports it (and HASHDROP_DISABLE does not name it)
	why       string // why it is not available, for tests and `hashdrop algos`
	toggle    *bool  // the family's flag; dispatch reads it
	needs     []cpuid.FeatureID
}

var cores []core

// disabled lists the core names switched off with HASHDROP_DISABLE (a comma list
// such as "avx512,bmi2"), for debugging a core on a machine that has it.
var disabled = strings.Split(strings.ToLower(os.Getenv("HASHDROP_DISABLE")), ",")

// enabled lists unverified cores switched on with HASHDROP_ENABLE.
var enabled = strings.Split(strings.ToLower(os.Getenv("HASHDROP_ENABLE")), ",")

// RegisterUnverified records a core that has never run on real hardware (it
// was written for a CPU feature the development machine lacks). It stays off
// unless HASHDROP_ENABLE names it: a checksum tool must not hand out digests
// from code no test has executed.
func RegisterUnverified(family, name string, flag *bool, needs ...cpuid.FeatureID) {
	add(family, name, flag, cpuid.CPU.Supports(needs...), true, needs)
}

// Register records a core of family that needs the given CPU features, and
// sets *flag, which the family's dispatch consults, to whether it can run:
// the CPU has every one of them and HASHDROP_DISABLE does not name the core.
// Call it from init, in order of preference.
func Register(family, name string, flag *bool, needs ...cpuid.FeatureID) {
	add(family, name, flag, cpuid.CPU.Supports(needs...), false, needs)
}

// RegisterWhereFaster records a core that needs the given CPU features but
// is faster than the portable code only on some of the CPUs that have them
// (fast says whether this is one): elsewhere it stays off, and slower says
// why, as HASHDROP_DISABLE's reason does. Tests still list it.
func RegisterWhereFaster(family, name string, flag *bool, fast bool, slower string, needs ...cpuid.FeatureID) {
	supported := cpuid.CPU.Supports(needs...)
	add(family, name, flag, supported, false, needs)
	if supported && !fast && *flag {
		*flag = false
		c := &cores[len(cores)-1]
		c.available, c.why = false, slower
	}
}

// add records a core the CPU supports or not, unverified or not.
func add(family, name string, flag *bool, supported, unverified bool, needs []cpuid.FeatureID) {
	why := ""
	switch {
	case !supported:
		why = "not supported by this CPU"
	case slices.Contains(disabled, strings.ToLower(name)):
		why = "switched off by HASHDROP_DISABLE"
	case unverified && !slices.Contains(enabled, strings.ToLower(name)):
		why = "unverified: never run on a CPU that has it (HASHDROP_ENABLE=" + name + " switches it on)"
	}
	*flag = why == ""
	cores = append(cores, core{family: family, name: name, available: *flag, why: why, toggle: flag, needs: needs})
}

// Needs returns the CPU features the named core of family needs (none for
// "generic" or a core that runs on any CPU of its architecture).
func Needs(family, name string) []cpuid.FeatureID {
	for _, c := range cores {
		if c.family == family && c.name == name {
			return slices.Clone(c.needs)
		}
	}
	return nil
}

// List returns every core registered for family, in order of preference,
// whether or not this CPU can run it, without "generic" (as the standard
// library's crypto/internal/impl.List does). Tests loop over it and skip,
// visibly, the cores Unavailable names a reason for.
func List(family string) []string {
	var names []string
	for _, c := range cores {
		if c.family == family {
			names = append(names, c.name)
		}
	}
	return names
}

// Available returns the cores of family that can run on this CPU, in order of
// preference, followed by "generic".
func Available(family string) []string {
	var names []string
	for _, c := range cores {
		if c.family == family && c.available {
			names = append(names, c.name)
		}
	}
	return append(names, Generic)
}

// Unavailable says why the named core of family cannot run here ("" when it
// can, or when it is "generic").
func Unavailable(family, name string) string {
	for _, c := range cores {
		if c.family == family && c.name == name {
			return c.why
		}
	}
	if name == Generic {
		return ""
	}
	return "not registered"
}

// Families returns the families that registered at least one core.
func Families() []string {
	var names []string
	for _, c := range cores {
		if !slices.Contains(names, c.family) {
			names = append(names, c.family)
		}
	}
	return names
}

// Active returns the name of the core family uses now.
func Active(family string) string {
	for _, c := range cores {
		if c.family == family && *c.toggle {
			return c.name
		}
	}
	return Generic
}

// Select makes family use the named core ("generic" for the portable one) and
// reports whether that core can run here. Tests call it; Reset undoes it.
func Select(family, name string) bool {
	if name != Generic {
		found := false
		for _, c := range cores {
			if c.family == family && c.name == name && c.available {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	for _, c := range cores {
		if c.family == family {
			*c.toggle = c.name == name
		}
	}
	return true
}

// Reset restores the choice made from the CPU's features.
func Reset(family string) {
	for _, c := range cores {
		if c.family == family {
			*c.toggle = c.available
		}
	}
}
