package desktop

import (
	"errors"
	"fmt"
	"strings"
	"syscall"

	"golang.org/x/sys/windows/registry"

	"github.com/hashdrop/hashdrop/app"
)

// runKey is the user's Run key: Windows runs each of its values' command
// lines at the user's login.
const runKey = `Software\Microsoft\Windows\CurrentVersion\Run`

func enableAutostart(exe string, args []string) error {
	k, _, err := registry.CreateKey(registry.CURRENT_USER, runKey, registry.SET_VALUE)
	if err != nil {
		return fmt.Errorf("cannot open HKCU\\%s: %s", runKey, app.ErrorWords(err))
	}
	defer k.Close()
	line := []string{syscall.EscapeArg(exe)}
	for _, a := range args {
		line = append(line, syscall.EscapeArg(a))
	}
	if err := k.SetStringValue(AutostartID, strings.Join(line, " ")); err != nil {
		return fmt.Errorf("cannot write HKCU\\%s\\%s: %s", runKey, AutostartID, app.ErrorWords(err))
	}
	return nil
}

func disableAutostart() error {
	k, err := registry.OpenKey(registry.CURRENT_USER, runKey, registry.SET_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot open HKCU\\%s: %s", runKey, app.ErrorWords(err))
	}
	defer k.Close()
	if err := k.DeleteValue(AutostartID); err != nil && !errors.Is(err, registry.ErrNotExist) {
		return fmt.Errorf("cannot remove HKCU\\%s\\%s: %s", runKey, AutostartID, app.ErrorWords(err))
	}
	return nil
}

func autostartEnabled() bool {
	k, err := registry.OpenKey(registry.CURRENT_USER, runKey, registry.QUERY_VALUE)
	if err != nil {
		return false
	}
	defer k.Close()
	_, _, err = k.GetStringValue(AutostartID)
	return err == nil
}
