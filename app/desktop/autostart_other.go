//go:build !unix && !windows

package desktop

import "errors"

var errNoAutostart = errors.New("this platform has no login items Hashdrop knows")

func enableAutostart(string, []string) error { return errNoAutostart }
func disableAutostart() error                { return nil }
func autostartEnabled() bool                 { return false }
