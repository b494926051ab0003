package fetch

import (
	"context"
	"crypto/tls"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/hashdrop/hashdrop/app/fetch/fetchtest"
)

// The test's hosts: all of them are the one test server.
const (
	publisher = "releases.example.org"
	mirror    = "mirror.example.org" // the publisher's too, in the Policies that name it
	stranger  = "elsewhere.example.net"
)

var (
	authorities     [2]*fetchtest.Authority
	authoritiesOnce [2]sync.Once
)

// testAuthority returns test authority i (0 or 1), made once: the second
// is the one a client does not trust.
func testAuthority(t *testing.T, i int) *fetchtest.Authority {
	authoritiesOnce[i].Do(func() { authorities[i] = newAuthority(t) })
	if authorities[i] == nil {
		t.Fatal("no test authority")
	}
	return authorities[i]
}

func newAuthority(t *testing.T) *fetchtest.Authority {
	return fetchtest.NewAuthority(t, publisher, mirror, stranger)
}

// testServer is an https server that answers for every test host, and the
// Client that reaches it whatever the host, trusting its authority.
type testServer struct {
	*httptest.Server
	client   *Client
	dials    atomic.Int32 // connections the client opened
	mu       sync.Mutex
	requests []*http.Request // what the server received
}

// newServer starts an https server with a certificate from authority
// signer (0: the one the client trusts, 1: another) running h.
func newServer(t *testing.T, signer int, h http.HandlerFunc) *testServer {
	s := &testServer{}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests = append(s.requests, r.Clone(context.Background()))
		s.mu.Unlock()
		h(w, r)
	}))
	s.Server.TLS = &tls.Config{Certificates: []tls.Certificate{testAuthority(t, signer).Server}}
	s.Server.Config.ErrorLog = log.New(io.Discard, "", 0) // handshakes refused on purpose
	s.Server.StartTLS()
	t.Cleanup(s.Server.Close)

	addr := s.Listener.Addr().String()
	tr := newTransport(testAuthority(t, 0).Roots, func(ctx context.Context, network, _ string) (net.Conn, error) {
		s.dials.Add(1)
		var d net.Dialer
		return d.DialContext(ctx, network, addr)
	})
	tr.Proxy = nil // the environment's proxy would not know the test's hosts
	t.Cleanup(tr.CloseIdleConnections)
	s.client = &Client{Transport: tr}
	return s
}

// received returns the requests the server received.
func (s *testServer) received() []*http.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*http.Request(nil), s.requests...)
}

// clientDialing is a Client of the test's settings whose connections are
// made by dial.
func clientDialing(t *testing.T, dial func(ctx context.Context, network, addr string) (net.Conn, error)) *Client {
	tr := newTransport(testAuthority(t, 0).Roots, dial)
	tr.Proxy = nil
	t.Cleanup(tr.CloseIdleConnections)
	return &Client{Transport: tr}
}
