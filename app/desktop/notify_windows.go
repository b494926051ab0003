package desktop

import (
	"encoding/base64"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"syscall"
	"unicode/utf16"

	"golang.org/x/sys/windows"
)

// On Windows a toast, shown by PowerShell through the WinRT
// ToastNotificationManager (Windows 10 and later). Windows shows a toast
// only for a registered AppUserModelID; Hashdrop's installer registers
// none, so the toast is PowerShell's own (it says "Windows PowerShell").
// Written from Microsoft's documentation of the toast XML and
// ToastNotificationManager; compiled and vetted here, not run on Windows.
type notifier struct{ powershell string }

// powershellAUMID is Windows PowerShell's AppUserModelID, which Windows
// knows on every system that has PowerShell 5.
const powershellAUMID = `{1AC14E77-02E7-4E5D-B744-2EB1AE5198B7}\WindowsPowerShell\v1.0\powershell.exe`

func newNotifier() (notifier, error) {
	p, err := exec.LookPath("powershell.exe")
	if err != nil {
		return notifier{}, errors.New("no desktop notifications: powershell.exe not found")
	}
	return notifier{p}, nil
}

// toastScript is the PowerShell that shows the toast xml.
func toastScript(n Notification) string {
	scenario := ""
	if n.Urgent {
		scenario = ` scenario="reminder"` // it stays until dismissed
	}
	xml := `<toast` + scenario + `><visual><binding template="ToastGeneric"><text>` + xmlText(n.Title) +
		`</text><text>` + xmlText(n.Body) + `</text></binding></visual></toast>`
	return `$ErrorActionPreference = 'Stop'
[Windows.UI.Notifications.ToastNotificationManager, Windows.UI.Notifications, ContentType = WindowsRuntime] > $null
[Windows.Data.Xml.Dom.XmlDocument, Windows.Data.Xml.Dom, ContentType = WindowsRuntime] > $null
$doc = New-Object Windows.Data.Xml.Dom.XmlDocument
$doc.LoadXml(` + psString(xml) + `)
$toast = New-Object Windows.UI.Notifications.ToastNotification $doc
[Windows.UI.Notifications.ToastNotificationManager]::CreateToastNotifier(` + psString(powershellAUMID) + `).Show($toast)
`
}

// xmlText is s escaped for XML text.
func xmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(s)
}

// psString is s as a PowerShell single-quoted string (” for ', and the
// typographic single quotes PowerShell also takes as quotes).
func psString(s string) string {
	return "'" + strings.NewReplacer("'", "''", "\u2018", "\u2018\u2018", "\u2019", "\u2019\u2019", "\u201a", "\u201a\u201a", "\u201b", "\u201b\u201b").Replace(s) + "'"
}

// encodedCommand is script for -EncodedCommand: base64 of its UTF-16LE.
func encodedCommand(script string) string {
	u := utf16.Encode([]rune(script))
	b := make([]byte, 2*len(u))
	for i, c := range u {
		b[2*i], b[2*i+1] = byte(c), byte(c>>8)
	}
	return base64.StdEncoding.EncodeToString(b)
}

func (d *notifier) notify(n Notification) error {
	cmd := exec.Command(d.powershell, "-NoProfile", "-NonInteractive", "-WindowStyle", "Hidden",
		"-EncodedCommand", encodedCommand(toastScript(n)))
	cmd.SysProcAttr = &syscall.SysProcAttr{HideWindow: true, CreationFlags: windows.CREATE_NO_WINDOW}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("cannot show a notification: %s: %v: %s", d.powershell, err, strings.TrimSpace(string(out)))
	}
	return nil
}

func (*notifier) close() {}

// onClick: a toast's click activates its app, here PowerShell, which
// cannot be told to open the file.
func (*notifier) onClick(func(string)) error {
	return errors.New("notifications cannot be clicked on Windows yet: the toast is PowerShell's")
}
