package ui

import (
	"github.com/jeandeaual/go-locale"

	"github.com/hashdrop/hashdrop/ui/internal/cenv"
)

// systemLanguages are the user's preferred languages, in order, as System
// Settings lists them (AppleLanguages).
func systemLanguages() []string {
	tags, err := locale.GetLocales()
	if err != nil {
		return nil
	}
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = cenv.Code(t)
	}
	return out
}
