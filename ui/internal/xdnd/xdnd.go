//go:build linux && cgo

// Package xdnd drops files on an X11 window the way a file manager does,
// speaking the source side of the XDND protocol (version 5). xdotool can
// move the pointer and click, but it cannot offer data, so the window
// smoke test uses this to drop a file on Hashdrop under Xvfb.
//
// The exchange: the source owns the XdndSelection, sends XdndEnter (with
// text/uri-list) and XdndPosition to the target, waits for an XdndStatus
// that accepts, sends XdndDrop, answers the target's SelectionRequest with
// the URI list, and waits for XdndFinished.
package xdnd

/*
#cgo pkg-config: x11
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
#include <stdlib.h>
#include <string.h>

static int sendClient(Display *d, Window to, Atom type, long l0, long l1, long l2, long l3, long l4) {
	XEvent ev;
	memset(&ev, 0, sizeof ev);
	ev.xclient.type = ClientMessage;
	ev.xclient.display = d;
	ev.xclient.window = to;
	ev.xclient.message_type = type;
	ev.xclient.format = 32;
	ev.xclient.data.l[0] = l0;
	ev.xclient.data.l[1] = l1;
	ev.xclient.data.l[2] = l2;
	ev.xclient.data.l[3] = l3;
	ev.xclient.data.l[4] = l4;
	return XSendEvent(d, to, False, NoEventMask, &ev);
}

// xdndVersion returns the XdndAware version of w, or -1.
static long xdndVersion(Display *d, Window w, Atom aware) {
	Atom type; int format; unsigned long n, after; unsigned char *data = NULL;
	if (XGetWindowProperty(d, w, aware, 0, 1, False, AnyPropertyType, &type, &format, &n, &after, &data) != Success || data == NULL) {
		return -1;
	}
	long v = n > 0 ? (long)*(Atom*)data : -1;
	XFree(data);
	return v;
}

static int evType(XEvent *e) { return e->type; }
static Atom clientType(XEvent *e) { return e->xclient.message_type; }
static long clientLong(XEvent *e, int i) { return e->xclient.data.l[i]; }
static XSelectionRequestEvent *selReq(XEvent *e) { return &e->xselectionrequest; }

static void answer(Display *d, XSelectionRequestEvent *r, const char *data, int len, Atom uriList) {
	XEvent ev;
	memset(&ev, 0, sizeof ev);
	ev.xselection.type = SelectionNotify;
	ev.xselection.display = r->display;
	ev.xselection.requestor = r->requestor;
	ev.xselection.selection = r->selection;
	ev.xselection.target = r->target;
	ev.xselection.time = r->time;
	ev.xselection.property = None;
	if (r->target == uriList) {
		XChangeProperty(d, r->requestor, r->property, uriList, 8, PropModeReplace, (const unsigned char *)data, len);
		ev.xselection.property = r->property;
	}
	XSendEvent(d, r->requestor, False, NoEventMask, &ev);
}

static char *windowName(Display *d, Window w) {
	char *name = NULL;
	if (XFetchName(d, w, &name) && name) return name;
	return NULL;
}

static int mapped(Display *d, Window w) {
	XWindowAttributes a;
	if (!XGetWindowAttributes(d, w, &a)) return 0;
	return a.map_state == IsViewable;
}

// capture copies the w x h pixels of the root window at (x, y) into rgba.
static int capture(Display *d, int x, int y, int w, int h, unsigned char *rgba) {
	XImage *img = XGetImage(d, DefaultRootWindow(d), x, y, w, h, AllPlanes, ZPixmap);
	if (!img) return 0;
	unsigned long rm = img->red_mask, gm = img->green_mask, bm = img->blue_mask;
	int rs = __builtin_ctzl(rm), gs = __builtin_ctzl(gm), bs = __builtin_ctzl(bm);
	for (int j = 0; j < h; j++) {
		for (int i = 0; i < w; i++) {
			unsigned long p = XGetPixel(img, i, j);
			unsigned char *o = rgba + 4 * (j * w + i);
			o[0] = (p & rm) >> rs;
			o[1] = (p & gm) >> gs;
			o[2] = (p & bm) >> bs;
			o[3] = 255;
		}
	}
	XDestroyImage(img);
	return 1;
}

static int geometry(Display *d, Window w, int *x, int *y, int *width, int *height) {
	XWindowAttributes a;
	Window child;
	if (!XGetWindowAttributes(d, w, &a)) return 0;
	XTranslateCoordinates(d, w, DefaultRootWindow(d), 0, 0, x, y, &child);
	*width = a.width;
	*height = a.height;
	return 1;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"image"
	"net/url"
	"path/filepath"
	"time"
	"unsafe"
)

// Conn is a connection to an X display.
type Conn struct {
	d     *C.Display
	atoms map[string]C.Atom
}

// Open connects to display ("" for $DISPLAY).
func Open(display string) (*Conn, error) {
	var name *C.char
	if display != "" {
		name = C.CString(display)
		defer C.free(unsafe.Pointer(name))
	}
	d := C.XOpenDisplay(name)
	if d == nil {
		return nil, fmt.Errorf("cannot open X display %q", display)
	}
	return &Conn{d: d, atoms: make(map[string]C.Atom)}, nil
}

// Close disconnects.
func (c *Conn) Close() { C.XCloseDisplay(c.d) }

func (c *Conn) atom(name string) C.Atom {
	if a, ok := c.atoms[name]; ok {
		return a
	}
	s := C.CString(name)
	defer C.free(unsafe.Pointer(s))
	a := C.XInternAtom(c.d, s, C.False)
	c.atoms[name] = a
	return a
}

// Find returns a mapped window titled name that accepts drops, searching
// the whole tree; 0 when there is none yet.
func (c *Conn) Find(name string) uint64 {
	var found C.Window
	var walk func(w C.Window)
	walk = func(w C.Window) {
		if found != 0 {
			return
		}
		if n := C.windowName(c.d, w); n != nil {
			title := C.GoString(n)
			C.XFree(unsafe.Pointer(n))
			if title == name && C.mapped(c.d, w) != 0 && C.xdndVersion(c.d, w, c.atom("XdndAware")) >= 0 {
				found = w
				return
			}
		}
		var root, parent C.Window
		var children *C.Window
		var n C.uint
		if C.XQueryTree(c.d, w, &root, &parent, &children, &n) == 0 || children == nil {
			return
		}
		kids := unsafe.Slice(children, int(n))
		for _, k := range kids {
			walk(k)
		}
		C.XFree(unsafe.Pointer(children))
	}
	walk(C.XDefaultRootWindow(c.d))
	return uint64(found)
}

// Geometry returns the window's position on the screen and its size.
func (c *Conn) Geometry(win uint64) (x, y, w, h int, err error) {
	var cx, cy, cw, ch C.int
	if C.geometry(c.d, C.Window(win), &cx, &cy, &cw, &ch) == 0 {
		return 0, 0, 0, 0, errors.New("no such window")
	}
	return int(cx), int(cy), int(cw), int(ch), nil
}

// FileURI is the file:// URI of path, as file managers put it in a
// text/uri-list.
func FileURI(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// Drop drops the files at paths on window win at (x, y) in screen
// coordinates and returns once the window says it has taken them.
func (c *Conn) Drop(win uint64, x, y int, paths []string, timeout time.Duration) error {
	d, err := c.Drag(win, x, y, paths)
	if err != nil {
		return err
	}
	return d.Drop(timeout)
}

// A Drag is files being dragged over a window, not dropped yet.
type Drag struct {
	c      *Conn
	target C.Window
	src    C.Window
	list   string
}

// Drag starts dragging the files at paths over window win, at (x, y) in
// screen coordinates: XdndEnter, then XdndPosition. Drop or Leave ends it.
func (c *Conn) Drag(win uint64, x, y int, paths []string) (*Drag, error) {
	target := C.Window(win)
	version := C.xdndVersion(c.d, target, c.atom("XdndAware"))
	if version < 0 {
		return nil, errors.New("the window does not accept drops (no XdndAware)")
	}
	version = min(version, 5)
	var list string
	for _, p := range paths {
		list += FileURI(p) + "\r\n"
	}
	root := C.XDefaultRootWindow(c.d)
	d := &Drag{c: c, target: target, src: C.XCreateSimpleWindow(c.d, root, 0, 0, 1, 1, 0, 0, 0), list: list}
	C.XSetSelectionOwner(c.d, c.atom("XdndSelection"), d.src, C.CurrentTime)
	d.send("XdndEnter", C.long(version<<24), C.long(c.atom("text/uri-list")), 0, 0)
	d.Move(x, y)
	return d, nil
}

func (d *Drag) send(name string, l1, l2, l3, l4 C.long) {
	C.sendClient(d.c.d, d.target, d.c.atom(name), C.long(d.src), l1, l2, l3, l4)
	C.XFlush(d.c.d)
}

// Move moves the drag to (x, y) in screen coordinates (XdndPosition).
func (d *Drag) Move(x, y int) {
	d.send("XdndPosition", 0, C.long(x<<16|y&0xffff), C.CurrentTime, C.long(d.c.atom("XdndActionCopy")))
}

// Leave ends the drag without a drop (XdndLeave).
func (d *Drag) Leave() {
	d.send("XdndLeave", 0, 0, 0, 0)
	d.end()
}

func (d *Drag) end() {
	if d.src != 0 {
		C.XDestroyWindow(d.c.d, d.src) // its selection goes with it
		C.XFlush(d.c.d)
		d.src = 0
	}
}

// Drop drops the files where the drag is and returns once the window
// says it has taken them. The window answers every XdndPosition with an
// XdndStatus; the first one that accepts is the cue to drop.
func (d *Drag) Drop(timeout time.Duration) error {
	defer d.end()
	c := d.c
	uriList := c.atom("text/uri-list")
	data := C.CString(d.list)
	defer C.free(unsafe.Pointer(data))
	deadline := time.Now().Add(timeout)
	dropped := false
	var ev C.XEvent
	for time.Now().Before(deadline) {
		if C.XPending(c.d) == 0 {
			time.Sleep(5 * time.Millisecond)
			continue
		}
		C.XNextEvent(c.d, &ev)
		switch C.evType(&ev) {
		case C.ClientMessage:
			switch C.clientType(&ev) {
			case c.atom("XdndStatus"):
				if dropped {
					continue
				}
				if C.clientLong(&ev, 1)&1 == 0 {
					d.send("XdndLeave", 0, 0, 0, 0)
					return errors.New("the window refused the drop")
				}
				d.send("XdndDrop", 0, C.CurrentTime, 0, 0)
				dropped = true
			case c.atom("XdndFinished"):
				return nil
			}
		case C.SelectionRequest:
			C.answer(c.d, C.selReq(&ev), data, C.int(len(d.list)), uriList)
			C.XFlush(c.d)
		}
	}
	if !dropped {
		return errors.New("the window never answered XdndPosition")
	}
	return errors.New("the window never sent XdndFinished")
}

// Capture returns what the screen shows in the rectangle r.
func (c *Conn) Capture(r image.Rectangle) (*image.RGBA, error) {
	img := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	if r.Empty() || C.capture(c.d, C.int(r.Min.X), C.int(r.Min.Y), C.int(r.Dx()), C.int(r.Dy()),
		(*C.uchar)(unsafe.Pointer(&img.Pix[0]))) == 0 {
		return nil, errors.New("cannot read the screen")
	}
	return img, nil
}
