package ui

import (
	"golang.org/x/sys/windows"

	"github.com/hashdrop/hashdrop/ui/internal/cenv"
)

// systemLanguages are the user's display languages, in order ("ja-JP",
// "en-US"): the language of Windows' own menus, not the format of dates
// and numbers, which is what Fyne reads.
func systemLanguages() []string {
	tags, err := windows.GetUserPreferredUILanguages(windows.MUI_LANGUAGE_NAME)
	if err != nil {
		return nil
	}
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = cenv.Code(t)
	}
	return out
}
