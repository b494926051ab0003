package desktop

// "Check new downloads" starts "hashdrop watch" at login with the entry
// each desktop reads: an XDG autostart desktop file on Linux and the other
// free desktops, a value under the user's Run key on Windows, a
// LaunchAgent on macOS. Turning the setting off removes the entry.

// AutostartID names the entry: the desktop file's and LaunchAgent's name,
// the Run key's value.
const AutostartID = AppID + ".watch"

// EnableAutostart writes the entry that runs exe with args at login,
// replacing one written before.
func EnableAutostart(exe string, args []string) error { return enableAutostart(exe, args) }

// DisableAutostart removes the entry; no entry is not an error.
func DisableAutostart() error { return disableAutostart() }

// AutostartEnabled reports whether the entry is there.
func AutostartEnabled() bool { return autostartEnabled() }
