package app

import (
	"runtime"
	"strings"
	"testing"
)

func TestHasDisplay(t *testing.T) {
	env := func(vars ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(vars); i += 2 {
				if vars[i] == k {
					return vars[i+1]
				}
			}
			return ""
		}
	}
	desktop := runtime.GOOS == "windows" || runtime.GOOS == "darwin"
	for _, tc := range []struct {
		env  func(string) string
		want bool
	}{
		{env(), desktop},
		{env("DISPLAY", ""), desktop},
		{env("DISPLAY", ":0"), true},
		{env("WAYLAND_DISPLAY", "wayland-0"), true},
	} {
		if got := HasDisplay(tc.env); got != tc.want {
			t.Errorf("HasDisplay(DISPLAY=%q WAYLAND_DISPLAY=%q) = %v", tc.env("DISPLAY"), tc.env("WAYLAND_DISPLAY"), got)
		}
	}
	if strings.Contains(NoDisplay, "\n") || !strings.Contains(NoDisplay, "hashdrop sum") {
		t.Errorf("NoDisplay is not one line naming the headless commands: %q", NoDisplay)
	}
}
