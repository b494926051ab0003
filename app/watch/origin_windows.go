package watch

import (
	"io"
	"os"
)

// readOrigin reads the alternate data stream path:Zone.Identifier (the
// Mark of the Web) that Chromium and Firefox write after the download has
// its final name. FAT and exFAT drives have no such streams.
func readOrigin(path string) Origin {
	f, err := os.Open(path + ":Zone.Identifier")
	if err != nil {
		return Origin{}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 1<<16))
	if err != nil {
		return Origin{}
	}
	return parseZoneIdentifier(data)
}
