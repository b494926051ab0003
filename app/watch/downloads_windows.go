package watch

import "golang.org/x/sys/windows"

// downloadsDir asks for the Downloads known folder, which the user may
// have moved (to another drive, into OneDrive).
func downloadsDir() (string, error) {
	return windows.KnownFolderPath(windows.FOLDERID_Downloads, 0)
}
