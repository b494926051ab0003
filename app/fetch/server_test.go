package fetch

import (
	"context"
	"net"
	"net/http"
	"sync"
	"testing"

	"github.com/hashdrop/hashdrop/app/fetch/fetchtest"
)

// The test's hosts: all of them are the one test server.
const (
	publisher = "releases.example.org"
	mirror    = "mirror.example.org" // the publisher's too, in the Policies that name it
	stranger  = "elsewhere.example.net"
)

// testServer is an https server, speaking HTTP/2 and HTTP/1.1, that
// answers for every test host, and the Client that reaches it: a zero
// Client, whose transport is the application's, its connections routed
// to the server (fetchtest).
type testServer struct {
	*fetchtest.Server
	client   *Client
	mu       sync.Mutex
	requests []*http.Request // what the server received
}

// newServer starts an https server with a certificate from the authority
// the client trusts (signer 0) or from another (1), running h.
func newServer(t *testing.T, signer int, h http.HandlerFunc) *testServer {
	a := fetchtest.NewAuthority(t, publisher, mirror, stranger)
	if signer == 1 {
		a = fetchtest.NewUntrustedAuthority(t, publisher, mirror, stranger)
	}
	s := &testServer{client: &Client{}}
	s.Server = fetchtest.Serve(t, a, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests = append(s.requests, r.Clone(context.Background()))
		s.mu.Unlock()
		h(w, r)
	}))
	return s
}

// received returns the requests the server received.
func (s *testServer) received() []*http.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*http.Request(nil), s.requests...)
}

// clientDialing is a zero Client whose connections are made by dial.
func clientDialing(t *testing.T, dial func(ctx context.Context, network, addr string) (net.Conn, error)) *Client {
	fetchtest.NewAuthority(t, publisher) // trusted before the transport is made
	fetchtest.Route(t, dial)
	return &Client{}
}
