package ui

import (
	"context"
	"errors"
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/fetch"
	"github.com/hashdrop/hashdrop/app/publisher"
	"github.com/hashdrop/hashdrop/app/release"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// A file that nothing published is compared with, whose name a publisher's
// row knows (app/publisher), gets an offer under the banner: "Get Ubuntu's
// signed checksums from releases.ubuntu.com?" (issue 40). Nothing is
// fetched without a click, unless the setting "Always fetch for known
// publishers" (off at first) says so. The fetch (app/release.Fetch) is
// the window's only use of the network: the GET of the row's URLs, on its
// hosts alone; what it brings is read as if it had been beside the file.

// prefAlwaysFetch is the setting "Always fetch for known publishers".
const prefAlwaysFetch = "fetch.always"

// getter fetches for the window (release.Get), and rowKeyring gives the
// keys of a publisher's row (release.RowKeyring): tests set their own.
var (
	getter     release.Getter = release.Get
	rowKeyring                = release.RowKeyring
)

// offer is the band that offers, fetches and says how it went.
type offer struct {
	w        *Window
	obj      *fyne.Container
	headline *widget.Label
	detail   *widget.Label
	yes, no  *button
	item     *fileItem        // the file offered for
	guess    *publisher.Guess // its publisher's row
	stop     context.CancelFunc
	says     bool                        // the band says how a fetch went, until dismissed
	done     map[string]bool             // files fetched for, or declined (until Clear)
	rows     map[string]*publisher.Guess // Lookup's answer by path, nil: none (names do not change)
}

func newOffer(w *Window) *offer {
	o := &offer{w: w, headline: widget.NewLabel(""), detail: widget.NewLabel(""), done: make(map[string]bool), rows: make(map[string]*publisher.Guess)}
	o.headline.TextStyle.Bold = true
	o.headline.Wrapping = fyne.TextWrapWord
	o.detail.Wrapping = fyne.TextWrapWord
	o.yes = w.newButton("", theme.DownloadIcon(), nil)
	o.yes.Importance = widget.HighImportance
	o.no = w.newButton("", nil, nil)
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	bg.CornerRadius = theme.InputRadiusSize()
	buttons := container.NewHBox(o.yes, o.no)
	o.obj = container.NewStack(bg, container.NewPadded(container.NewBorder(nil, nil,
		container.NewCenter(widget.NewIcon(theme.InfoIcon())), container.NewCenter(buttons),
		container.NewVBox(o.headline, o.detail))))
	o.obj.Hide()
	return o
}

// always reports whether the user asked to fetch for known publishers
// without being asked.
func (o *offer) always() bool { return o.w.app.Preferences().Bool(prefAlwaysFetch) }

// alwaysItem is the ☰ menu's setting.
func (w *Window) alwaysFetchItem() *fyne.MenuItem {
	item := fyne.NewMenuItem(tr("Always fetch for known publishers"), nil)
	item.Checked = w.offer.always()
	item.Action = func() {
		w.app.Preferences().SetBool(prefAlwaysFetch, !item.Checked)
		item.Checked = !item.Checked
		w.stale = true
		w.restartDownloadWatcher(item.Checked) // the watcher fetches as the window does
	}
	return item
}

// update offers for the first file that nothing published is compared
// with and whose publisher a row knows, after each verdict.
func (o *offer) update() {
	if o.stop != nil || o.says {
		return // fetching, or saying how it went
	}
	it, g := o.candidate()
	if it == nil {
		if o.item != nil {
			o.hide()
		}
		return
	}
	if it == o.item {
		return
	}
	o.item, o.guess = it, g
	if o.always() {
		o.fetch()
		return
	}
	o.headline.SetText(tr("Get {{.Publisher}}'s signed checksums from {{.Host}}?", "Publisher", g.Publisher, "Host", g.Host))
	switch g.Shape {
	case publisher.OverFile: // Arch, Alpine, Qubes, Tails sign the file itself
		o.headline.SetText(tr("Get {{.Publisher}}'s signature of this file from {{.Host}}?", "Publisher", g.Publisher, "Host", g.Host))
	case publisher.None: // signs nothing: its checksums, as its host serves them
		o.headline.SetText(tr("Get {{.Publisher}}'s checksums from {{.Host}}?", "Publisher", g.Publisher, "Host", g.Host))
	}
	if g.Shape == publisher.None {
		o.headline.SetText(tr("Get {{.Publisher}}'s checksums from {{.Host}}?", "Publisher", g.Publisher, "Host", g.Host))
	}
	o.detail.SetText(o.what())
	o.yes.SetText(tr("Get them"))
	o.yes.OnTapped = o.fetch
	o.yes.Show()
	o.no.SetText(tr("Not now"))
	o.no.OnTapped = o.decline
	o.no.Show()
	o.obj.Show()
	o.w.tracef("offer: %s's checksums from %s for %s", g.Publisher, g.Host, it.path)
}

// candidate is the file to offer for, and its row.
func (o *offer) candidate() (*fileItem, *publisher.Guess) {
	if o.w.expected.parsed != nil || o.w.expected.problem != "" {
		return nil, nil // the user gave a digest: it decides
	}
	for _, it := range o.w.files.items {
		if it.state == stateMissing || it.state == stateFailed || it.verdict.Status != verdict.NotCompared || len(it.published) > 0 || o.done[it.path] {
			continue
		}
		g, seen := o.rows[it.path]
		if !seen {
			g, _ = publisher.Lookup(filepath.Base(it.path))
			o.rows[it.path] = g
		}
		if g != nil {
			return it, g
		}
	}
	return nil, nil
}

// what says what will be contacted and what is sent.
func (o *offer) what() string {
	g := o.guess
	var names []string
	if len(g.Tries) > 0 {
		for _, u := range []string{g.Tries[0].Sums, g.Tries[0].Signature} {
			if u != "" {
				names = append(names, path.Base(u))
			}
		}
	}
	files := listText(names, "and")
	if g.Shape == publisher.None {
		return tr("Hashdrop will download {{.Files}} from {{.Host}} over HTTPS; nothing else is sent. {{.Publisher}} does not sign it: a match will say the file is the one on that server, not that it is genuine.",
			"Files", files, "Host", g.Host, "Publisher", g.Publisher)
	}
	if len(g.Keys) == 0 {
		return tr("Hashdrop will download {{.Files}} from {{.Host}} over HTTPS; nothing else is sent. It ships no key of {{.Publisher}}'s: the signature cannot be checked.",
			"Files", files, "Host", g.Host, "Publisher", g.Publisher)
	}
	return tr("Hashdrop will download {{.Files}} from {{.Host}} over HTTPS and check the signature with {{.Publisher}}'s key, which it ships; nothing else is sent.",
		"Files", files, "Host", g.Host, "Publisher", g.Publisher)
}

// fetch gets the checksums offered, in the background; Cancel (or Esc)
// stops it.
func (o *offer) fetch() {
	it, g, w := o.item, o.guess, o.w
	if it == nil {
		return
	}
	ctx, stop := context.WithCancel(context.Background())
	o.stop, o.says = stop, false
	o.done[it.path] = true
	o.headline.SetText(tr("Getting {{.Publisher}}'s checksums from {{.Host}}…", "Publisher", g.Publisher, "Host", g.Host))
	o.detail.SetText(o.what())
	o.yes.Hide()
	o.no.SetText(tr("Cancel"))
	o.no.OnTapped = stop
	o.no.Show()
	o.obj.Show()
	w.tracef("fetching %s's checksums from %s for %s", g.Publisher, g.Host, it.path)
	gen := w.gen
	w.background(func() {
		got, err := release.Fetch(ctx, it.path, g, rowKeyring(g.Keys), getter)
		w.do(func() {
			stop()
			if gen != w.gen || o.item != it {
				if got != nil {
					got.Close()
				}
				return
			}
			o.stop = nil
			if err != nil {
				o.failure(err)
				return
			}
			o.fetched(it, got)
		})
	})
}

// fetched uses what was fetched for it, as if it had been beside it.
func (o *offer) fetched(it *fileItem, got *release.Fetched) {
	w := o.w
	w.fetched = append(w.fetched, got)
	it.published = append(it.published, got.Published...)
	if got.Signature != nil {
		it.ownSig = got.Signature
	}
	w.addSources(got.Sources)
	w.files.changed(it)
	w.files.fit(it)
	w.stale = true
	w.tracef("fetched %s for %s: %d digests", got.From, it.path, len(got.Published))
	if len(got.Published) == 0 && len(got.Sources) == 0 && got.Signature == nil {
		o.headline.SetText(tr("{{.Publisher}}'s checksums do not list {{.Name}}", "Publisher", o.guess.Publisher, "Name", it.name))
		o.detail.SetText(tr("{{.URL}} lists no file of this name. Open the checksum file published with your download yourself.", "URL", got.From))
		o.yes.Hide()
		o.no.SetText(tr("Dismiss"))
		o.no.OnTapped = o.hide
		o.says = true
		return
	}
	g := o.guess
	o.hide()
	w.flash(tr("{{.Publisher}}'s checksums fetched from {{.Host}}", "Publisher", g.Publisher, "Host", g.Host))
}

// failure says why nothing could be fetched: a word, never a verdict.
func (o *offer) failure(err error) {
	o.w.tracef("fetch: %v", err)
	o.headline.SetText(tr("Could not get {{.Publisher}}'s checksums", "Publisher", o.guess.Publisher))
	o.detail.SetText(fetchErrorText(err))
	o.yes.SetText(tr("Try again"))
	o.yes.OnTapped = o.fetch
	o.yes.Show()
	o.no.SetText(tr("Dismiss"))
	o.no.OnTapped = o.hide
	o.no.Show()
	o.says = true
}

// decline hides the offer for this file until Clear.
func (o *offer) decline() {
	if o.item != nil {
		o.done[o.item.path] = true
		o.w.tracef("offer declined for %s", o.item.path)
	}
	o.hide()
}

func (o *offer) hide() {
	o.item, o.guess, o.says = nil, nil, false
	o.obj.Hide()
	o.w.stale = true // the next file may be offered for
}

// reset forgets everything (Clear), cancelling a fetch.
func (o *offer) reset() {
	if o.stop != nil {
		o.stop()
		o.stop = nil
	}
	o.done = make(map[string]bool)
	o.rows = make(map[string]*publisher.Guess)
	o.item, o.guess, o.says = nil, nil, false
	o.obj.Hide()
}

// fetchErrorText words why a fetch failed, for the band: what happened and
// what to do, never a verdict on the file.
func fetchErrorText(err error) string {
	var moved *release.MovedError
	if errors.As(err, &moved) {
		return tr("{{.Publisher}} no longer lists {{.Version}} where Hashdrop looks: open its checksum file yourself.",
			"Publisher", moved.Publisher, "Version", moved.Version)
	}
	var fe *fetch.Error
	if !errors.As(err, &fe) {
		return errorText(err)
	}
	switch fe.Kind {
	case fetch.NoNetwork:
		return tr("{{.Host}} could not be reached: is this computer online?", "Host", fe.Host)
	case fetch.TLSFailed:
		return tr("The secure connection to {{.Host}} failed: its certificate is not one this computer trusts. Nothing was used.", "Host", fe.Host)
	case fetch.NotFound:
		return tr("{{.URL}} is not there.", "URL", fe.URL)
	case fetch.HostNotAllowed:
		if fe.Target != "" {
			return tr("{{.Host}} sent Hashdrop on to {{.Target}}, which is not one of the publisher's: nothing was fetched from it.", "Host", fe.Host, "Target", fe.Target)
		}
		return tr("{{.Host}} is not one of the publisher's hosts: nothing was fetched from it.", "Host", fe.Host)
	case fetch.NotHTTPS:
		return tr("{{.URL}} is not a secure (https) address: nothing was fetched.", "URL", fe.URL)
	case fetch.TooLarge:
		return tr("{{.URL}} is far larger than a checksum file: it was not read.", "URL", fe.URL)
	case fetch.Stalled, fetch.TimedOut, fetch.Interrupted:
		return tr("{{.Host}} stopped answering. Try again later.", "Host", fe.Host)
	case fetch.Cancelled:
		return tr("Cancelled.")
	case fetch.HTTPStatus:
		return tr("{{.Host}} answered with an error ({{.Code}}). Try again later.", "Host", fe.Host, "Code", fe.Code)
	}
	return errorText(err)
}

// takePastedURL takes the address of a checksum file pasted in the
// expected-digest field (https://releases.ubuntu.com/24.04/SHA256SUMS):
// it is fetched, with the first of its signatures there (.gpg, .sig, .asc,
// .sign), under the same rules as an offer's (HTTPS, its host alone or the
// hosts of the publisher's row it belongs to, the keys of that row alone),
// and used as a checksum file given for the files. It reports whether it
// took the text.
func (w *Window) takePastedURL(text string) bool {
	u, err := url.Parse(text)
	if err != nil || u.Scheme != "https" || u.Host == "" || strings.ContainsAny(text, " \n") || path.Base(u.Path) == "/" {
		return false
	}
	g := &publisher.Guess{Publisher: u.Hostname(), Host: u.Hostname(), Hosts: []string{u.Host}, Shape: publisher.Detached}
	if row, ok := publisher.ForHost(u.Host); ok {
		g.Publisher, g.Hosts, g.Keys = row.Publisher, row.Hosts, row.Keys
	}
	for _, sig := range publisher.SignatureCandidates(text) {
		g.Tries = append(g.Tries, publisher.Try{Sums: text, Signature: sig})
	}
	if len(g.Tries) == 0 {
		return false
	}
	w.tracef("pasted address %s: fetching it", text)
	w.flash(tr("Getting {{.Publisher}}'s checksums from {{.Host}}…", "Publisher", g.Publisher, "Host", g.Host))
	ctx, stop := context.WithCancel(context.Background())
	w.offer.stop = stop
	gen := w.gen
	w.background(func() {
		got, err := release.FetchSums(ctx, g, getter)
		var x *checksum.Index
		if err == nil {
			x, err = checksum.ReadIndex(got.Sums, rowKeyring(g.Keys))
		}
		if err == nil {
			x.File().Fetched, x.File().Signs = got.From, got.Signs
		}
		w.do(func() {
			stop()
			w.offer.stop = nil
			if gen != w.gen {
				if got != nil {
					got.Close()
				}
				return
			}
			if err != nil {
				w.tracef("fetch: %v", err)
				w.flash(tr("Could not get {{.Publisher}}'s checksums", "Publisher", g.Publisher) + ": " + fetchErrorText(err))
				return
			}
			w.fetched = append(w.fetched, got)
			w.tracef("fetched %s as a checksum file", got.From)
			if n := w.addGiven(x); n == 0 {
				w.flash(tr("{{.URL}} lists none of the files here: drop the files it lists to check them.", "URL", got.From))
			} else {
				w.flash(tr("{{.Publisher}}'s checksums fetched from {{.Host}}", "Publisher", g.Publisher, "Host", g.Host))
			}
			w.judge()
		})
	})
	return true
}
