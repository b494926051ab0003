// Package desktop is what ties Hashdrop to the desktop it runs on, without
// Fyne: one window per user (a second launch hands its files to the running
// one over a socket, or on Windows a named pipe, only this user can reach),
// the Windows file associations, and whether there is a display to open a
// window on at all.
package desktop
