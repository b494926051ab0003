//go:build race

package signature

// raceEnabled: the race detector is on, and allocates beside the code
// (budgets of bytes allocated do not hold then).
const raceEnabled = true
