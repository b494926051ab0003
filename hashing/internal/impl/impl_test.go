package impl

import (
	"slices"
	"strings"
	"testing"
)

func TestSelectAndReset(t *testing.T) {
	fast, slow, missing := true, true, false
	Register("test", "fast", &fast)
	Register("test", "slow", &slow)
	Register("test", "missing", &missing)
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
}

func TestDisabledAndUnverified(t *testing.T) {
	defer func(d, e []string) { disabled, enabled = d, e }(disabled, enabled)
	defer func() { cores = slices.DeleteFunc(cores, func(c core) bool { return c.family == "test2" }) }()
	disabled, enabled = []string{"avx2"}, []string{"vec"}

	avx2, bmi2, vec, novec := true, true, true, true
	Register("test2", "AVX2", &avx2)
	Register("test2", "bmi2", &bmi2)
	RegisterUnverified("test2", "vec", &vec)
	RegisterUnverified("test2", "novec", &novec)
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
