//go:build !unix

package desktop

import "errors"

// Windows' toast notifications need a registered app id and WinRT calls:
// not done yet.
type notifier struct{}

func newNotifier() (notifier, error) {
	return notifier{}, errors.New("no desktop notifications on this system yet: the verdicts are printed only")
}

func (notifier) notify(Notification) error {
	return errors.New("no desktop notifications on this system")
}
func (notifier) close() {}
