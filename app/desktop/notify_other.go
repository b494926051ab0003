//go:build !unix && !windows

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

func (notifier) onClick(func(string)) error {
	return errors.New("notifications cannot be clicked on this system")
}
