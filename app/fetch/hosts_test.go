package fetch

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hashdrop/hashdrop/app/fetch/fetchtest"
)

// A redirect from the row's host to "releaſes.ubuntu.com" (U+017F, which
// Unicode case folding takes for an s) is refused, over HTTP/2 as the
// application speaks it, after the one connection that asked: no second
// request, no storm of connections (issue 46: 23,090 in 30 s). The words
// show the host in punycode, beside what it looks like.
func TestARedirectToAHomoglyphHostIsRefusedOverHTTP2(t *testing.T) {
	const row = "releases.ubuntu.com"
	for _, target := range []string{
		"https://releaſes.ubuntu.com/noble/SHA256SUMS",
		"https://relea%C5%BFes.ubuntu.com/noble/SHA256SUMS", // the same, escaped
		"https://releaſes.ubuntu.com:443/noble/SHA256SUMS",
	} {
		var protos []string
		s := fetchtest.Serve(t, fetchtest.NewAuthority(t, row), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			protos = append(protos, r.Proto)
			http.Redirect(w, r, target, http.StatusFound)
		}))
		p := Policy{Hosts: []string{row}, Timeout: 5 * time.Second}
		e := fetchError(t, &Client{}, "https://"+row+"/noble/SHA256SUMS", p, HostNotAllowed)
		if !strings.HasPrefix(e.Looks, "releaſes.ubuntu.com") || !strings.HasPrefix(e.Host, "xn--releaes-pxb.ubuntu.com") {
			t.Errorf("%s: Host %q, Looks %q", target, e.Host, e.Looks)
		}
		words := e.Error()
		if !strings.Contains(words, "xn--releaes-pxb.ubuntu.com") || !strings.Contains(words, `(shown as "releaſes.ubuntu.com`) ||
			strings.Contains(words, "redirects to "+row) || !strings.Contains(e.Target, "://xn--releaes-pxb.ubuntu.com") {
			t.Errorf("%s: words %q, Target %q", target, words, e.Target)
		}
		if len(protos) != 1 || protos[0] != "HTTP/2.0" {
			t.Errorf("%s: requests %q, want one over HTTP/2", target, protos)
		}
		if n := s.Accepted(); n != 1 {
			t.Errorf("%s: %d connections, want 1", target, n)
		}
	}
}

// A host that is not ASCII is never contacted, even when a Policy lists
// it, and is shown in punycode.
func TestAHostNotASCIIIsNotContacted(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(sums)) })
	for _, host := range []string{"releaſes.example.org", "RELEAſES.example.org", "releases.example.\u212Arg"} {
		for _, p := range []Policy{onlyPublisher, {Hosts: []string{host}}} {
			e := fetchError(t, s.client, "https://"+host+"/SUMS", p, HostNotAllowed)
			if e.Looks != host || !strings.Contains(e.Host, "xn--") || !strings.HasPrefix(e.Error(), e.Host+` (shown as "`+host+`") is a name that is not plain ASCII`) {
				t.Errorf("%s: Host %q, Looks %q, words %q", host, e.Host, e.Looks, e.Error())
			}
		}
	}
	if n := s.Accepted(); n != 0 {
		t.Errorf("%d connections", n)
	}
}

func TestHostsAreComparedAsASCII(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"releases.ubuntu.com", "releases.ubuntu.com", true},
		{"RELEASES.Ubuntu.COM", "releases.ubuntu.com", true},
		{"releases.ubuntu.com", "releaſes.ubuntu.com", false}, // U+017F folds to s
		{"cdimage.kali.org", "cdimage.\u212Aali.org", false},  // the Kelvin sign folds to k
		{"archlinux.org", "archl\u0130nux.org", false},        // İ lowers to i
		{"releases.ubuntu.com", "releases.ubuntu.co", false},
		{"a-b.org", "a-B.org", true},
		{"a@b.org", "a`b.org", false}, // not letters: @ is A-1, ` is a-1
	} {
		if got := sameHost(c.a, c.b); got != c.same {
			t.Errorf("sameHost(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

// Punycode as RFC 3492 and browsers write it (cross-checked while
// written against golang.org/x/net/idna's Punycode profile, 200,000
// random labels).
func TestPunycode(t *testing.T) {
	for _, c := range []struct{ host, want string }{
		{"releaſes.ubuntu.com", "xn--releaes-pxb.ubuntu.com"},
		{"bücher.de", "xn--bcher-kva.de"},
		{"münchen", "xn--mnchen-3ya"},
		{"ليهمابتكلموشعربي؟", "xn--egbpdaj6bu4bxfgehfvwxn"}, // RFC 3492 7.1 (A)
		{"他们为什么不说中文", "xn--ihqwcrb4cv8a8dqg056pqjye"},       // (B)
		{"releases.ubuntu.com", "releases.ubuntu.com"},
	} {
		if got := punycodeHost(c.host); got != c.want {
			t.Errorf("punycodeHost(%q) = %q, want %q", c.host, got, c.want)
		}
	}
}

// The application's transport, as tests reach it, is the one Get uses.
func TestTheRoutedTransportIsTheApplications(t *testing.T) {
	s := newServer(t, 0, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(sums)) })
	if _, err := Get(context.Background(), "https://"+publisher+"/SUMS", onlyPublisher); err != nil {
		t.Fatal(err)
	}
	if n := len(s.received()); n != 1 {
		t.Errorf("%d requests", n)
	}
}
