//go:build !unix && !windows

package desktop

import "errors"

var errNoInstance = errors.New("single instance: not supported on this system")

func instanceAddr(string) (string, error)    { return "", errNoInstance }
func claimListener(string) (listener, error) { return nil, errNoInstance }
func dial(string) (conn, error)              { return nil, errNoInstance }
