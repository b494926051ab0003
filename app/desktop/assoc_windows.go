//go:build windows

package desktop

import (
	"errors"
	"strings"

	"golang.org/x/sys/windows"
	"golang.org/x/sys/windows/registry"
)

const classesRoot = `Software\Classes\`

// RegisterFileAssociations makes Windows open checksum files with exe (for
// the running program: os.Executable) for this user, and lists Hashdrop
// under "Open with", worded with words. Explorer is told, so icons change at
// once.
func RegisterFileAssociations(exe string, words AssocWords) error {
	ch, err := assocInstall(exe, words)
	if err != nil {
		return err
	}
	defer assocChanged()
	return applyRegChanges(userClasses{}, ch)
}

// UnregisterFileAssociations removes what RegisterFileAssociations wrote.
func UnregisterFileAssociations() error {
	defer assocChanged()
	return applyRegChanges(userClasses{}, assocRemove())
}

// LocalizeExplorerMenu words the entries of Explorer's menus that the
// installer or the setting wrote with words (the user's language, which an
// installer's registry value cannot follow); it adds none.
func LocalizeExplorerMenu(words AssocWords) error {
	return applyRegChanges(userClasses{}, explorerMenuWords(words))
}

// FileAssociationsRegistered reports whether Hashdrop's checksum file type is
// registered for this user, for the setting's check box.
func FileAssociationsRegistered() bool {
	_, ok, _ := userClasses{}.Get(assocProgID+`\shell\open\command`, "")
	return ok
}

// userClasses is HKEY_CURRENT_USER\Software\Classes.
type userClasses struct{}

func (userClasses) Get(key, name string) (string, bool, error) {
	k, err := registry.OpenKey(registry.CURRENT_USER, classesRoot+key, registry.QUERY_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return "", false, nil
	} else if err != nil {
		return "", false, err
	}
	defer k.Close()
	v, _, err := k.GetStringValue(name)
	switch {
	case errors.Is(err, registry.ErrNotExist):
		return "", false, nil
	case errors.Is(err, registry.ErrUnexpectedType):
		return "", true, nil // not a string, so certainly not ours
	case err != nil:
		return "", false, err
	}
	return v, true, nil
}

func (userClasses) Set(key, name, value string) error {
	k, _, err := registry.CreateKey(registry.CURRENT_USER, classesRoot+key, registry.SET_VALUE)
	if err != nil {
		return err
	}
	defer k.Close()
	return k.SetStringValue(name, value)
}

func (userClasses) DeleteValue(key, name string) error {
	k, err := registry.OpenKey(registry.CURRENT_USER, classesRoot+key, registry.SET_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	defer k.Close()
	if err := k.DeleteValue(name); err != nil && !errors.Is(err, registry.ErrNotExist) {
		return err
	}
	return nil
}

func (u userClasses) DeleteTree(key string) error {
	k, err := registry.OpenKey(registry.CURRENT_USER, classesRoot+key, registry.ENUMERATE_SUB_KEYS)
	if errors.Is(err, registry.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	subs, err := k.ReadSubKeyNames(-1)
	k.Close()
	if err != nil {
		return err
	}
	for _, s := range subs {
		if err := u.DeleteTree(key + `\` + s); err != nil {
			return err
		}
	}
	return u.DeleteKey(key)
}

func (userClasses) Empty(key string) (bool, error) {
	k, err := registry.OpenKey(registry.CURRENT_USER, classesRoot+key, registry.QUERY_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	defer k.Close()
	st, err := k.Stat()
	if err != nil {
		return false, err
	}
	return st.SubKeyCount == 0 && st.ValueCount == 0, nil
}

func (userClasses) DeleteKey(key string) error {
	i := strings.LastIndexByte(key, '\\')
	parent, leaf := classesRoot+key[:max(i, 0)], key[i+1:]
	k, err := registry.OpenKey(registry.CURRENT_USER, strings.TrimSuffix(parent, `\`), registry.ENUMERATE_SUB_KEYS|registry.SET_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	defer k.Close()
	if err := registry.DeleteKey(k, leaf); err != nil && !errors.Is(err, registry.ErrNotExist) {
		return err
	}
	return nil
}

// assocChanged tells Explorer that file associations changed
// (SHChangeNotify(SHCNE_ASSOCCHANGED, SHCNF_IDLIST, NULL, NULL)).
func assocChanged() {
	const shcneAssocChanged, shcnfIDList = 0x08000000, 0
	proc := windows.NewLazySystemDLL("shell32.dll").NewProc("SHChangeNotify")
	if proc.Find() == nil {
		proc.Call(shcneAssocChanged, shcnfIDList, 0, 0)
	}
}
