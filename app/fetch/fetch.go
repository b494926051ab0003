// Package fetch is the one place Hashdrop touches the network: with the
// user's consent it GETs a publisher's checksum file or signature (issue
// 40), and nothing else.
//
// Get sends a GET of the URL asked for, and of the redirects it follows,
// and nothing more: no cookies, no Referer, no credentials, a User-Agent of
// "Hashdrop". Only https is spoken, and only to the hosts the Policy names,
// redirects included; a body larger than the Policy's limit is refused
// without being read whole; the fetch gives up after its time limit, or when
// the server stops sending, and stops at once when the caller cancels.
//
// Every failure is an *Error whose Kind the caller words (words.go has the
// English): no network, not there (404), a certificate not trusted, a
// redirect elsewhere, too large, timed out. None of them says anything
// about the file being checked: a fetch that failed is never a verdict.
//
// Pure Go, standard library only: it builds with CGO_ENABLED=0.
package fetch

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/textproto"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashdrop/hashdrop/app/fetch/internal/testroute"
)

// The Policy's defaults, and the redirects followed at most.
const (
	DefaultMaxBytes = 4 << 20          // checksum files and signatures are kilobytes
	DefaultTimeout  = 30 * time.Second // the whole fetch
	DefaultStall    = 10 * time.Second // no byte received for this long
	MaxRedirects    = 5
)

// Policy says what a fetch may do.
type Policy struct {
	// Hosts are the only hosts contacted, at the start and at every
	// redirect: exact ASCII names, compared without regard to the case of
	// A to Z alone, no wildcards. A host that is not ASCII is never
	// contacted, whatever is listed (hosts.go). A host with a port other than 443 must be listed with it
	// ("example.org:8443"). None: nothing is fetched.
	Hosts    []string
	MaxBytes int64         // a larger body is refused; 0: DefaultMaxBytes
	Timeout  time.Duration // the whole fetch, redirects included; 0: DefaultTimeout
	// Stall is how long the fetch waits for the next byte (connecting
	// included) before it gives up; 0: DefaultStall.
	Stall time.Duration
}

func (p Policy) withDefaults() Policy {
	if p.MaxBytes <= 0 {
		p.MaxBytes = DefaultMaxBytes
	}
	if p.Timeout <= 0 {
		p.Timeout = DefaultTimeout
	}
	if p.Stall <= 0 {
		p.Stall = DefaultStall
	}
	return p
}

// allows returns the Kind that forbids fetching u, or Other when u may be
// fetched.
func (p Policy) allows(u *url.URL) Kind {
	if u.Scheme != "https" {
		return NotHTTPS
	}
	if !isASCII(u.Host) {
		return HostNotAllowed
	}
	host := u.Host
	if u.Port() == "443" {
		host = u.Hostname()
	}
	for _, h := range p.Hosts {
		if sameHost(h, host) {
			return Other
		}
	}
	return HostNotAllowed
}

// Client fetches. Its zero value uses the system's certificate
// authorities; Get uses a zero Client.
type Client struct {
	// Transport sends each request; nil: the application's, which trusts
	// the system's certificate authorities, speaks TLS 1.2 or later and
	// HTTP/2 where the server does, and goes through the proxy the
	// environment names (HTTPS_PROXY, NO_PROXY): where a proxy is the only
	// way out, the user's browser uses it too, and the TLS connection still
	// runs to the publisher's host, whose certificate is checked; the proxy
	// learns only the host's name. Tests leave it nil too: fetchtest
	// routes that transport's connections to a test server (issue 46).
	Transport http.RoundTripper
	// UserAgent is the User-Agent sent; "": "Hashdrop". The window may
	// add its version ("Hashdrop/1.4.0"); nothing else should be added.
	UserAgent string
}

// defaultTransport is the Transport of a Client without one, made at the
// first fetch: its roots are the system's unless fetchtest gave a test
// authority before (internal/testroute).
var defaultTransport = sync.OnceValue(func() *http.Transport {
	var tr *http.Transport
	roots := testroute.Made(func() { tr.CloseIdleConnections() })
	tr = newTransport(roots, routedDial)
	return tr
})

// routedDial connects to addr, or where a test routes it.
func routedDial(ctx context.Context, network, addr string) (net.Conn, error) {
	if dial := testroute.Current(); dial != nil {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return testroute.Dialled(c), nil
	}
	return netDialer.DialContext(ctx, network, addr)
}

var netDialer = &net.Dialer{KeepAlive: 30 * time.Second}

// newTransport is the application's Transport, trusting roots (nil: the
// system's) and dialing with dial (nil: a net.Dialer's).
func newTransport(roots *x509.CertPool, dial func(ctx context.Context, network, addr string) (net.Conn, error)) *http.Transport {
	if dial == nil {
		dial = netDialer.DialContext
	}
	return &http.Transport{
		Proxy:       proxy,
		DialContext: dial,
		TLSClientConfig: &tls.Config{
			RootCAs:    roots,
			MinVersion: tls.VersionTLS12,
		},
		ForceAttemptHTTP2: true,
		MaxIdleConns:      4,
		IdleConnTimeout:   30 * time.Second,
		// No dial, handshake or header timeouts: Policy.Stall is all of
		// them, and tells a host not reached from one that stopped.
	}
}

// proxy is the environment's, except while a test routes the connections:
// its hosts are the test server's.
func proxy(req *http.Request) (*url.URL, error) {
	if testroute.Current() != nil {
		return nil, nil
	}
	return http.ProxyFromEnvironment(req)
}

// Get fetches rawURL under p with a zero Client: the system's certificate
// authorities, the environment's proxy. See Client.Get.
func Get(ctx context.Context, rawURL string, p Policy) ([]byte, error) {
	var c Client
	return c.Get(ctx, rawURL, p)
}

// Get fetches rawURL under p and returns its body, whole. rawURL must be
// https and its host one of p.Hosts, or nothing is sent. Redirects (301,
// 302, 303, 307, 308) are followed, at most MaxRedirects, each one only if
// it too is https to one of p.Hosts. Only a 200 answer is a body.
//
// The body may come compressed (Go's Accept-Encoding: gzip); MaxBytes
// counts it uncompressed. A body that ended as the time ran out, or as the
// caller cancelled, is not returned: the server may have ended it because
// the connection was closing.
//
// Cancelling ctx stops the fetch at once; ctx's deadline is a TimedOut.
// Every error is an *Error; one of Kind Cancelled wraps ctx's error (so
// app.CauseOf says CauseCancelled), and no other Kind wraps
// context.Canceled.
func (c *Client) Get(ctx context.Context, rawURL string, p Policy) ([]byte, error) {
	p = p.withDefaults()
	u, err := parseURL(rawURL)
	if err != nil {
		return nil, &Error{URL: rawURL, Kind: BadAddress, Err: err}
	}
	if k := p.allows(u); k != Other {
		e := &Error{URL: rawURL, Kind: k}
		e.Host, e.Looks = shownHost(u.Host)
		return nil, e
	}

	f := &fetching{client: c, policy: p, asked: rawURL, userCtx: ctx}
	return f.run(u)
}

// parseURL reads an address Get may fetch: absolute, with a host, no user
// name or password. The fragment is dropped (it is never sent anyway).
func parseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	var ue *url.Error
	switch {
	case errors.As(err, &ue):
		return nil, ue.Err // its words repeat the address
	case err != nil:
		return nil, err
	case !u.IsAbs() || u.Host == "" || u.Hostname() == "":
		return nil, errNotAbsolute
	case u.User != nil:
		return nil, errCredentials
	}
	u.Fragment, u.RawFragment = "", ""
	return u, nil
}

var (
	errNotAbsolute = errors.New("not a full web address (https://host/path)")
	errCredentials = errors.New("it holds a user name or password")
	// The causes a fetch's context is cancelled with.
	errStalled  = errors.New("nothing received for too long")
	errTimedOut = errors.New("took too long")
)

// fetching is one call of Get.
type fetching struct {
	client  *Client
	policy  Policy
	asked   string          // the URL Get was given, as given
	userCtx context.Context // the caller's: its end is Cancelled, or TimedOut at its deadline

	ctx       context.Context // the caller's, with the time limit and the stall
	stall     *time.Timer     // fires errStalled; reset by every byte received
	connected atomic.Bool     // a connection was made: a stall is no longer "not reached"
}

func (f *fetching) run(u *url.URL) ([]byte, error) {
	ctx, cancel := context.WithCancelCause(f.userCtx)
	defer cancel(nil)
	ctx, stop := context.WithTimeoutCause(ctx, f.policy.Timeout, errTimedOut)
	defer stop()
	f.stall = time.AfterFunc(f.policy.Stall, func() { cancel(errStalled) })
	defer f.stall.Stop()
	f.ctx = httptrace.WithClientTrace(ctx, f.trace())

	for redirects := 0; ; redirects++ {
		resp, err := f.roundTrip(u)
		if err != nil {
			return nil, f.failed(u, err)
		}
		if target, ok := redirectOf(resp); ok {
			resp.Body.Close()
			next, err := u.Parse(target)
			if err == nil {
				next, err = parseURL(next.String())
			}
			switch {
			case err != nil:
				return nil, &Error{URL: f.asked, Kind: BadAddress, Host: u.Host, Target: target, Err: err}
			case redirects == MaxRedirects:
				return nil, &Error{URL: f.asked, Kind: TooManyRedirects, Host: u.Host, Target: next.String()}
			}
			if k := f.policy.allows(next); k != Other {
				e := &Error{URL: f.asked, Kind: k, Target: shownURL(next)}
				e.Host, e.Looks = shownHost(next.Host)
				return nil, e
			}
			u = next
			continue
		}
		return f.body(u, resp)
	}
}

// trace resets the stall at every sign of life from the other end.
func (f *fetching) trace() *httptrace.ClientTrace {
	alive := func() { f.stall.Reset(f.policy.Stall) }
	return &httptrace.ClientTrace{
		DNSDone: func(httptrace.DNSDoneInfo) { alive() },
		ConnectDone: func(_, _ string, err error) {
			if err == nil {
				f.connected.Store(true)
				alive()
			}
		},
		GotConn: func(httptrace.GotConnInfo) {
			f.connected.Store(true)
			alive()
		},
		TLSHandshakeDone:     func(tls.ConnectionState, error) { alive() },
		GotFirstResponseByte: alive,
		Got1xxResponse:       func(int, textproto.MIMEHeader) error { alive(); return nil },
	}
}

// roundTrip sends the one GET for u: no cookie, no Referer, no credentials.
func (f *fetching) roundTrip(u *url.URL) (*http.Response, error) {
	req, err := http.NewRequestWithContext(f.ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	ua := f.client.UserAgent
	if ua == "" {
		ua = "Hashdrop"
	}
	req.Header.Set("User-Agent", ua)
	t := f.client.Transport
	if t == nil {
		t = defaultTransport()
	}
	return t.RoundTrip(req)
}

// redirectOf returns where resp redirects to, if it is a redirect to follow.
func redirectOf(resp *http.Response) (string, bool) {
	switch resp.StatusCode {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		loc := resp.Header.Get("Location")
		return loc, loc != ""
	}
	return "", false
}

// body reads resp's body, at most MaxBytes of it.
func (f *fetching) body(u *url.URL, resp *http.Response) ([]byte, error) {
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return nil, &Error{URL: f.asked, Kind: NotFound, Host: u.Host, Code: resp.StatusCode}
	case resp.StatusCode != http.StatusOK:
		return nil, &Error{URL: f.asked, Kind: HTTPStatus, Host: u.Host, Code: resp.StatusCode}
	case resp.ContentLength > f.policy.MaxBytes:
		return nil, &Error{URL: f.asked, Kind: TooLarge, Host: u.Host, Size: resp.ContentLength, Limit: f.policy.MaxBytes}
	}
	// Doubling up to the limit and one byte more (the byte that shows a
	// body too large), so that a body refused allocated at most about
	// twice the limit in all.
	limit := f.policy.MaxBytes + 1
	size := min(16<<10, limit)
	if resp.ContentLength >= 0 {
		size = min(resp.ContentLength+1, limit) // +1: the read that finds the end
	}
	buf := make([]byte, 0, size)
	r := &aliveReader{resp.Body, f}
	for int64(len(buf)) < limit {
		if len(buf) == cap(buf) {
			next := 2*int64(cap(buf)) + 512
			if 2*next > limit {
				next = limit // rather than a last doubling short of it
			}
			grown := make([]byte, len(buf), next)
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			f.stall.Stop()
			break
		}
		if err != nil {
			return nil, f.failed(u, err)
		}
	}
	if int64(len(buf)) > f.policy.MaxBytes {
		return nil, &Error{URL: f.asked, Kind: TooLarge, Host: u.Host, Limit: f.policy.MaxBytes}
	}
	if err := f.ctx.Err(); err != nil {
		// Cancelled or out of time as the body ended: the server may
		// have ended it because the connection was being closed.
		return nil, f.failed(u, err)
	}
	return buf, nil
}

// aliveReader resets the stall at every byte read.
type aliveReader struct {
	r io.Reader
	f *fetching
}

func (a *aliveReader) Read(p []byte) (int, error) {
	n, err := a.r.Read(p)
	if n > 0 {
		a.f.stall.Reset(a.f.policy.Stall)
	}
	return n, err
}

// failed is the Error of err, which came from fetching u.
func (f *fetching) failed(u *url.URL, err error) *Error {
	e := &Error{URL: f.asked, Host: u.Host, Err: err}
	if f.ctx.Err() != nil {
		// The context ended: whatever the transport says, that is why.
		switch cause := context.Cause(f.ctx); {
		case f.userCtx.Err() != nil && errors.Is(f.userCtx.Err(), context.DeadlineExceeded):
			e.Kind, e.Err = TimedOut, f.userCtx.Err()
		case f.userCtx.Err() != nil:
			e.Kind, e.Err = Cancelled, context.Cause(f.userCtx)
		case cause == errStalled && !f.connected.Load():
			e.Kind, e.Err, e.After = NoNetwork, cause, f.policy.Stall
		case cause == errStalled:
			e.Kind, e.Err, e.After = Stalled, cause, f.policy.Stall
		default:
			e.Kind, e.Err, e.After = TimedOut, errTimedOut, f.policy.Timeout
		}
		return e
	}
	e.Kind = kindOf(err)
	return e
}
