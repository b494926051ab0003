package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/tls"
	"errors"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app"
)

const sums = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef *ubuntu-24.04-desktop-amd64.iso\n"

var onlyPublisher = Policy{Hosts: []string{publisher}}

// fetchError fetches url with c under p and returns its *Error, failing
// the test when there is none or when it is not of Kind want.
func fetchError(t *testing.T, c *Client, url string, p Policy, want Kind) *Error {
	t.Helper()
	body, err := c.Get(context.Background(), url, p)
	if err == nil {
		t.Fatalf("Get(%s) = %d bytes, want an error of Kind %v", url, len(body), want)
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Get(%s): %T %v, want an *Error", url, err, err)
	}
	if e.Kind != want {
		t.Fatalf("Get(%s): Kind %v (%v), want %v", url, e.Kind, err, want)
	}
	if body != nil {
		t.Errorf("Get(%s) failed with a body of %d bytes", url, len(body))
	}
	t.Logf("%v: %v", e.Kind, err)
	return e
}

func TestGetReturnsTheBodyOfOneBareGET(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(sums))
	})
	body, err := s.client.Get(context.Background(), "https://"+publisher+"/noble/SHA256SUMS", onlyPublisher)
	if err != nil {
		t.Fatal(err)
	}
	if string(body) != sums {
		t.Errorf("body %q, want %q", body, sums)
	}
	reqs := s.received()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	checkBare(t, reqs[0], "/noble/SHA256SUMS")
}

// checkBare fails unless r is a GET of path with nothing but what HTTP
// needs: no cookie, no Referer, no credentials.
func checkBare(t *testing.T, r *http.Request, path string) {
	t.Helper()
	if r.Method != http.MethodGet || r.URL.Path != path {
		t.Errorf("request %s %s, want GET %s", r.Method, r.URL.Path, path)
	}
	if ua := r.Header.Get("User-Agent"); ua != "Hashdrop" {
		t.Errorf("User-Agent %q, want Hashdrop", ua)
	}
	for name := range r.Header {
		switch name {
		case "User-Agent", "Accept-Encoding":
		default:
			t.Errorf("request header %s: %q, want none but User-Agent and Accept-Encoding", name, r.Header[name])
		}
	}
	if r.ContentLength > 0 || len(r.TransferEncoding) > 0 {
		t.Errorf("request with a body")
	}
}

func TestGetSendsTheUserAgentAsked(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {})
	s.client.UserAgent = "Hashdrop/1.4.0"
	if _, err := s.client.Get(context.Background(), "https://"+publisher+"/", onlyPublisher); err != nil {
		t.Fatal(err)
	}
	if ua := s.received()[0].Header.Get("User-Agent"); ua != "Hashdrop/1.4.0" {
		t.Errorf("User-Agent %q", ua)
	}
}

func TestRedirectToAnAllowedHostIsFollowedBare(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Host == publisher && r.URL.Path == "/noble/SHA256SUMS":
			http.SetCookie(w, &http.Cookie{Name: "session", Value: "1"})
			http.Redirect(w, r, "https://"+mirror+"/ubuntu/noble/SUMS", http.StatusFound)
		case r.Host == mirror && r.URL.Path == "/ubuntu/noble/SUMS":
			// A relative redirect, on the same host.
			http.SetCookie(w, &http.Cookie{Name: "mirror", Value: "2"})
			w.Header().Set("Location", "SHA256SUMS")
			w.WriteHeader(http.StatusPermanentRedirect)
		case r.Host == mirror && r.URL.Path == "/ubuntu/noble/SHA256SUMS":
			w.Write([]byte(sums))
		default:
			http.NotFound(w, r)
		}
	})
	p := Policy{Hosts: []string{publisher, "MIRROR.example.org"}} // case does not matter
	body, err := s.client.Get(context.Background(), "https://"+publisher+"/noble/SHA256SUMS", p)
	if err != nil {
		t.Fatal(err)
	}
	if string(body) != sums {
		t.Errorf("body %q", body)
	}
	reqs := s.received()
	paths := []string{"/noble/SHA256SUMS", "/ubuntu/noble/SUMS", "/ubuntu/noble/SHA256SUMS"}
	if len(reqs) != len(paths) {
		t.Fatalf("%d requests, want %d", len(reqs), len(paths))
	}
	for i, r := range reqs {
		checkBare(t, r, paths[i])
	}
}

func TestRedirectToAnotherHostIsNotFollowed(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://"+stranger+"/SHA256SUMS", http.StatusMovedPermanently)
	})
	e := fetchError(t, s.client, "https://"+publisher+"/SHA256SUMS", onlyPublisher, HostNotAllowed)
	if e.Host != stranger || !strings.Contains(e.Error(), stranger) {
		t.Errorf("Host %q, words %q: want them to name %s", e.Host, e.Error(), stranger)
	}
	if n := len(s.received()); n != 1 {
		t.Errorf("%d requests, want 1 (none to %s)", n, stranger)
	}
}

func TestRedirectToHTTPIsNotFollowed(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://"+publisher+"/SHA256SUMS", http.StatusFound)
	})
	fetchError(t, s.client, "https://"+publisher+"/SHA256SUMS", onlyPublisher, NotHTTPS)
	if n := len(s.received()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

func TestRedirectToAnotherPortIsNotFollowed(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://"+publisher+":8443/SHA256SUMS", http.StatusFound)
	})
	e := fetchError(t, s.client, "https://"+publisher+"/SHA256SUMS", onlyPublisher, HostNotAllowed)
	if e.Host != publisher+":8443" {
		t.Errorf("Host %q", e.Host)
	}
}

func TestFiveRedirectsAreFollowedNotSix(t *testing.T) {
	for _, hops := range []int{MaxRedirects, MaxRedirects + 1} {
		s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {
			var n int
			for _, c := range r.URL.Path[1:] {
				n = n*10 + int(c-'0')
			}
			if n < hops {
				http.Redirect(w, r, "/"+string(rune('0'+n+1)), http.StatusTemporaryRedirect)
				return
			}
			w.Write([]byte(sums))
		})
		url := "https://" + publisher + "/0"
		if hops == MaxRedirects {
			if body, err := s.client.Get(context.Background(), url, onlyPublisher); err != nil || string(body) != sums {
				t.Errorf("%d redirects: %q, %v", hops, body, err)
			}
			continue
		}
		fetchError(t, s.client, url, onlyPublisher, TooManyRedirects)
		if n := len(s.received()); n != MaxRedirects+1 {
			t.Errorf("%d requests, want %d", n, MaxRedirects+1)
		}
	}
}

// zeros writes size zero bytes to w, announcing the size or not, until
// the client goes.
func zeros(size int64, announce bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if announce {
			w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
		}
		buf := make([]byte, 32<<10)
		for sent := int64(0); sent < size; sent += int64(len(buf)) {
			if _, err := w.Write(buf); err != nil {
				return
			}
		}
	}
}

func TestTwoGigabytesAreRefusedWithoutBeingRead(t *testing.T) {
	const size int64 = 2 << 30
	for _, announce := range []bool{true, false} {
		s := newServer(t, 0, zeros(size, announce))
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		e := fetchError(t, s.client, "https://"+publisher+"/big.iso.sig", onlyPublisher, TooLarge)
		runtime.ReadMemStats(&after)
		if e.Limit != DefaultMaxBytes {
			t.Errorf("Limit %d, want %d", e.Limit, DefaultMaxBytes)
		}
		if announce && e.Size != size {
			t.Errorf("Size %d, want %d (announced)", e.Size, size)
		}
		if !announce && e.Size != 0 {
			t.Errorf("Size %d, want 0 (not announced)", e.Size)
		}
		// About twice the limit, at most: the growing buffer, the
		// connection's. Not 2 GiB.
		alloc := after.TotalAlloc - before.TotalAlloc
		if alloc > 4*DefaultMaxBytes {
			t.Errorf("announced %v: %d MiB allocated", announce, alloc>>20)
		}
		t.Logf("announced %v: %d KiB allocated", announce, alloc>>10)
	}
}

func TestASmallLimitIsKept(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(sums)) })
	p := Policy{Hosts: []string{publisher}, MaxBytes: int64(len(sums))}
	if body, err := s.client.Get(context.Background(), "https://"+publisher+"/SUMS", p); err != nil || string(body) != sums {
		t.Fatalf("a body of exactly MaxBytes: %q, %v", body, err)
	}
	p.MaxBytes--
	e := fetchError(t, s.client, "https://"+publisher+"/SUMS", p, TooLarge)
	if want := "is too large (" + strconv.Itoa(len(sums)) + " bytes; the limit is " + strconv.FormatInt(p.MaxBytes, 10) + " bytes)"; !strings.HasSuffix(e.Error(), want) {
		t.Errorf("words %q, want them to end %q", e.Error(), want)
	}
}

func TestACompressedBodyIsLimitedUncompressed(t *testing.T) {
	var packed bytes.Buffer
	z := gzip.NewWriter(&packed)
	z.Write(make([]byte, 2*DefaultMaxBytes))
	z.Close()
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(packed.Bytes())
	})
	fetchError(t, s.client, "https://"+publisher+"/SUMS", onlyPublisher, TooLarge)
}

// blockUntilGone blocks a handler until the client goes or the test ends.
func blockUntilGone(t *testing.T) func(r *http.Request) {
	end := make(chan struct{})
	t.Cleanup(func() { close(end) }) // before the server's Close, which waits for handlers
	return func(r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-end:
		}
	}
}

func TestAServerThatStopsSendingStalls(t *testing.T) {
	block := blockUntilGone(t)
	for _, headers := range []bool{true, false} {
		s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {
			if headers {
				w.Header().Set("Content-Length", "100")
				w.Write([]byte("0123456789"))
				w.(http.Flusher).Flush()
			}
			block(r)
		})
		p := Policy{Hosts: []string{publisher}, Stall: 200 * time.Millisecond}
		e := fetchError(t, s.client, "https://"+publisher+"/SUMS", p, Stalled)
		if errors.Is(e, context.Canceled) || app.CauseOf(e) == app.CauseCancelled {
			t.Errorf("a stall is cancelled: %v", e)
		}
		if e.After != p.Stall {
			t.Errorf("After %v, want %v", e.After, p.Stall)
		}
	}
}

func TestASlowTrickleTimesOut(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {
		for {
			if _, err := w.Write([]byte("0")); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	})
	p := Policy{Hosts: []string{publisher}, Timeout: 300 * time.Millisecond, Stall: 10 * time.Second}
	e := fetchError(t, s.client, "https://"+publisher+"/SUMS", p, TimedOut)
	if errors.Is(e, context.Canceled) {
		t.Errorf("a time out is cancelled: %v", e)
	}
}

func TestACallersDeadlineTimesOut(t *testing.T) {
	block := blockUntilGone(t)
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) { block(r) })
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := s.client.Get(ctx, "https://"+publisher+"/SUMS", onlyPublisher)
	if KindOf(err) != TimedOut {
		t.Errorf("%v: %v, want TimedOut", KindOf(err), err)
	}
}

func TestCancelStopsTheFetchMidBody(t *testing.T) {
	block := blockUntilGone(t)
	started := make(chan struct{})
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "100")
		w.Write([]byte("0123456789"))
		w.(http.Flusher).Flush()
		close(started)
		block(r)
	})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-started
		time.Sleep(20 * time.Millisecond) // the client is reading the body
		cancel()
	}()
	_, err := s.client.Get(ctx, "https://"+publisher+"/SUMS", onlyPublisher)
	if KindOf(err) != Cancelled {
		t.Fatalf("%v: %v, want Cancelled", KindOf(err), err)
	}
	if !errors.Is(err, context.Canceled) || app.CauseOf(err) != app.CauseCancelled {
		t.Errorf("%v: not context.Canceled, or app.CauseOf %v", err, app.CauseOf(err))
	}
	if err.Error() != "cancelled" {
		t.Errorf("words %q", err.Error())
	}
}

func TestACancelledContextSendsNothing(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := s.client.Get(ctx, "https://"+publisher+"/SUMS", onlyPublisher)
	if KindOf(err) != Cancelled {
		t.Errorf("%v: %v, want Cancelled", KindOf(err), err)
	}
	if n := len(s.received()); n != 0 {
		t.Errorf("%d requests", n)
	}
}

func TestNotFoundIsDistinct(t *testing.T) {
	for _, code := range []int{http.StatusNotFound, http.StatusGone} {
		s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(code) })
		url := "https://" + publisher + "/noble/SHA256SUMS"
		e := fetchError(t, s.client, url, onlyPublisher, NotFound)
		if e.Code != code {
			t.Errorf("Code %d, want %d", e.Code, code)
		}
		if want := url + " is not there (" + strconv.Itoa(code) + "): the release may have moved"; e.Error() != want {
			t.Errorf("words %q, want %q", e.Error(), want)
		}
	}
}

func TestAnotherStatusKeepsItsCode(t *testing.T) {
	for _, code := range []int{http.StatusInternalServerError, http.StatusForbidden, http.StatusNotModified, http.StatusPartialContent} {
		s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(code) })
		e := fetchError(t, s.client, "https://"+publisher+"/SUMS", onlyPublisher, HTTPStatus)
		if e.Code != code || !strings.Contains(e.Error(), strconv.Itoa(code)) {
			t.Errorf("Code %d, words %q: want %d", e.Code, e.Error(), code)
		}
	}
}

func TestAnUntrustedCertificateIsATLSFailure(t *testing.T) {
	s := newServer(t, 1, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(sums)) })
	e := fetchError(t, s.client, "https://"+publisher+"/SUMS", onlyPublisher, TLSFailed)
	if !strings.Contains(e.Error(), "not from an authority") {
		t.Errorf("words %q", e.Error())
	}
	if n := len(s.received()); n != 0 {
		t.Errorf("%d requests sent over an untrusted connection", n)
	}
}

func TestACertificateForAnotherNameIsATLSFailure(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {})
	const other = "cdimage.example.org" // not in the test certificate
	e := fetchError(t, s.client, "https://"+other+"/SUMS", Policy{Hosts: []string{other}}, TLSFailed)
	if !strings.Contains(e.Error(), "for another name") {
		t.Errorf("words %q", e.Error())
	}
}

func TestTheDefaultTransportTrustsTheSystemOverTLS12(t *testing.T) {
	tr := newTransport(nil, nil) // as made without a test's route
	if tr.Proxy == nil {
		t.Error("no proxy from the environment")
	}
	if c := tr.TLSClientConfig; c.MinVersion != tls.VersionTLS12 || c.RootCAs != nil || c.InsecureSkipVerify {
		t.Errorf("TLS: min %x, roots %v, skip %v", c.MinVersion, c.RootCAs, c.InsecureSkipVerify)
	}
	if !tr.ForceAttemptHTTP2 {
		t.Error("HTTP/2 not attempted")
	}
}

// The tests' fetches run on HTTP/2, as the application's do with the
// publishers' hosts, and on HTTP/1.1 with a server that speaks no other.
func TestFetchesSpeakHTTP2(t *testing.T) {
	for _, h2 := range []bool{true, false} {
		var proto []string
		s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {
			proto = append(proto, r.Proto)
			w.Write([]byte(sums))
		})
		if !h2 {
			s.Server.TLS.NextProtos = []string{"http/1.1"}
		}
		want := map[bool]string{true: "HTTP/2.0", false: "HTTP/1.1"}[h2]
		if body, err := s.client.Get(context.Background(), "https://"+publisher+"/SUMS", onlyPublisher); err != nil || string(body) != sums {
			t.Fatalf("%s: %q, %v", want, body, err)
		}
		if len(proto) != 1 || proto[0] != want {
			t.Errorf("served over %q, want %s", proto, want)
		}
	}
}

func TestTLS11IsRefused(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {})
	s.Server.TLS.MaxVersion = tls.VersionTLS11
	fetchError(t, s.client, "https://"+publisher+"/SUMS", onlyPublisher, TLSFailed)
}

func TestAHostNotAllowedIsNotContacted(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(sums)) })
	for _, url := range []string{
		"https://" + stranger + "/SUMS",
		"https://" + publisher + ".evil.example.net/SUMS",
		"https://" + publisher + ":8443/SUMS",
	} {
		fetchError(t, s.client, url, onlyPublisher, HostNotAllowed)
	}
	fetchError(t, s.client, "https://"+publisher+"/SUMS", Policy{}, HostNotAllowed)
	if n := s.Accepted(); n != 0 {
		t.Errorf("%d connections", n)
	}
	if n := len(s.received()); n != 0 {
		t.Errorf("%d requests", n)
	}
}

func TestPort443IsTheHost(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(sums)) })
	if _, err := s.client.Get(context.Background(), "https://"+publisher+":443/SUMS", onlyPublisher); err != nil {
		t.Error(err)
	}
}

func TestOnlyHTTPSIsFetched(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(sums)) })
	for _, url := range []string{"http://" + publisher + "/SUMS", "ftp://" + publisher + "/SUMS", "HTTP://" + publisher + "/SUMS"} {
		fetchError(t, s.client, url, onlyPublisher, NotHTTPS)
	}
	for _, url := range []string{"https://user:pass@" + publisher + "/SUMS", "/SUMS", "https:///SUMS", "https://" + publisher + "/%zz"} {
		fetchError(t, s.client, url, onlyPublisher, BadAddress)
	}
	if n := s.Accepted(); n != 0 {
		t.Errorf("%d connections", n)
	}
}

func TestNoNetwork(t *testing.T) {
	// Refused: a port nobody listens on.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close()
	refused := func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, closed)
	}
	// No such host.
	unknown := func(context.Context, string, string) (net.Conn, error) {
		return nil, &net.DNSError{Err: "no such host", Name: publisher, IsNotFound: true}
	}
	// No answer: the connection never made.
	end := make(chan struct{})
	defer close(end)
	silent := func(ctx context.Context, _, _ string) (net.Conn, error) {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-end:
			return nil, errors.New("test over")
		}
	}
	p := Policy{Hosts: []string{publisher}, Stall: 200 * time.Millisecond}
	for _, dial := range []func(context.Context, string, string) (net.Conn, error){refused, unknown, silent} {
		c := clientDialing(t, dial)
		e := fetchError(t, c, "https://"+publisher+"/SUMS", p, NoNetwork)
		if want := publisher + " could not be reached (no network?)"; e.Error() != want {
			t.Errorf("words %q, want %q", e.Error(), want)
		}
	}
}

func TestAConnectionBrokenOffIsInterrupted(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "100")
		w.Write([]byte("0123456789"))
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler)
	})
	fetchError(t, s.client, "https://"+publisher+"/SUMS", onlyPublisher, Interrupted)
}

func TestErrorWordsNameTheCause(t *testing.T) {
	url := "https://" + publisher + "/noble/SHA256SUMS"
	for _, c := range []struct {
		e    *Error
		want string
	}{
		{&Error{URL: url, Kind: NoNetwork, Host: publisher}, "releases.example.org could not be reached (no network?)"},
		{&Error{URL: url, Kind: HostNotAllowed, Host: stranger, Target: "https://" + stranger + "/x"},
			url + " redirects to elsewhere.example.net, which is not one of the publisher's hosts: not followed"},
		{&Error{URL: "http://x/y", Kind: NotHTTPS, Host: "x"}, "http://x/y is not an https address: not fetched"},
		{&Error{URL: url, Kind: TooLarge, Size: 2 << 30, Limit: 4 << 20}, url + " is too large (2 GiB; the limit is 4 MiB)"},
		{&Error{URL: url, Kind: TooLarge, Limit: 4 << 20}, url + " is too large (more than 4 MiB)"},
		{&Error{URL: url, Kind: HTTPStatus, Host: publisher, Code: 503}, url + " could not be fetched: releases.example.org answered 503 Service Unavailable"},
		{&Error{URL: url, Kind: Stalled, Host: publisher, After: 10 * time.Second}, "releases.example.org stopped sending (nothing received for 10s)"},
		{&Error{URL: url, Kind: TimedOut, After: 30 * time.Second}, "fetching " + url + " took longer than 30s: given up"},
		{&Error{URL: url, Kind: TooManyRedirects}, url + " redirects more than 5 times: not followed"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%v: %q, want %q", c.e.Kind, got, c.want)
		}
		// The window's words for a Cause it does not know are these.
		if got := app.ErrorWords(c.e); got != c.want {
			t.Errorf("%v: app.ErrorWords %q", c.e.Kind, got)
		}
	}
}
