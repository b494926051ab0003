package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/hashdrop/hashdrop/app"
	"github.com/hashdrop/hashdrop/app/desktop"
	"github.com/hashdrop/hashdrop/app/verdict"
	"github.com/hashdrop/hashdrop/app/watch"
)

func init() {
	commands["watch"] = command{"check each download as it finishes in a folder (Downloads by default), until Ctrl+C", (*cli).watch}
}

// watchContext ends the watch on Ctrl+C or SIGTERM (the window's "Check
// new downloads" turned off); tests end it themselves.
var watchContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// watchOpen opens a clicked notification's file in the window: this
// program again with the file, which hands it to the running window or
// opens one (the command "hashdrop" starts the window program for a file).
// Tests replace it.
var watchOpen = func(path string) {
	exe, err := os.Executable()
	if err == nil {
		cmd := exec.Command(exe, path)
		if err = cmd.Start(); err == nil {
			go cmd.Wait()
			return
		}
	}
	fmt.Fprintf(os.Stderr, "hashdrop watch: cannot open %s in the window: %s\n", app.VisibleText(path), app.ErrorWords(err))
}

// WatchWords, when set, word what the watcher tells outside the terminal,
// in place of the command line's English: each download's desktop
// notification and its entry in the recent checks. The window program sets
// them when it runs the watcher (hashdrop-window --tray watch), in the
// window's language; its printed lines and --json stay English, for
// scripts. What is told, and when, is still decided here: only the words
// move.
var WatchWords struct {
	// Told is the notification's title and body for r (the entry's
	// Headline is the title when r has a verdict, its Note the body when
	// there is more to r than its verdict).
	Told func(r watch.Result) (title, body string)
	// More is body with n verdicts counted that were not notified (too
	// many at once).
	More func(body string, n int) string
}

// watchTune lets tests shorten the watch's waits.
var watchTune = func(*watch.Watch) {}

// watch implements "hashdrop watch [--json] [--fetch] [--notify]
// [--keyring FILE] [FOLDER]": it watches FOLDER (the Downloads folder by
// default) and prints one verdict line for each download that finishes
// there and has something to be checked against: a checksum file beside
// it (or one that arrives within ten minutes), its publisher's signed
// checksums (fetched only with --fetch), the CRC32 in its name. A file
// with none of these prints nothing. It never writes in the folder.
func (c *cli) watch(args []string) int {
	fs := c.flags("watch", "[--json] [--fetch] [--notify] [--keyring FILE] [FOLDER]")
	asJSON := fs.Bool("json", false, "print one JSON object a line for each download, for scripts")
	fetchSums := fs.Bool("fetch", false, "fetch a known publisher's signed checksums over HTTPS for a download nothing beside it publishes for (the only use of the network)")
	notify := fs.Bool("notify", false, "also show each verdict as a desktop notification")
	var keyrings []string
	fs.Func("keyring", "also trust the public keys in `FILE` (may be repeated)", func(v string) error {
		keyrings = append(keyrings, v)
		return nil
	})
	operands, ok := c.parse(fs, args)
	if !ok {
		return ExitUsage
	}
	if len(operands) > 1 {
		fmt.Fprintln(c.stderr, "hashdrop watch: give one folder")
		return ExitUsage
	}
	var dir string
	if len(operands) == 1 {
		dir = operands[0]
	} else {
		d, err := watch.DownloadsDir()
		if err != nil {
			c.errorf("hashdrop watch: cannot find the Downloads folder: %s (name the folder to watch)", app.ErrorWords(err))
			return ExitUsage
		}
		dir = d
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	ring, ok := c.keyring(keyrings)
	if !ok {
		return ExitUsage
	}
	lock, err := desktop.ClaimWatch(dir)
	switch {
	case err != nil:
		c.errorf("hashdrop watch: %v (watching anyway)", err)
	case lock == nil:
		c.errorf("hashdrop watch: %s is watched already by another hashdrop watch", app.VisibleText(dir))
		return ExitOK
	}
	defer lock.Release()
	watch.LowerPriority()

	out := &watchOutput{c: c, json: *asJSON}
	if path, err := watch.RecentPath(); err != nil {
		c.errorf("hashdrop watch: no list of recent checks: %s (checking goes on)", app.ErrorWords(err))
	} else {
		out.recorder = &watch.RecentRecorder{List: &watch.RecentList{Path: path},
			Problem: func(err error) { c.errorf("hashdrop watch: %v (checking goes on)", err) }}
	}
	if *notify {
		n, err := desktop.NewNotifier()
		if err != nil {
			c.errorf("hashdrop watch: %v", err)
		} else {
			out.notifier = n
			defer n.Close()
			if err := n.OnClick(watchOpen); err != nil {
				c.errorf("hashdrop watch: %v", err)
			}
		}
	}
	ck := &watch.Checker{Ring: ring, Verify: Verify, Fetch: *fetchSums, Get: fetchGetter, Origin: watch.ReadOrigin}
	w := &watch.Watch{
		Dir:     dir,
		Check:   ck.Check,
		Told:    out.told,
		Problem: func(err error) { c.errorf("hashdrop watch: %v", err) },
		Ready: func() {
			c.errorf("hashdrop watch: watching %s for finished downloads (Ctrl+C to stop)", app.VisibleText(dir))
		},
	}
	watchTune(w)
	ctx, stop := watchContext()
	defer stop()
	if err := w.Run(ctx); err != nil {
		c.errorf("hashdrop watch: %v", err)
		return ExitFail
	}
	return ExitOK
}

// watchOutput prints, and notifies, each download's verdict.
type watchOutput struct {
	c        *cli
	json     bool
	notifier *desktop.Notifier
	recorder *watch.RecentRecorder // the list the tray and the window's menu show

	mu     sync.Mutex
	recent []time.Time // notifications shown in the last minute
	held   int         // verdicts not notified since: too many at once
}

func (o *watchOutput) told(r watch.Result) {
	name := filepath.Base(r.Path)
	var headline, tag string
	colour := verdict.Amber
	if r.Judged() {
		tag = headlineTag(r.Report.Headline)
		if i := slices.IndexFunc(r.Evidence.Files, func(f verdict.File) bool { return f.Path == r.Path }); i >= 0 {
			r.Release.Names[i] = name // the line names the download, not its folder
			if why := fileWhy(&r.Evidence.Files[i], &r.Report.Files[i]); why != "" {
				tag += " (" + why + ")"
			}
		}
		headline = headlineWords(r.Release, &r.Evidence, &r.Report)
		colour = r.Report.Headline.Colour()
	}
	note := offerWords(&r, name)
	title, body := strings.TrimPrefix(headline, headlineTag(r.Report.Headline)+": "), note
	if title == "" {
		title = app.VisibleText(name)
	} else if body == "" {
		body = tag
	}
	told, toldNote := headline, note // the recent check's
	if WatchWords.Told != nil {
		title, body = WatchWords.Told(r)
		told, toldNote = "", ""
		if headline != "" {
			told = title
		}
		if note != "" {
			toldNote = body
		}
	}
	if o.recorder != nil {
		e := watch.Recent{Path: r.Path, Checked: stepWords[r.Step], Headline: told, Note: toldNote, Time: time.Now()}
		if r.Judged() {
			e.Colour, e.Outcome = colour.String(), r.Report.Headline.Outcome.String()
		}
		o.recorder.Record(e)
	}
	if o.json {
		o.printJSON(r, name, headline, note)
	} else {
		if headline != "" {
			fmt.Fprintln(o.c.stdout, headline)
		}
		if note != "" {
			fmt.Fprintln(o.c.stdout, quoteName(name)+": "+note)
		}
	}
	if o.notifier != nil {
		o.notify(desktop.Notification{Title: title, Body: body, Urgent: colour == verdict.Red, Path: r.Path})
	}
}

// offerWords says what a publisher's row could add: an offer to fetch, an
// origin that disagrees with the name, a fetch that failed; "" when none.
func offerWords(r *watch.Result, name string) string {
	g := r.Guess
	switch {
	case g == nil || r.Step == watch.Publisher || r.Step == watch.Beside:
		return ""
	case r.Disagrees != "":
		return fmt.Sprintf("not checked: its name is one of %s's, but it came from a host of %s's: nothing fetched", g.Publisher, r.Disagrees)
	case r.FetchErr != nil:
		return fmt.Sprintf("%s's checksums could not be fetched: %v", g.Publisher, r.FetchErr)
	}
	return fmt.Sprintf("%s publishes checksums for it at %s: hashdrop verify --fetch %s fetches them (or watch with --fetch)", g.Publisher, g.Host, quoteName(name))
}

func (o *watchOutput) printJSON(r watch.Result, name, headline, note string) {
	line := struct {
		Path      string `json:"path"`
		Name      string `json:"name"`
		Checked   string `json:"checked"`
		Outcome   string `json:"outcome,omitempty"`
		Colour    string `json:"colour,omitempty"`
		Headline  string `json:"headline,omitempty"`
		Exit      *int   `json:"exit,omitempty"`
		Publisher string `json:"publisher,omitempty"`
		Note      string `json:"note,omitempty"`
		Origin    string `json:"origin,omitempty"`
	}{Path: r.Path, Name: name, Checked: stepWords[r.Step], Headline: headline, Note: note, Origin: r.Origin.URL}
	if r.Judged() {
		exit := r.Report.Headline.Exit()
		line.Outcome, line.Colour, line.Exit = r.Report.Headline.Outcome.String(), r.Report.Headline.Colour().String(), &exit
	}
	if r.Guess != nil {
		line.Publisher = r.Guess.Publisher
	}
	b, _ := json.Marshal(line)
	fmt.Fprintln(o.c.stdout, string(b))
}

// stepWords name what a download was checked against, for --json.
var stepWords = map[watch.Step]string{
	watch.Nothing:   "nothing",
	watch.Beside:    "beside",
	watch.Publisher: "publisher",
	watch.Offered:   "offered",
	watch.InName:    "name",
}

// notifyBurst is how many notifications a minute may show; the verdicts
// beyond are printed, and counted in the next notification shown.
const notifyBurst = 3

func (o *watchOutput) notify(n desktop.Notification) {
	o.mu.Lock()
	defer o.mu.Unlock()
	now := time.Now()
	o.recent = slices.DeleteFunc(o.recent, func(t time.Time) bool { return now.Sub(t) > time.Minute })
	if len(o.recent) >= notifyBurst && !n.Urgent {
		o.held++
		return
	}
	if o.held > 0 {
		if WatchWords.More != nil {
			n.Body = WatchWords.More(n.Body, o.held)
		} else {
			n.Body += fmt.Sprintf(" (and %s checked: see hashdrop watch's output)", plural(o.held, "other download", "other downloads"))
		}
		o.held = 0
	}
	o.recent = append(o.recent, now)
	if err := o.notifier.Notify(n); err != nil {
		o.c.errorf("hashdrop watch: %v", err)
	}
}
