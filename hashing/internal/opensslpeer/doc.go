// Package opensslpeer measures Hashdrop's hashing against OpenSSL's libcrypto
// in one process, message by message in turns (hashtest.AlternateClocked),
// so that a kernel slower than OpenSSL's shows in MB/s and in cycles a
// block, apart from what the whole process adds (peerbench measures that).
// It links libcrypto through cgo, so it is built only with the tag
// opensslpeer, which make bench sets:
//
//	go test -tags opensslpeer -v -run Kernels ./hashing/internal/opensslpeer -algorithms sha256,sha1
package opensslpeer
