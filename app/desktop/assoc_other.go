//go:build !windows

package desktop

// RegisterFileAssociations is Windows only; see assoc_windows.go.
func RegisterFileAssociations(exe string) error { return ErrNoAssociations }

// UnregisterFileAssociations is Windows only.
func UnregisterFileAssociations() error { return ErrNoAssociations }

// FileAssociationsRegistered is false where Hashdrop does not manage them.
func FileAssociationsRegistered() bool { return false }
