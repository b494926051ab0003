package desktop

import (
	"encoding/base64"
	"strings"
	"testing"
	"unicode/utf16"
)

// The toast's script: the words escaped for XML inside a PowerShell
// string, and the script passed whole as UTF-16LE base64.
func TestToastScript(t *testing.T) {
	n := Notification{Title: `bad <"x">.iso does NOT match: it's & don’t`, Body: "FAILED (SHA-256)\nたしかめて", Urgent: true}
	s := toastScript(n)
	for _, want := range []string{
		`<text>bad &lt;&quot;x&quot;&gt;.iso does NOT match: it&apos;s &amp; don’’t</text>`,
		`scenario="reminder"`,
		"たしかめて",
		"CreateToastNotifier('{1AC14E77-02E7-4E5D-B744-2EB1AE5198B7}\\WindowsPowerShell\\v1.0\\powershell.exe')",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the script lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(toastScript(Notification{Title: "ok"}), "scenario") {
		t.Error("a green verdict's toast stays until dismissed")
	}
	b, err := base64.StdEncoding.DecodeString(encodedCommand(s))
	if err != nil || len(b)%2 != 0 {
		t.Fatal(err)
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	if string(utf16.Decode(u)) != s {
		t.Fatal("-EncodedCommand does not decode to the script")
	}
	if psString("it's") != "'it''s'" {
		t.Errorf("psString %q", psString("it's"))
	}
}
