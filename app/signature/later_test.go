package signature

import (
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

// A ring of KeyringLater loads its first keys when it is first used, once
// however many ask at a time, and then holds what an eager ring holds, in
// the same order: the first keys, then those added meanwhile, a key added
// again kept as it first came (a shipped key stays shipped).
func TestKeyringLater(t *testing.T) {
	ks, err := ShippedKeys()
	if err != nil || len(ks) < 2 {
		t.Fatalf("%d shipped keys: %v", len(ks), err)
	}
	again := *ks[0]
	again.Origin = Imported
	var loads atomic.Int32
	ring := KeyringLater(func() []*Key { loads.Add(1); return ks[1:] })
	ring.Add(&again)
	if loads.Load() != 0 {
		t.Fatal("the first keys were loaded before the ring was used")
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if ring.Find(ks[1].Format, ks[1].Fingerprint) != ks[1] {
				t.Error("a first key is not found")
			}
		})
	}
	wg.Wait()
	if n := loads.Load(); n != 1 {
		t.Fatalf("the first keys were loaded %d times", n)
	}
	eager := &Keyring{}
	eager.Add(ks[1:]...)
	eager.Add(&again)
	if !slices.Equal(ring.Keys(), eager.Keys()) {
		t.Errorf("keys %v, want %v", ring.Keys(), eager.Keys())
	}
	ring.Add(ks[0])
	if k := ring.Find(ks[0].Format, ks[0].Fingerprint); k != &again {
		t.Errorf("the key added first is not kept as it came")
	}
}
