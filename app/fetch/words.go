package fetch

import (
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"strconv"
)

// The English of a failed fetch: Error's Error method, for the command line
// and logs. The window words the same values (Kind and the fields) itself,
// in the user's language.

func (e *Error) Error() string {
	const notSent = ": not fetched"
	const notFollowed = ": not followed"
	switch e.Kind {
	case BadAddress:
		if e.Target != "" {
			return e.URL + " redirects to " + strconv.Quote(e.Target) + ", which is not a usable web address" + notFollowed
		}
		return strconv.Quote(e.URL) + " is not a usable web address (" + e.Err.Error() + ")"
	case NotHTTPS:
		if e.Target != "" {
			return e.URL + " redirects to " + e.Target + ", which is not https" + notFollowed
		}
		return e.URL + " is not an https address" + notSent
	case HostNotAllowed:
		if e.Looks != "" {
			// Shown as it looks, it could pass for the publisher's own.
			host := e.Host + " (shown as " + strconv.Quote(e.Looks) + ")"
			const why = "a name that is not plain ASCII, never one of the publisher's hosts"
			if e.Target != "" {
				return e.URL + " redirects to " + host + ", " + why + notFollowed
			}
			return host + " is " + why + notSent
		}
		if e.Target != "" {
			return e.URL + " redirects to " + e.Host + ", which is not one of the publisher's hosts" + notFollowed
		}
		return e.Host + " is not one of the publisher's hosts" + notSent
	case TooManyRedirects:
		return e.URL + " redirects more than " + strconv.Itoa(MaxRedirects) + " times" + notFollowed
	case NoNetwork:
		return e.Host + " could not be reached (no network?)"
	case TLSFailed:
		return "could not connect securely to " + e.Host + ": " + tlsWords(e.Err)
	case NotFound:
		return e.URL + " is not there (" + strconv.Itoa(e.Code) + "): the release may have moved"
	case HTTPStatus:
		answer := strconv.Itoa(e.Code)
		if t := http.StatusText(e.Code); t != "" {
			answer += " " + t
		}
		return e.URL + " could not be fetched: " + e.Host + " answered " + answer
	case TooLarge:
		if e.Size > 0 {
			return e.URL + " is too large (" + sizeWords(e.Size) + "; the limit is " + sizeWords(e.Limit) + ")"
		}
		return e.URL + " is too large (more than " + sizeWords(e.Limit) + ")"
	case Stalled:
		if e.After > 0 {
			return e.Host + " stopped sending (nothing received for " + e.After.String() + ")"
		}
		return e.Host + " stopped sending"
	case TimedOut:
		if e.After > 0 {
			return "fetching " + e.URL + " took longer than " + e.After.String() + ": given up"
		}
		return "fetching " + e.URL + " took too long: given up"
	case Cancelled:
		return "cancelled"
	case Interrupted:
		return "the connection to " + e.Host + " broke off before the end of " + e.URL
	}
	if e.Err == nil {
		return "cannot fetch " + e.URL
	}
	return "cannot fetch " + e.URL + ": " + e.Err.Error()
}

// tlsWords says why a secure connection failed.
func tlsWords(err error) string {
	var (
		unknown x509.UnknownAuthorityError
		name    x509.HostnameError
		invalid x509.CertificateInvalidError
	)
	switch {
	case errors.As(err, &unknown):
		return "its certificate is not from an authority this computer trusts"
	case errors.As(err, &name):
		return "its certificate is for another name"
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		return "its certificate has expired or is not yet valid (is this computer's clock right?)"
	case err == nil:
		return "the secure connection failed"
	}
	return "the secure connection failed (" + err.Error() + ")"
}

// sizeWords is n bytes for a person: "4 MiB", "2 GiB", "1.5 GiB".
func sizeWords(n int64) string {
	units := []struct {
		size int64
		name string
	}{{1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}}
	for _, u := range units {
		if n >= u.size {
			if n%u.size == 0 {
				return strconv.FormatInt(n/u.size, 10) + " " + u.name
			}
			return fmt.Sprintf("%.1f %s", float64(n)/float64(u.size), u.name)
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
