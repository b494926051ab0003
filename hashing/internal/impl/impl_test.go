package impl

import (
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/cpuid/v2"
)

func TestSelectAndReset(t *testing.T) {
	var fast, slow, missing bool
	add("test", "fast", &fast, true, false, nil)
	add("test", "slow", &slow, true, false, []cpuid.FeatureID{cpuid.SSE2})
	add("test", "missing", &missing, false, false, []cpuid.FeatureID{cpuid.AVX512F, cpuid.GFNI})
	defer func() { cores = slices.DeleteFunc(cores, func(c core) bool { return c.family == "test" }) }()

	if got := Available("test"); !slices.Equal(got, []string{"fast", "slow", Generic}) {
		t.Errorf("Available = %v", got)
	}
	if got := List("test"); !slices.Equal(got, []string{"fast", "slow", "missing"}) {
		t.Errorf("List = %v", got)
	}
	if Unavailable("test", "fast") != "" || Unavailable("test", Generic) != "" || Unavailable("test", "missing") == "" {
		t.Errorf("Unavailable: fast %q, generic %q, missing %q",
			Unavailable("test", "fast"), Unavailable("test", Generic), Unavailable("test", "missing"))
	}
	if !slices.Contains(Families(), "test") {
		t.Errorf("Families = %v, want test among them", Families())
	}
	if Active("test") != "fast" {
		t.Errorf("Active = %s, want the first available core", Active("test"))
	}
	if !Select("test", "slow") || fast || !slow || Active("test") != "slow" {
		t.Errorf("Select(slow): fast=%v slow=%v active=%s", fast, slow, Active("test"))
	}
	if Select("test", "missing") || missing {
		t.Error("a core the CPU lacks was selected")
	}
	if !Select("test", Generic) || fast || slow || Active("test") != Generic {
		t.Error("Select(generic) left a core on")
	}
	Reset("test")
	if !fast || !slow || missing || Active("test") != "fast" {
		t.Errorf("Reset: fast=%v slow=%v missing=%v", fast, slow, missing)
	}
	if got := Needs("test", "missing"); !slices.Equal(got, []cpuid.FeatureID{cpuid.AVX512F, cpuid.GFNI}) {
		t.Errorf("Needs(missing) = %v", got)
	}
	if Needs("test", "fast") != nil || Needs("test", Generic) != nil {
		t.Errorf("Needs: fast %v, generic %v, want none", Needs("test", "fast"), Needs("test", Generic))
	}
}

// Register decides from the features named: a core that needs nothing runs,
// one that needs a feature this CPU lacks does not.
func TestRegisterAsksTheCPU(t *testing.T) {
	defer func() { cores = slices.DeleteFunc(cores, func(c core) bool { return c.family == "test3" }) }()
	var any, lacking bool
	Register("test3", "any", &any)
	var missing cpuid.FeatureID
	for _, f := range []cpuid.FeatureID{cpuid.AVX512F, cpuid.GFNI, cpuid.AMXTILE, cpuid.AVX10, cpuid.SM4} {
		if !cpuid.CPU.Supports(f) {
			missing = f
			break
		}
	}
	if missing == 0 {
		t.Skip("this CPU has every feature the test could name as missing")
	}
	Register("test3", "lacking", &lacking, missing)
	if !any || lacking || Unavailable("test3", "lacking") != "not supported by this CPU" {
		t.Errorf("any=%v lacking=%v (needs %v: %q)", any, lacking, missing, Unavailable("test3", "lacking"))
	}
}

func TestDisabledAndUnverified(t *testing.T) {
	defer func(d, e []string) { disabled, enabled = d, e }(disabled, enabled)
	defer func() { cores = slices.DeleteFunc(cores, func(c core) bool { return c.family == "test2" }) }()
	disabled, enabled = []string{"avx2"}, []string{"vec"}

	var avx2, bmi2, vec, novec bool
	add("test2", "AVX2", &avx2, true, false, nil)
	add("test2", "bmi2", &bmi2, true, false, nil)
	add("test2", "vec", &vec, true, true, nil)
	add("test2", "novec", &novec, true, true, nil)
	if avx2 || !bmi2 {
		t.Errorf("HASHDROP_DISABLE=avx2: avx2=%v bmi2=%v", avx2, bmi2)
	}
	if !vec || novec {
		t.Errorf("HASHDROP_ENABLE=vec: vec=%v, unnamed unverified core=%v", vec, novec)
	}
	if got := Available("test2"); !slices.Equal(got, []string{"bmi2", "vec", Generic}) {
		t.Errorf("Available = %v", got)
	}
	for name, want := range map[string]string{"AVX2": "HASHDROP_DISABLE", "novec": "HASHDROP_ENABLE=novec", "vec": "", "bmi2": ""} {
		if got := Unavailable("test2", name); want == "" && got != "" || !strings.Contains(got, want) {
			t.Errorf("Unavailable(%s) = %q, want it to mention %q", name, got, want)
		}
	}
}

// A core registered where it is not the faster stays off with the reason
// given, and cannot be selected; where it is, it is on.
func TestRegisterWhereFaster(t *testing.T) {
	var onHere, offHere, lacking bool
	RegisterWhereFaster("test", "faster", &onHere, true, "slower here")
	RegisterWhereFaster("test", "slower", &offHere, false, "slower here")
	RegisterWhereFaster("test", "lacking", &lacking, false, "slower here", cpuid.AVX512F, cpuid.GFNI, cpuid.SHA, cpuid.AMXTILE)
	defer func() { cores = slices.DeleteFunc(cores, func(c core) bool { return c.family == "test" }) }()
	if !onHere || offHere || lacking {
		t.Errorf("flags %v %v %v, want true false false", onHere, offHere, lacking)
	}
	if why := Unavailable("test", "slower"); why != "slower here" {
		t.Errorf("Unavailable(slower) = %q", why)
	}
	if why := Unavailable("test", "lacking"); why != "not supported by this CPU" {
		t.Errorf("Unavailable(lacking) = %q", why)
	}
	if Select("test", "slower") {
		t.Error("a core slower here was selected")
	}
	if got := Available("test"); !slices.Equal(got, []string{"faster", Generic}) {
		t.Errorf("Available = %v", got)
	}
}
