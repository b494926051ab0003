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
		{map[string]string{"LANG": "zh_TW.UTF-8"}, "zh_TW"},
		{map[string]string{"LANG": "pt_PT.UTF-8"}, "pt_PT"},
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
		{map[string]string{"LANG": "zh_TW.UTF-8", "LANGUAGE": "zh_HK:zh_CN:pt_PT"}, []string{"zh-Hant", "zh-Hans", "pt-BR", "zh-Hant"}},
	} {
		if got := Languages(func(k string) string { return tc.env[k] }); !slices.Equal(got, tc.want) {
			t.Errorf("%v: %q, want %q", tc.env, got, tc.want)
		}
	}
}

// The languages written two ways are told apart by the script, else the
// region; the others are the language alone.
func TestCode(t *testing.T) {
	for in, want := range map[string]string{
		"zh_CN.UTF-8": "zh-Hans", "zh_SG": "zh-Hans", "zh-Hans": "zh-Hans", "zh": "zh-Hans", "zh-Hans-HK": "zh-Hans",
		"zh_TW.UTF-8": "zh-Hant", "zh_HK": "zh-Hant", "zh_MO.UTF-8": "zh-Hant", "zh-Hant": "zh-Hant", "zh-Hant-TW": "zh-Hant", "zh-TW": "zh-Hant",
		"pt_BR.UTF-8": "pt-BR", "pt_PT.UTF-8": "pt-BR", "pt": "pt-BR", "pt-BR": "pt-BR",
		"ja_JP.UTF-8": "ja", "de-AT": "de", "sr_RS@latin": "sr", "en": "en",
	} {
		if got := Code(in); got != want {
			t.Errorf("Code(%q) = %q, want %q", in, got, want)
		}
		if got := Code(Posix(want)); got != want {
			t.Errorf("Code(Posix(%q)) = %q", want, got)
		}
	}
}

// In a Flatpak the host's fonts are added after the sandbox's own data
// folders; elsewhere, or once added, nothing changes.
func TestFontDataDirs(t *testing.T) {
	in := func(paths ...string) func(string) bool {
		return func(p string) bool { return slices.Contains(paths, p) }
	}
	env := func(v string) func(string) string { return func(string) string { return v } }
	for _, tc := range []struct {
		dirs   string
		exists func(string) bool
		want   string
		ok     bool
	}{
		{"/app/share:/usr/share", in("/.flatpak-info", "/run/host/fonts"), "/app/share:/usr/share:/run/host", true},
		{"", in("/.flatpak-info", "/run/host/fonts"), "/usr/local/share:/usr/share:/run/host", true},
		{"/app/share:/run/host/", in("/.flatpak-info", "/run/host/fonts"), "", false},
		{"/usr/share", in("/run/host/fonts"), "", false},
		{"/app/share", in("/.flatpak-info"), "", false},
	} {
		got, ok := fontDataDirs(env(tc.dirs), tc.exists)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%q: %q %v, want %q %v", tc.dirs, got, ok, tc.want, tc.ok)
		}
	}
}
