package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/desktop"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/app/watch"
)

// The download checker's notifications in the window's language (issue
// 49: everything a user reads outside the terminal). The window program
// runs the watcher (hashdrop-window --tray watch) with these words in
// place of the command line's English; which verdict is told, and when,
// stays decided in app: here are only its words, from watch.Result's
// values, the banner's sentences where the banner says the same thing.

// NotificationWords is a download's notification, title and body, in the
// window's language: the verdict as the banner words it, then the file
// and what it was compared with; or the file and what its publisher's row
// adds (an offer to fetch, a fetch that failed, an origin that disagrees).
func NotificationWords(r watch.Result) (title, body string) {
	name := app.VisibleText(filepath.Base(r.Path))
	if r.Judged() {
		title, body = verdictNotification(&r, name)
	}
	if note := publisherNote(&r); note != "" {
		if title == "" {
			return name, note
		}
		body = joinSentences(body, note)
	}
	if title == "" {
		title = name
	}
	return title, body
}

// MoreNotified is a notification's body with n more downloads counted:
// those checked and not notified, too many at once.
func MoreNotified(body string, n int) string {
	return joinSentences(body, trn(n, "{{.N}} more download was checked: see Recent checks.", "{{.N}} more downloads were checked: see Recent checks.", "N", n))
}

// verdictNotification words r's verdict: the banner's headline for it and
// a line naming the file.
func verdictNotification(r *watch.Result, name string) (title, body string) {
	h := r.Report.Headline
	i := slices.IndexFunc(r.Evidence.Files, func(f verdict.File) bool { return f.Path == r.Path })
	if i < 0 || i >= len(r.Report.Files) {
		return "", ""
	}
	f, v := &r.Evidence.Files[i], &r.Report.Files[i]
	d := v.Decision
	named := func(detail string) string {
		if detail == "" {
			return name
		}
		return tr("{{.Name}}: {{.Detail}}", "Name", name, "Detail", detail)
	}
	by := func() (checksum.Published, bool) {
		if len(d.By) == 0 {
			return checksum.Published{}, false
		}
		return d.By[0], true
	}
	switch p, ok := by(); {
	case h.Reason == verdict.PublishedMatch && ok && d.Verdict.Algorithm != nil:
		title, detail := verdictWords(&d.Verdict, p.Authenticity)
		if a := d.Verdict.Algorithm; !checksum.NonCryptographic(a) && a.ID != "md5" && a.ID != "sha1" {
			detail = "" // the banner's longer words; only a weak algorithm's caveat is kept
		}
		return title, named(joinSentences(comparedWith(f, p), detail))
	case h.Reason == verdict.PublishedMismatch && ok:
		headline, _ := verdictWords(&d.Verdict, p.Authenticity)
		if beside(f, p) {
			return tr("{{.Headline}}. Do not use it.", "Headline", headline),
				tr("{{.Name}} does not match the digest in {{.Source}}, next to it.", "Name", name, "Source", notifySource(f, p))
		}
		return tr("{{.Headline}}. Do not use it.", "Headline", headline),
			tr("{{.Name}} does not match the digest in {{.Source}}.", "Name", name, "Source", notifySource(f, p))
	case h.Reason == verdict.PublishedConflict && ok && len(d.Against) > 0:
		detail := tr("{{.Source}} and {{.Other}} give it different digests: one of them is wrong or was changed. Find out which before using the file.",
			"Source", notifySource(f, p), "Other", notifySource(f, d.Against[0]))
		if d.Verdict.Outcome == checksum.Match {
			detail = tr("It matches {{.Source}}, not {{.Other}}: one of them is wrong or was changed. Find out which before using the file.",
				"Source", notifySource(f, p), "Other", notifySource(f, d.Against[0]))
		}
		return tr("The checksum files disagree about {{.Name}}: do not rely on it", "Name", name), detail
	case h.Reason == verdict.NameConflict:
		if sums, _, ok := nameConflict(&d); ok {
			return tr("{{.Source}} and the CRC32 in its name disagree about {{.Name}}: do not rely on it", "Source", notifySource(f, sums), "Name", name), ""
		}
	case h.Reason == verdict.NameMismatch && v.Named != nil && v.Named.Expected != nil:
		return tr("{{.Name}} does NOT match the CRC32 in its name", "Name", name),
			tr("Its CRC32 is not {{.Digest}}: the file is damaged or incomplete, or the name is wrong. Download it again.", "Digest", strings.ToUpper(v.Named.Expected.Text))
	case h.Reason == verdict.NameMatch:
		return tr("{{.Name}} matches the CRC32 in its name", "Name", name),
			tr("A CRC32 only catches accidental damage: anyone can make a file with any CRC32, so it says nothing about who made the file.")
	case h.Reason == verdict.SignatureDisagrees && ok:
		return tr("{{.Name}}'s signature and {{.Source}} disagree: do not rely on it", "Name", name, "Source", notifySource(f, p)), ""
	case h.Reason == verdict.OwnBadSignature:
		return tr("BAD signature: do not use {{.Name}}", "Name", name), tr("{{.Name}} was changed after its publisher signed it.", "Name", name)
	case h.Reason == verdict.SourceBadSignature && ok:
		return tr("BAD signature: do not trust {{.Source}}", "Source", notifySource(f, p)),
			named(tr("The checksum file was changed after it was signed, so a match with its digests proves nothing."))
	case h.Reason == verdict.FetchedUnconfirmed && ok:
		title := tr("Not confirmed: {{.Name}} matches {{.Source}}, but the signature is missing", "Name", name, "Source", notifySource(f, p))
		if v.Trust == verdict.FetchedOtherKey {
			title = tr("Not confirmed: {{.Name}} matches {{.Source}}, but it is signed by a key Hashdrop does not know for this publisher", "Name", name, "Source", notifySource(f, p))
		}
		return title, tr("The file is intact if the checksums are the publisher's; check the signing key on the publisher's own page before you use it.")
	case h.Reason == verdict.SignedGenuine && f.Signature != nil:
		_, words := fileSignatureWords(f.Signature)
		return tr("{{.Name}} is the file they released: its signature is genuine", "Name", name), tr("{{.Signature}}.", "Signature", words)
	case h.Reason == verdict.OnlyUnsupported && len(f.Unsupported) > 0:
		return tr("Could not be verified: Hashdrop cannot compute {{.Algorithms}}", "Algorithms", listText(f.Unsupported, "and")), name
	case h.Reason == verdict.NotAllRead:
		detail := ""
		if f.Err != nil {
			detail = sentence(errorText(f.Err))
		}
		return tr("Not every file could be checked: {{.Name}} could not be read", "Name", name), detail
	}
	// Another headline (none the watcher tells today): its colour's word.
	switch h.Colour() {
	case verdict.Green:
		return tr("OK"), name
	case verdict.Red:
		return tr("Failed"), name
	}
	return "", ""
}

// comparedWith says what the file was compared with, as the banner does.
func comparedWith(f *verdict.File, p checksum.Published) string {
	if beside(f, p) {
		return tr("Compared with {{.Source}}, found next to the file.", "Source", displayName(p.Source))
	}
	return tr("Compared with {{.Source}}.", "Source", notifySource(f, p))
}

// beside reports whether p's checksum file lies beside the file.
func beside(f *verdict.File, p checksum.Published) bool {
	return !p.InName && !fetched(p) && filepath.Dir(p.Source) == filepath.Dir(f.Path)
}

// notifySource names where p came from, as the file's card does: the CRC32
// in its name, the checksum file beside it, fetched, or in another folder.
func notifySource(f *verdict.File, p checksum.Published) string {
	switch {
	case p.InName:
		return tr("the CRC32 in its name")
	case fetched(p):
		return fetchedText(p)
	case beside(f, p):
		return displayName(p.Source)
	}
	return sourcePlace(p)
}

// publisherNote is what the publisher's row adds to r, as the window's
// offer says it; "" when nothing.
func publisherNote(r *watch.Result) string {
	g := r.Guess
	switch {
	case g == nil || r.Step == watch.Publisher || r.Step == watch.Beside:
		return ""
	case r.Disagrees != "":
		return tr("Not checked: its name is one of {{.Owner}}'s, but it came from a host of {{.Other}}'s: nothing was fetched.", "Owner", g.Publisher, "Other", r.Disagrees)
	case r.FetchErr != nil:
		return tr("Could not get {{.Publisher}}'s checksums", "Publisher", g.Publisher) + ": " + fetchErrorText(r.FetchErr)
	}
	return joinSentences(tr("Get {{.Publisher}}'s checksums from {{.Host}}?", "Publisher", g.Publisher, "Host", g.Host),
		tr("Open the file in Hashdrop to get them."))
}

// useSavedLanguage makes the words speak the language of the window's
// setting (or the system's), read from Fyne's preferences file: the tray
// runs without a Fyne app. The environment is left as the system set it,
// for the windows it starts.
func useSavedLanguage() {
	code := ""
	path := filepath.Join(desktop.UserHome(os.Getenv).FyneConfigDir(AppID), "preferences.json")
	if data, err := os.ReadFile(path); err == nil {
		var prefs map[string]any
		if json.Unmarshal(data, &prefs) == nil {
			code, _ = prefs[prefLanguage].(string)
		}
	}
	loadTranslations(code)
	restoreLANGUAGE()
}
