package desktop

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// A hand-over is one message from a second launch to the primary:
//
//	openMagic                  "hashdrop-open/1\n"
//	count   uint32, big-endian  number of paths, at most maxOpenPaths
//	count × (length uint32, big-endian; length bytes of an absolute path)
//
// and one answer, ackOK or ackRefused. Lengths are checked before anything
// is allocated and the whole message is bounded by maxOpenMessage, so a
// confused or hostile peer cannot make the primary hold much memory.
const (
	openMagic      = "hashdrop-open/1\n"
	ackOK          = "OK\n"
	ackRefused     = "NO\n"
	maxOpenPaths   = 10000
	maxPathBytes   = 32 * 1024 // Windows long paths are up to 32767 UTF-16 units
	maxOpenMessage = 4 << 20
)

var errBadMessage = errors.New("malformed hand-over message")

// encodeOpenMessage builds the message handing paths over; they must be
// absolute already.
func encodeOpenMessage(paths []string) ([]byte, error) {
	if len(paths) > maxOpenPaths {
		return nil, fmt.Errorf("too many files to hand over (%d, at most %d)", len(paths), maxOpenPaths)
	}
	msg := append([]byte(openMagic), 0, 0, 0, 0)
	binary.BigEndian.PutUint32(msg[len(openMagic):], uint32(len(paths)))
	for _, p := range paths {
		if err := checkOpenPath(p); err != nil {
			return nil, err
		}
		msg = binary.BigEndian.AppendUint32(msg, uint32(len(p)))
		msg = append(msg, p...)
		if len(msg) > maxOpenMessage {
			return nil, fmt.Errorf("too many files to hand over (more than %d bytes of names)", maxOpenMessage)
		}
	}
	return msg, nil
}

// readOpenMessage reads and validates one message from r.
func readOpenMessage(r io.Reader) ([]string, error) {
	br := bufio.NewReader(io.LimitReader(r, maxOpenMessage))
	magic := make([]byte, len(openMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != openMagic {
		return nil, errBadMessage
	}
	var n uint32
	if err := binary.Read(br, binary.BigEndian, &n); err != nil || n > maxOpenPaths {
		return nil, errBadMessage
	}
	paths := make([]string, 0, min(n, 64))
	for range n {
		var l uint32
		if err := binary.Read(br, binary.BigEndian, &l); err != nil || l == 0 || l > maxPathBytes {
			return nil, errBadMessage
		}
		b := make([]byte, l)
		if _, err := io.ReadFull(br, b); err != nil {
			return nil, errBadMessage
		}
		p := string(b)
		if checkOpenPath(p) != nil {
			return nil, errBadMessage
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// checkOpenPath accepts absolute paths without NUL bytes, the only ones
// either side could open.
func checkOpenPath(p string) error {
	if p == "" || len(p) > maxPathBytes || strings.IndexByte(p, 0) >= 0 || !filepath.IsAbs(p) {
		return fmt.Errorf("cannot hand over %q: not an absolute path", p)
	}
	return nil
}
