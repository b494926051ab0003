package cenv

import "testing"

func TestLanguage(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"LANG": "C.UTF-8"}, "en"},
		{map[string]string{"LANG": "C"}, "en"},
		{map[string]string{"LC_ALL": "POSIX", "LANG": "ja_JP.UTF-8"}, "en"},
		{map[string]string{"LANG": "ja_JP.UTF-8"}, ""},
		{map[string]string{"LC_MESSAGES": "de_DE.UTF-8", "LANG": "C.UTF-8"}, ""},
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "fr"}, ""},
		{map[string]string{}, ""},
	} {
		if got := language(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("%v: LANGUAGE %q, want %q", tc.env, got, tc.want)
		}
	}
}
