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
)

// Generic is the name of the portable Go core every family has.
const Generic = "generic"

type core struct {
	family    string
	name      string
	available bool   // the CPU supports it (and HASHDROP_DISABLE does not name it)
	why       string // why it is not available, for tests and `hashdrop algos`
	toggle    *bool  // the family's flag; dispatch reads it
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
func RegisterUnverified(family, name string, flag *bool) {
	if *flag && !slices.Contains(enabled, strings.ToLower(name)) {
		*flag = false
		register(family, name, flag, "unverified: never run on a CPU that has it (HASHDROP_ENABLE="+name+" switches it on)")
		return
	}
	Register(family, name, flag)
}

// Register records a core of family. *flag says whether the CPU supports it and
// is what the family's dispatch consults; Register may clear it when the user
// disabled the core. Call it from init, in order of preference.
func Register(family, name string, flag *bool) {
	why := ""
	if !*flag {
		why = "not supported by this CPU"
	} else if slices.Contains(disabled, strings.ToLower(name)) {
		*flag = false
		why = "switched off by HASHDROP_DISABLE"
	}
	register(family, name, flag, why)
}

func register(family, name string, flag *bool, why string) {
	cores = append(cores, core{family: family, name: name, available: *flag, why: why, toggle: flag})
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
