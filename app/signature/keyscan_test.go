package signature

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/ProtonMail/go-crypto/openpgp/armor"
	"github.com/ProtonMail/go-crypto/openpgp/packet"
	pgp "github.com/ProtonMail/go-crypto/openpgp/v2"
)

// heapGrowth returns the bytes allocated while f runs.
func heapGrowth(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// hugeKey returns e's primary key, its user id with its self-signature,
// then n copies of the packets made by more (each a packet and its
// signature; the copies' signatures are not valid, which costs the reader
// nothing less).
func hugeKey(t *testing.T, n int, more func(i int) []byte) []byte {
	t.Helper()
	e := newEntity(t, "Huge")
	var b bytes.Buffer
	e.PrimaryKey.Serialize(&b)
	for _, id := range e.Identities {
		id.UserId.Serialize(&b)
		id.SelfCertifications[0].Packet.Serialize(&b)
	}
	for i := range n {
		b.Write(more(i))
	}
	return b.Bytes()
}

// Item 2: keys with 100,000 user ids, 45,000 subkeys or 5,000 signatures
// are refused before they are parsed: reading one allocates less than a
// tenth of its size (the armored form: its decoded body, as it grows).
func TestHugeKeysRefused(t *testing.T) {
	e := newEntity(t, "Donor")
	var sub bytes.Buffer
	self := bogusSignature(e.PrimaryKey.KeyId, packet.SigTypePositiveCert)
	e.Subkeys[0].PublicKey.Serialize(&sub)
	var primary bytes.Buffer
	e.PrimaryKey.Serialize(&primary)
	e.Subkeys[0].Bindings[0].Packet.Serialize(&sub)
	uid := func(i int) []byte {
		var b bytes.Buffer
		packet.NewUserId(fmt.Sprintf("u%06d", i), "", "").Serialize(&b)
		return append(b.Bytes(), self...)
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"100,000 user ids", hugeKey(t, 100000, uid), "user ids"},
		{"45,000 subkeys", hugeKey(t, 45000, func(int) []byte { return sub.Bytes() }), "subkeys"},
		{"5,000 signatures", hugeKey(t, 5000, func(int) []byte { return self }), "signatures"},
		{fmt.Sprintf("%d bare keys", maxKeyPackets+1), bytes.Repeat(primary.Bytes(), maxKeyPackets+1), "packets"},
		{"3 keys of 2,800 signatures", bytes.Repeat(hugeKey(t, 2800, func(int) []byte { return self }), 3), "in all"},
	}
	for _, tc := range cases {
		if len(tc.data) > MaxKeyFileSize {
			t.Fatalf("%s: %d bytes, over the file limit", tc.name, len(tc.data))
		}
		var b bytes.Buffer
		w, err := armor.Encode(&b, pgp.PublicKeyType, nil)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(tc.data)
		w.Close()
		for _, form := range []struct {
			name   string
			data   []byte
			budget int // bytes reading it may allocate
		}{{"binary", tc.data, len(tc.data) / 10}, {"armored", b.Bytes(), 3 * len(tc.data)}} {
			var err error
			grew := heapGrowth(func() { _, err = ReadKeys(form.data) })
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s, %s: %v, want an error about %s", tc.name, form.name, err, tc.want)
			}
			if grew > uint64(form.budget) && !raceEnabled {
				t.Errorf("%s, %s: reading %d bytes allocated %d, over %d", tc.name, form.name, len(form.data), grew, form.budget)
			}
		}
	}
	// Within the bounds, a key with many user ids and subkeys reads.
	data := hugeKey(t, MaxUserIDs-1, uid)
	data = append(data, bytes.Repeat(sub.Bytes(), MaxSubkeys-1)...)
	if _, err := ReadKeys(data); err != nil {
		t.Errorf("a key of %d user ids and %d subkeys: %v", MaxUserIDs, MaxSubkeys, err)
	}
}

// Item 3: a key whose stored (armored) form would be over the key-file
// limit is refused when read, so it can never be imported and then fail
// to load; whatever ReadKeys accepts reads back from what the store keeps.
func TestKeyTooLargeToStore(t *testing.T) {
	e := newEntity(t, "Big")
	var b bytes.Buffer
	e.PrimaryKey.Serialize(&b)
	for i := range 3 {
		packet.NewUserId(strings.Repeat(string(rune('a'+i)), 4600<<10), "", "").Serialize(&b)
		b.Write(bogusSignature(e.PrimaryKey.KeyId, packet.SigTypePositiveCert))
	}
	if b.Len() > MaxKeyFileSize {
		t.Fatalf("the key takes %d bytes, over the file limit", b.Len())
	}
	ks, err := ReadKeys(b.Bytes())
	if err == nil {
		_, err := ReadKeys(ks[0].Bytes())
		t.Fatalf("a %d-byte key read; its stored form of %d bytes reads back: %v", b.Len(), len(ks[0].Bytes()), err)
	}
	if !strings.Contains(err.Error(), "MiB") {
		t.Errorf("the refusal does not say why: %v", err)
	}
}
