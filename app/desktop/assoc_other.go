//go:build !windows

package desktop

// RegisterFileAssociations is Windows only; see assoc_windows.go.
func RegisterFileAssociations(exe string, words AssocWords) error { return ErrNoAssociations }

// LocalizeExplorerMenu is Windows only: elsewhere there is nothing to word.
func LocalizeExplorerMenu(words AssocWords) error { return nil }

// UnregisterFileAssociations is Windows only.
func UnregisterFileAssociations() error { return ErrNoAssociations }

// FileAssociationsRegistered is false where Hashdrop does not manage them.
func FileAssociationsRegistered() bool { return false }
