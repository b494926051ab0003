// Package fetchtest serves files over HTTPS for the tests of what fetches
// them (app/fetch, app/release, the command line, the window): a test
// certificate authority, a server with a certificate it signed for the
// publishers' real host names, and a transport that trusts it and reaches
// that server whatever the host. Nothing on the network is touched.
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
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// Authority is a test certificate authority and a server certificate it
// signed for some host names.
type Authority struct {
	Roots  *x509.CertPool
	PEM    []byte // the authority's certificate (SSL_CERT_FILE for a program run by a test)
	Server tls.Certificate
}

// NewAuthority makes an authority and a server certificate for hosts,
// valid for an hour either side of now.
func NewAuthority(t testing.TB, hosts ...string) *Authority {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	ca := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "Hashdrop test authority"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	caCert, err := x509.ParseCertificate(caDER)
	if err != nil {
		t.Fatal(err)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	leaf := &x509.Certificate{
		SerialNumber: big.NewInt(2),
		Subject:      pkix.Name{CommonName: hosts[0]},
		DNSNames:     hosts,
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	leafDER, err := x509.CreateCertificate(rand.Reader, leaf, caCert, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	roots.AddCert(caCert)
	return &Authority{Roots: roots, PEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}),
		Server: tls.Certificate{Certificate: [][]byte{leafDER}, PrivateKey: key}}
}

// Serve starts an https server with a's server certificate running h; it
// is closed at the test's end.
func Serve(t testing.TB, a *Authority, h http.Handler) *httptest.Server {
	s := httptest.NewUnstartedServer(h)
	s.TLS = &tls.Config{Certificates: []tls.Certificate{a.Server}}
	s.Config.ErrorLog = log.New(io.Discard, "", 0) // handshakes refused on purpose
	s.StartTLS()
	t.Cleanup(s.Close)
	return s
}

// Transport trusts a alone and connects to the server s whatever the host
// asked for, without the environment's proxy.
func Transport(t testing.TB, a *Authority, s *httptest.Server) *http.Transport {
	addr := s.Listener.Addr().String()
	tr := &http.Transport{
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, network, addr)
		},
		TLSClientConfig: &tls.Config{RootCAs: a.Roots, MinVersion: tls.VersionTLS12},
	}
	t.Cleanup(tr.CloseIdleConnections)
	return tr
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
