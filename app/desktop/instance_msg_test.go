package desktop

import (
	"bytes"
	"encoding/binary"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func instanceAbs(name string) string {
	if filepath.Separator == '\\' {
		return `C:\` + name
	}
	return "/" + name
}

func TestOpenMessageRoundTrip(t *testing.T) {
	for _, paths := range [][]string{
		{},
		{instanceAbs("ubuntu.iso")},
		{instanceAbs("a b/SHA256SUMS"), instanceAbs("日本語.sha256"), instanceAbs("new\nline"), instanceAbs(strings.Repeat("x", 4000))},
	} {
		msg, err := encodeOpenMessage(paths)
		if err != nil {
			t.Fatal(err)
		}
		got, err := readOpenMessage(bytes.NewReader(msg))
		if err != nil || !slices.Equal(got, paths) {
			t.Errorf("round trip of %q: %q %v", paths, got, err)
		}
	}
}

func TestOpenMessageRefused(t *testing.T) {
	good, _ := encodeOpenMessage([]string{instanceAbs("a")})
	nul := instanceAbs("a\x00b")
	u32 := func(n uint32) []byte { return binary.BigEndian.AppendUint32(nil, n) }
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	for name, msg := range map[string][]byte{
		"empty":           nil,
		"bad magic":       []byte("GET / HTTP/1.0\r\n\r\n"),
		"truncated":       good[:len(good)-1],
		"too many paths":  cat([]byte(openMagic), u32(maxOpenPaths+1)),
		"huge path":       cat([]byte(openMagic), u32(1), u32(maxPathBytes+1)),
		"empty path":      cat([]byte(openMagic), u32(1), u32(0)),
		"relative path":   cat([]byte(openMagic), u32(1), u32(5), []byte("a.iso")),
		"NUL in path":     cat([]byte(openMagic), u32(1), u32(uint32(len(nul))), []byte(nul)),
		"count past data": cat([]byte(openMagic), u32(3), u32(2), []byte(instanceAbs("a"))),
	} {
		if got, err := readOpenMessage(bytes.NewReader(msg)); err == nil {
			t.Errorf("%s: accepted as %q", name, got)
		}
	}
	if _, err := encodeOpenMessage([]string{"relative"}); err == nil {
		t.Error("relative path encoded")
	}
	if _, err := encodeOpenMessage(make([]string, maxOpenPaths+1)); err == nil {
		t.Error("too many paths encoded")
	}
}

// The whole message is bounded, whatever the counts promise.
func TestOpenMessageBounded(t *testing.T) {
	p := instanceAbs(strings.Repeat("x", maxPathBytes-4))
	paths := make([]string, maxOpenMessage/maxPathBytes+1)
	for i := range paths {
		paths[i] = p
	}
	if _, err := encodeOpenMessage(paths); err == nil {
		t.Error("message over the bound encoded")
	}
	var msg bytes.Buffer
	msg.WriteString(openMagic)
	msg.Write(binary.BigEndian.AppendUint32(nil, uint32(len(paths))))
	for _, p := range paths {
		msg.Write(binary.BigEndian.AppendUint32(nil, uint32(len(p))))
		msg.WriteString(p)
	}
	if _, err := readOpenMessage(&msg); err == nil {
		t.Error("message over the bound read")
	}
}

func FuzzOpenMessage(f *testing.F) {
	good, _ := encodeOpenMessage([]string{instanceAbs("a"), instanceAbs("b c")})
	f.Add(good)
	f.Add([]byte(openMagic + "\x00\x00\x00\x01\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, msg []byte) {
		paths, err := readOpenMessage(bytes.NewReader(msg))
		if err != nil {
			return
		}
		again, err := encodeOpenMessage(paths)
		if err != nil {
			t.Fatalf("accepted %q but cannot encode it: %v", paths, err)
		}
		if !bytes.HasPrefix(msg, again) {
			t.Fatalf("accepted %q, which encodes differently", paths)
		}
	})
}
