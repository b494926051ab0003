// Package fetchtest serves files over HTTPS for the tests of what fetches
// them (app/fetch, app/release, the command line, the window): a test
// certificate authority, a server speaking HTTP/2 and HTTP/1.1 with a
// certificate it signed for the publishers' real host names, and a route
// that sends the application's own connections to that server (issue
// 46). The fetch runs through app/fetch's transport, the one the
// application runs; only where it dials and whom it trusts are the test's.
// Nothing on the network is touched.
//
// The route is the process's: tests that Serve do not run in parallel.
package fetchtest

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/fetch/internal/testroute"
)

// Authority is a test certificate authority and a server certificate it
// signed for some host names.
type Authority struct {
	Roots  *x509.CertPool
	PEM    []byte // the authority's certificate (SSL_CERT_FILE for a program run by a test)
	Server tls.Certificate

	ca    *x509.Certificate
	caKey *ecdsa.PrivateKey
}

// trusted is the process's test authority: the one app/fetch's transport
// trusts once a test has used this package.
var trusted = sync.OnceValues(func() (*Authority, error) { return newCA("Hashdrop test authority") })

// NewAuthority is the test authority app/fetch trusts, with a server
// certificate for hosts valid for an hour either side of now.
func NewAuthority(t testing.TB, hosts ...string) *Authority {
	t.Helper()
	ca, err := trusted()
	if err != nil {
		t.Fatal(err)
	}
	if err := testroute.Trust(ca.Roots); err != nil {
		t.Fatal(err)
	}
	return ca.issue(t, hosts)
}

// NewUntrustedAuthority is a test authority app/fetch does not trust, with
// a server certificate for hosts.
func NewUntrustedAuthority(t testing.TB, hosts ...string) *Authority {
	t.Helper()
	ca, err := newCA("Hashdrop untrusted test authority")
	if err != nil {
		t.Fatal(err)
	}
	return ca.issue(t, hosts)
}

// newCA makes a certificate authority.
func newCA(name string) (*Authority, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: name},
		NotBefore:             now.Add(-24 * time.Hour),
		NotAfter:              now.Add(24 * time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	ca, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	roots := x509.NewCertPool()
	roots.AddCert(ca)
	return &Authority{Roots: roots, PEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), ca: ca, caKey: key}, nil
}

var serial atomic.Int64

// issue is a copy of a with a server certificate for hosts.
func (a *Authority) issue(t testing.TB, hosts []string) *Authority {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	leaf := &x509.Certificate{
		SerialNumber: big.NewInt(2 + serial.Add(1)),
		Subject:      pkix.Name{CommonName: hosts[0]},
		DNSNames:     hosts,
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, leaf, a.ca, &key.PublicKey, a.caKey)
	if err != nil {
		t.Fatal(err)
	}
	b := *a
	b.Server = tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
	return &b
}

// Server is an https server of a test, speaking HTTP/2 and HTTP/1.1.
type Server struct {
	*httptest.Server
	accepted atomic.Int64
	dial     testroute.Dial
}

// Accepted is how many connections the server accepted.
func (s *Server) Accepted() int { return int(s.accepted.Load()) }

// Serve starts an https server (HTTP/2 and HTTP/1.1) with a's server
// certificate running h, and routes the application's connections to
// every host's port 443 to it until the test ends (another port is not
// reached). A later Serve or Route in the same test takes the route over,
// until Take. The server is closed at the test's end.
func Serve(t testing.TB, a *Authority, h http.Handler) *Server {
	s := &Server{Server: httptest.NewUnstartedServer(h)}
	s.EnableHTTP2 = true
	s.Listener = &countingListener{s.Listener, &s.accepted}
	s.TLS = &tls.Config{Certificates: []tls.Certificate{a.Server}}
	s.Config.ErrorLog = log.New(io.Discard, "", 0) // handshakes refused on purpose
	s.StartTLS()
	t.Cleanup(s.Close)
	addr := s.Listener.Addr().String()
	s.dial = func(ctx context.Context, network, to string) (net.Conn, error) {
		if _, port, err := net.SplitHostPort(to); err != nil || port != "443" {
			return nil, fmt.Errorf("fetchtest: no test server for %s", to)
		}
		var d net.Dialer
		return d.DialContext(ctx, network, addr)
	}
	route(t, s.dial, s)
	return s
}

// Take routes the application's connections to s again, after a later
// Serve or Route took them over.
func (s *Server) Take() {
	mu.Lock()
	defer mu.Unlock()
	if owner != s {
		testroute.Set(s.dial)
		owner = s
	}
}

// Route makes dial the way the application's transport connects until the
// test ends, or until a later Route or Serve in the same test.
func Route(t testing.TB, dial func(ctx context.Context, network, addr string) (net.Conn, error)) {
	route(t, dial, nil)
}

var (
	mu    sync.Mutex
	owner *Server // the server routed to, nil for a Route's dial or none
)

func route(t testing.TB, dial testroute.Dial, s *Server) {
	mu.Lock()
	previous, previousOwner := testroute.Set(dial), owner
	owner = s
	mu.Unlock()
	t.Cleanup(func() {
		mu.Lock()
		testroute.Set(previous)
		owner = previousOwner
		mu.Unlock()
	})
}

// countingListener counts the connections accepted.
type countingListener struct {
	net.Listener
	n *atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.n.Add(1)
	}
	return c, err
}

// Files is a handler that serves files by "host/path", as the publishers'
// hosts would; anything else is 404.
func Files(files map[string][]byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, ok := files[r.Host+r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(b)
	})
}
