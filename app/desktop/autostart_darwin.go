package desktop

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashdrop/hashdrop/app"
)

// The LaunchAgent is written from launchd.plist(5) and Apple's "Creating
// Launch Daemons and Agents"; it has not been run on a Mac. launchd loads
// ~/Library/LaunchAgents at the next login.

func autostartPath() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot find the LaunchAgents folder: %s", app.ErrorWords(err))
	}
	return filepath.Join(home, "Library", "LaunchAgents", AutostartID+".plist"), nil
}

func enableAutostart(exe string, args []string) error {
	path, err := autostartPath()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %s", filepath.Dir(path), app.ErrorWords(err))
	}
	return app.WriteFileAtomic(path, []byte(launchAgent(exe, args)), true)
}

func launchAgent(exe string, args []string) string {
	esc := func(s string) string {
		var b strings.Builder
		xml.EscapeText(&b, []byte(s))
		return b.String()
	}
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>Label</key>
	<string>` + AutostartID + `</string>
	<key>ProgramArguments</key>
	<array>
`)
	for _, a := range append([]string{exe}, args...) {
		b.WriteString("\t\t<string>" + esc(a) + "</string>\n")
	}
	b.WriteString(`	</array>
	<key>RunAtLoad</key>
	<true/>
	<key>ProcessType</key>
	<string>Background</string>
	<key>LowPriorityIO</key>
	<true/>
	<key>Nice</key>
	<integer>10</integer>
</dict>
</plist>
`)
	return b.String()
}
