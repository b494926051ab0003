package watch

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"net/url"
	"strings"
	"unicode/utf16"
)

// Origin is where a download says it came from, as the browser or tool
// recorded it: Windows' Zone.Identifier (HostUrl, ReferrerUrl), macOS's
// kMDItemWhereFroms, the xattr user.xdg.origin.url that wget --xattr,
// curl --xattr and GNOME Web set on Linux. It is read, never written, and
// it proves nothing: any program can write it. Hashdrop uses it only to
// choose between publishers when the name alone does not say, and it is
// often absent (private windows, FAT file systems, Firefox and Chromium
// on Linux).
type Origin struct {
	URL      string // the download's URL
	Referrer string // the page it was downloaded from
}

// Hosts are the hosts of the URL and of the referrer, in that order,
// without duplicates.
func (o Origin) Hosts() []string {
	var hosts []string
	for _, s := range []string{o.URL, o.Referrer} {
		if u, err := url.Parse(s); err == nil && u.Hostname() != "" {
			h := strings.ToLower(u.Hostname())
			if len(hosts) == 0 || hosts[0] != h {
				hosts = append(hosts, h)
			}
		}
	}
	return hosts
}

// ReadOrigin reads what path's file system recorded of its origin; the
// zero Origin when nothing was (or this platform keeps none Hashdrop
// reads).
func ReadOrigin(path string) Origin { return readOrigin(path) }

// parseZoneIdentifier reads a Zone.Identifier stream:
//
//	[ZoneTransfer]
//	ZoneId=3
//	ReferrerUrl=https://ubuntu.com/download
//	HostUrl=https://releases.ubuntu.com/...
func parseZoneIdentifier(data []byte) Origin {
	var o Origin
	section := ""
	sc := bufio.NewScanner(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			section = strings.ToLower(strings.Trim(line, "[]"))
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || section != "zonetransfer" {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "hosturl":
			if v != "about:internet" {
				o.URL = strings.TrimSpace(v)
			}
		case "referrerurl":
			o.Referrer = strings.TrimSpace(v)
		}
	}
	return o
}

// parseWhereFroms reads macOS's kMDItemWhereFroms: a binary property
// list (bplist00) holding an array of strings, the download's URL first,
// then the page it came from. Only what that needs is read: ASCII and
// UTF-16 strings, and an array of them (or one string alone).
func parseWhereFroms(data []byte) (Origin, error) {
	strs, err := bplistStrings(data)
	if err != nil {
		return Origin{}, err
	}
	var o Origin
	if len(strs) > 0 {
		o.URL = strs[0]
	}
	if len(strs) > 1 {
		o.Referrer = strs[1]
	}
	return o, nil
}

var errPlist = errors.New("not a binary property list of strings")

func bplistStrings(data []byte) ([]string, error) {
	if len(data) < 8+32 || string(data[:8]) != "bplist00" {
		return nil, errPlist
	}
	tr := data[len(data)-32:]
	offSize, refSize := int(tr[6]), int(tr[7])
	count, top, table := binary.BigEndian.Uint64(tr[8:]), binary.BigEndian.Uint64(tr[16:]), binary.BigEndian.Uint64(tr[24:])
	if offSize < 1 || offSize > 8 || refSize < 1 || refSize > 8 || count > uint64(len(data)) || top >= count ||
		table > uint64(len(data)) || table+count*uint64(offSize) > uint64(len(data)) {
		return nil, errPlist
	}
	be := func(b []byte) uint64 {
		var v uint64
		for _, c := range b {
			v = v<<8 | uint64(c)
		}
		return v
	}
	offset := func(obj uint64) (uint64, error) {
		if obj >= count {
			return 0, errPlist
		}
		at := table + obj*uint64(offSize)
		off := be(data[at : at+uint64(offSize)])
		if off >= table {
			return 0, errPlist
		}
		return off, nil
	}
	// length reads an object's count: in its marker, or in an integer after it.
	length := func(off uint64) (n, start uint64, err error) {
		n, start = uint64(data[off]&0x0f), off+1
		if n != 0x0f {
			return n, start, nil
		}
		if start >= table || data[start]&0xf0 != 0x10 {
			return 0, 0, errPlist
		}
		size := uint64(1) << (data[start] & 0x0f)
		if size > 8 || start+1+size > table {
			return 0, 0, errPlist
		}
		n = be(data[start+1 : start+1+size])
		if n > uint64(len(data)) {
			return 0, 0, errPlist
		}
		return n, start + 1 + size, nil
	}
	str := func(obj uint64) (string, error) {
		off, err := offset(obj)
		if err != nil {
			return "", err
		}
		n, start, err := length(off)
		if err != nil {
			return "", err
		}
		switch data[off] >> 4 {
		case 0x5: // ASCII
			if start+n > table {
				return "", errPlist
			}
			return string(data[start : start+n]), nil
		case 0x6: // UTF-16, big-endian
			if start+2*n > table {
				return "", errPlist
			}
			u := make([]uint16, n)
			for i := range u {
				u[i] = binary.BigEndian.Uint16(data[start+2*uint64(i):])
			}
			return string(utf16.Decode(u)), nil
		}
		return "", errPlist
	}
	off, err := offset(top)
	if err != nil {
		return nil, err
	}
	if data[off]>>4 != 0xa {
		s, err := str(top)
		if err != nil {
			return nil, err
		}
		return []string{s}, nil
	}
	n, start, err := length(off)
	if err != nil || start+n*uint64(refSize) > table {
		return nil, errPlist
	}
	var out []string
	for i := range n {
		at := start + i*uint64(refSize)
		s, err := str(be(data[at : at+uint64(refSize)]))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
