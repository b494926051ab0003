//go:build opensslpeer && cgo

package opensslpeer

/*
#cgo LDFLAGS: -lcrypto
#include <openssl/evp.h>
*/
import "C"

import (
	"fmt"
	"hash"
	"runtime"
	"unsafe"
)

// evpHash is an OpenSSL digest behind hash.Hash, through the EVP interface
// that openssl dgst and openssl speed -evp use.
type evpHash struct {
	md      *C.EVP_MD
	ctx     *C.EVP_MD_CTX
	scratch *C.EVP_MD_CTX // Sum finishes a copy, so the state goes on
	size    int
}

// newEVP fetches OpenSSL's digest of that name ("SHA256", "SHA1").
func newEVP(name string) (hash.Hash, error) {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	md := C.EVP_MD_fetch(nil, cname, nil)
	if md == nil {
		return nil, fmt.Errorf("OpenSSL has no digest %q", name)
	}
	h := &evpHash{md: md, ctx: C.EVP_MD_CTX_new(), scratch: C.EVP_MD_CTX_new(), size: int(C.EVP_MD_get_size(md))}
	runtime.AddCleanup(h, func(p [2]*C.EVP_MD_CTX) { C.EVP_MD_CTX_free(p[0]); C.EVP_MD_CTX_free(p[1]) }, [2]*C.EVP_MD_CTX{h.ctx, h.scratch})
	h.Reset()
	return h, nil
}

func (h *evpHash) Reset() {
	if C.EVP_DigestInit_ex(h.ctx, h.md, nil) != 1 {
		panic("opensslpeer: EVP_DigestInit_ex failed")
	}
}

func (h *evpHash) Write(p []byte) (int, error) {
	if len(p) > 0 && C.EVP_DigestUpdate(h.ctx, unsafe.Pointer(&p[0]), C.size_t(len(p))) != 1 {
		panic("opensslpeer: EVP_DigestUpdate failed")
	}
	return len(p), nil
}

func (h *evpHash) Sum(in []byte) []byte {
	var out [C.EVP_MAX_MD_SIZE]byte
	var n C.uint
	if C.EVP_MD_CTX_copy_ex(h.scratch, h.ctx) != 1 || C.EVP_DigestFinal_ex(h.scratch, (*C.uchar)(&out[0]), &n) != 1 {
		panic("opensslpeer: EVP_DigestFinal_ex failed")
	}
	return append(in, out[:n]...)
}

func (h *evpHash) Size() int      { return h.size }
func (h *evpHash) BlockSize() int { return int(C.EVP_MD_get_block_size(h.md)) }
