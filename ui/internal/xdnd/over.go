//go:build linux && cgo

package xdnd

/*
#cgo pkg-config: x11
#include <X11/Xlib.h>

// dragOver reports whether a drag is under way with the pointer over w:
// some client owns the XdndSelection (every XDND source does while it
// drags) and a pointer button is held (the user's finger on the drag).
// *x and *y are the pointer in w's pixels.
static int dragOver(Display *d, Window w, Atom selection, int *x, int *y) {
	if (XGetSelectionOwner(d, selection) == None) return 0;
	Window root, child;
	int rx, ry;
	unsigned int mask;
	if (!XQueryPointer(d, w, &root, &child, &rx, &ry, x, y, &mask)) return 0;
	return (mask & (Button1Mask | Button2Mask | Button3Mask)) != 0;
}
*/
import "C"

// DragOver is the target's side: it reports whether files (or anything)
// are being dragged with the pointer on window win, and where the pointer
// is in win's pixels. The window is told of a drag only through its own
// XDND messages, which its toolkit keeps to itself; this asks the display
// instead: a source owns the XdndSelection while it drags, and the user
// holds a button. A selection that a source keeps after its drop is not
// taken for a drag, since the button is up by then.
func (c *Conn) DragOver(win uint64) (x, y int, ok bool) {
	var cx, cy C.int
	if C.dragOver(c.d, C.Window(win), c.atom("XdndSelection"), &cx, &cy) == 0 {
		return 0, 0, false
	}
	return int(cx), int(cy), true
}
