// Package testroute is where app/fetch/fetchtest points the application's
// own transport at a test server (issue 46): the authority it trusts and
// where its connections go. The transport is the one the application runs,
// HTTP/2 and all; only its dial and its roots are the test's. Nothing
// outside app/fetch may import it, and without a test nothing sets it: the
// roots are then the system's and the dial the network's.
package testroute

import (
	"context"
	"crypto/x509"
	"errors"
	"net"
	"sync"
)

// Dial makes a connection, as http.Transport.DialContext.
type Dial func(ctx context.Context, network, addr string) (net.Conn, error)

var (
	mu        sync.Mutex
	roots     *x509.CertPool // the test authority, trusted by the transport made after Trust
	rootsRead bool           // the transport was made: roots can no longer change
	route     Dial
	closeIdle func()                // the transport's CloseIdleConnections, once made
	conns     = map[net.Conn]bool{} // the connections made through a route (Dialled)
)

// Trust makes the application's transport trust pool alone. It must come
// before the transport is made (at the application's first fetch), and
// pool is the same at every call: the transport reads it once.
func Trust(pool *x509.CertPool) error {
	mu.Lock()
	defer mu.Unlock()
	switch {
	case roots == pool:
		return nil
	case rootsRead:
		return errors.New("app/fetch's transport was made before the test authority was trusted: fetch nothing before fetchtest")
	}
	roots = pool
	return nil
}

// Made is called by app/fetch as it makes its transport: it returns the
// roots to trust (nil: the system's) and keeps closeIdleConnections, which
// Set calls so that no connection to an earlier server is used again.
func Made(closeIdleConnections func()) *x509.CertPool {
	mu.Lock()
	defer mu.Unlock()
	rootsRead = true
	closeIdle = closeIdleConnections
	return roots
}

// Set routes every connection the application's transport makes through
// dial (nil: the network again) and returns the route it replaces. The
// connections made through an earlier route are closed first, busy or
// idle: a pooled HTTP/2 connection to an earlier test's server must not
// carry a later test's request (it fails as "connection lost" when that
// server closes).
func Set(dial Dial) (previous Dial) {
	mu.Lock()
	previous, route = route, dial
	ci := closeIdle
	old := conns
	conns = map[net.Conn]bool{}
	mu.Unlock()
	if ci != nil {
		ci()
	}
	for c := range old {
		c.Close()
	}
	return previous
}

// Dialled records c, made through the route, so that the next Set closes
// it; it returns c.
func Dialled(c net.Conn) net.Conn {
	mu.Lock()
	conns[c] = true
	mu.Unlock()
	return c
}

// Current is the route set, nil when there is none.
func Current() Dial {
	mu.Lock()
	defer mu.Unlock()
	return route
}
