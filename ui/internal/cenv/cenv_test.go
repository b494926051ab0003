package cenv

import (
	"slices"
	"testing"
)

func TestLanguage(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"LANG": "C.UTF-8"}, "en"},
		{map[string]string{"LANG": "C"}, "en"},
		{map[string]string{"LC_ALL": "POSIX", "LANG": "ja_JP.UTF-8"}, "en"},
		{map[string]string{"LANG": "ja_JP.UTF-8"}, "ja"},
		{map[string]string{"LC_ALL": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja"},
		{map[string]string{"LC_MESSAGES": "de_DE.UTF-8", "LANG": "C.UTF-8"}, "de"},
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "fr"}, ""},
		{map[string]string{"LANG": "ja_JP.UTF-8", "LANGUAGE": "fr"}, ""},
		{map[string]string{}, ""},
	} {
		if got := language(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("%v: LANGUAGE %q, want %q", tc.env, got, tc.want)
		}
	}
}

// The order GNU gettext reads: LC_ALL, LC_MESSAGES, LANG for the locale;
// LANGUAGE before it, except under the C locale.
func TestLanguages(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want []string
	}{
		{map[string]string{"LANG": "ja_JP.UTF-8"}, []string{"ja"}},
		{map[string]string{"LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "en_US.UTF-8"}, []string{"ja"}},
		{map[string]string{"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, []string{"ja"}},
		{map[string]string{"LANG": "en_US.UTF-8", "LANGUAGE": "fr:ja"}, []string{"fr", "ja", "en"}},
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "ja"}, nil},
		{map[string]string{"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, nil},
		{map[string]string{"LANG": "sr_RS@latin"}, []string{"sr"}},
	} {
		if got := Languages(func(k string) string { return tc.env[k] }); !slices.Equal(got, tc.want) {
			t.Errorf("%v: %q, want %q", tc.env, got, tc.want)
		}
	}
}
