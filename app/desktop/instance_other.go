//go:build !unix && !windows

package desktop

import (
	"errors"
	"os"
)

const maxSocketPath = 0

var errNoInstance = errors.New("single instance: not supported on this system")

func instanceDir() (string, error)          { return "", errNoInstance }
func checkSocketOwner(string) error         { return errNoInstance }
func tryLock(path string) (*os.File, error) { return nil, errNoInstance }
