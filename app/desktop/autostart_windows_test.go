package desktop

import (
	"errors"
	"testing"

	"golang.org/x/sys/windows/registry"
)

// The login entry on Windows: a value under HKCU's Run key with the
// quoted command line, replaced when written again, and removed (run by
// make test-windows under Wine). A value there before the test is put
// back.
func TestAutostartRunKey(t *testing.T) {
	if k, err := registry.OpenKey(registry.CURRENT_USER, runKey, registry.QUERY_VALUE); err == nil {
		if old, _, err := k.GetStringValue(AutostartID); err == nil {
			t.Cleanup(func() {
				if k, _, err := registry.CreateKey(registry.CURRENT_USER, runKey, registry.SET_VALUE); err == nil {
					k.SetStringValue(AutostartID, old)
					k.Close()
				}
			})
		}
		k.Close()
	}
	value := func() (string, error) {
		k, err := registry.OpenKey(registry.CURRENT_USER, runKey, registry.QUERY_VALUE)
		if err != nil {
			return "", err
		}
		defer k.Close()
		v, _, err := k.GetStringValue(AutostartID)
		return v, err
	}
	exe := `C:\Program Files\Hashdrop\Hashdrop.exe`
	if err := EnableAutostart(exe, []string{"--tray", "watch", "--notify", "--fetch"}); err != nil {
		t.Fatal(err)
	}
	if v, err := value(); err != nil || v != `"C:\Program Files\Hashdrop\Hashdrop.exe" --tray watch --notify --fetch` {
		t.Fatalf("Run value %q, %v", v, err)
	}
	if !AutostartEnabled() {
		t.Fatal("AutostartEnabled after EnableAutostart: false")
	}
	if err := EnableAutostart(exe, []string{"--tray", "watch", "--notify"}); err != nil {
		t.Fatal(err)
	}
	if v, _ := value(); v != `"C:\Program Files\Hashdrop\Hashdrop.exe" --tray watch --notify` {
		t.Fatalf("Run value written again %q", v)
	}
	if err := DisableAutostart(); err != nil {
		t.Fatal(err)
	}
	if _, err := value(); !errors.Is(err, registry.ErrNotExist) {
		t.Fatalf("the Run value is still there: %v", err)
	}
	if AutostartEnabled() {
		t.Fatal("AutostartEnabled after DisableAutostart: true")
	}
	if err := DisableAutostart(); err != nil {
		t.Fatalf("removing it twice: %v", err)
	}
}
