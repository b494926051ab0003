package fetch

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Error is a fetch that failed: "releases.ubuntu.com could not be reached
// (no network?)" (see words.go for the English). It is never a verdict on
// the file being checked.
type Error struct {
	URL  string // the URL Get was given
	Kind Kind   // what went wrong
	// Host is the host concerned: the one refused, not reached or not
	// trusted, or the last one asked (host, or host:port). A refused host
	// that is not ASCII is given in its punycode form ("xn--…"), so that
	// words showing it cannot read as the publisher's host.
	Host string
	// Looks is what a refused host that is not ASCII looks like
	// ("releaſes.ubuntu.com"); "" for an ASCII host.
	Looks string
	// Target is where a redirect led, when the trouble is the redirect
	// (its host written as Host is).
	Target string
	Code   int           // the HTTP status (NotFound, HTTPStatus)
	Size   int64         // the size the server announced (TooLarge), 0 when not known
	Limit  int64         // Policy.MaxBytes (TooLarge)
	After  time.Duration // the time limit that ran out (Stalled, TimedOut, NoNetwork); 0 when not known
	Err    error         // the underlying error, if any
}

func (e *Error) Unwrap() error { return e.Err }

// Kind is what went wrong with a fetch.
type Kind int

const (
	Other            Kind = iota // see Err
	BadAddress                   // not a full web address, or one with a user name or password
	NotHTTPS                     // not https: at the start or at a redirect; nothing sent to it
	HostNotAllowed               // a host not in Policy.Hosts: at the start or at a redirect; nothing sent to it
	TooManyRedirects             // more than MaxRedirects redirects
	NoNetwork                    // the host could not be reached: no such host, refused, unreachable, no answer
	TLSFailed                    // the secure connection failed: a certificate not trusted, for another name, expired
	NotFound                     // 404 or 410: the release may have moved (the caller knows)
	HTTPStatus                   // another answer than 200; see Code
	TooLarge                     // larger than Policy.MaxBytes
	Stalled                      // connected, then nothing received for Policy.Stall
	TimedOut                     // longer than Policy.Timeout, or the caller's deadline
	Cancelled                    // the caller cancelled (the user's Cancel)
	Interrupted                  // the connection broke off before the end
)

var kindNames = [...]string{"Other", "BadAddress", "NotHTTPS", "HostNotAllowed", "TooManyRedirects",
	"NoNetwork", "TLSFailed", "NotFound", "HTTPStatus", "TooLarge", "Stalled", "TimedOut",
	"Cancelled", "Interrupted"}

// String is the constant's name, for logs and tests ("NotFound").
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// KindOf is the Kind of err: its *Error's, else Other.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return Other
}

// kindOf tells what a transport's error (not a context's end) means.
func kindOf(err error) Kind {
	var (
		dns     *net.DNSError
		op      *net.OpError
		verify  *tls.CertificateVerificationError
		unknown x509.UnknownAuthorityError
		name    x509.HostnameError
		invalid x509.CertificateInvalidError
		record  tls.RecordHeaderError
		alert   tls.AlertError
		ech     *tls.ECHRejectionError
	)
	switch {
	case errors.As(err, &dns):
		return NoNetwork
	case errors.As(err, &verify), errors.As(err, &unknown), errors.As(err, &name),
		errors.As(err, &invalid), errors.As(err, &record), errors.As(err, &alert), errors.As(err, &ech):
		return TLSFailed
	case errors.As(err, &op) && (op.Op == "dial" || op.Op == "proxyconnect"):
		return NoNetwork
	case errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ENETUNREACH),
		errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETDOWN):
		return NoNetwork
	case strings.HasPrefix(err.Error(), "tls: "), strings.Contains(err.Error(), ": tls: "):
		// A handshake's other failures are plain errors of crypto/tls.
		return TLSFailed
	case strings.HasPrefix(err.Error(), "stream error: "), strings.Contains(err.Error(), "http2: client connection lost"),
		strings.Contains(err.Error(), "http2: server sent GOAWAY"):
		// HTTP/2's stream reset or connection lost: net/http does not
		// export its types.
		return Interrupted
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF),
		errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.ECONNABORTED),
		errors.Is(err, syscall.EPIPE), errors.As(err, &op):
		return Interrupted
	}
	return Other
}
