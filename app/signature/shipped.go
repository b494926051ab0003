package signature

import (
	"fmt"

	"github.com/hashdrop/hashdrop/assets/keys"
)

// ShippedKeys returns the publishers' keys embedded in Hashdrop
// (assets/keys and its List), each with its publisher and provenance. A key file that
// does not hold exactly the key its entry names is an error: the build is
// broken.
func ShippedKeys() ([]*Key, error) {
	out := make([]*Key, 0, len(keys.List))
	for _, e := range keys.List {
		data, err := keys.Data(e)
		if err != nil {
			return nil, err
		}
		ks, err := readKeys(data, true)
		if err != nil {
			return nil, fmt.Errorf("shipped key %s: %w", e.File, err)
		}
		if len(ks) != 1 || ks[0].Fingerprint != e.Fingerprint {
			return nil, fmt.Errorf("shipped key %s does not hold the key %s", e.File, e.Fingerprint)
		}
		k := ks[0]
		k.Publisher, k.Provenance, k.Origin = e.Publisher, e.Source, Shipped
		out = append(out, k)
	}
	return out, nil
}
