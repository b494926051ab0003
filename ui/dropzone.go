package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// newDropZone is what an empty window shows: a large target that says what
// to do. The whole window accepts drops; this only invites them.
func newDropZone(w *Window) fyne.CanvasObject {
	border := canvas.NewRectangle(color.Transparent)
	border.StrokeColor = theme.Color(theme.ColorNameDisabled)
	border.StrokeWidth = 2
	border.CornerRadius = 12

	icon := widget.NewIcon(theme.NewPrimaryThemedResource(theme.DownloadIcon()))
	title := widget.NewRichTextFromMarkdown("## " + tr("Drop files or folders here"))
	title.Wrapping = fyne.TextWrapWord
	for _, s := range title.Segments {
		if t, ok := s.(*widget.TextSegment); ok {
			t.Style.Alignment = fyne.TextAlignCenter
		}
	}
	sub := widget.NewLabelWithStyle(tr("or a SHA256SUMS (or any checksum file) to check the files it lists"),
		fyne.TextAlignCenter, fyne.TextStyle{})
	sub.Wrapping = fyne.TextWrapWord
	open := w.newButton(tr("Open files…"), theme.FolderOpenIcon(), w.openFiles)
	open.Importance = widget.HighImportance
	folder := w.newButton(tr("Open folder…"), theme.FolderIcon(), w.openFolder)
	sums := w.newButton(tr("Open checksum file…"), theme.DocumentIcon(), w.openChecksumFile)
	keys := widget.NewLabelWithStyle(tr("Ctrl+O opens files · Ctrl+V pastes a digest · Esc cancels"),
		fyne.TextAlignCenter, fyne.TextStyle{Italic: true})
	keys.Wrapping = fyne.TextWrapWord
	art := container.NewCenter(sized(fyne.NewSquareSize(72), icon))
	// On a short window (a small screen, twice the scale) the picture goes
	// first, then the keys, then the line under the title: never drawn
	// over the Algorithms bar below.
	inner := container.New(&fitColumn{optional: []fyne.CanvasObject{art, keys, sub}},
		art, title, sub, container.NewCenter(container.NewHBox(open, folder, sums)), keys)
	return container.NewStack(border, container.NewPadded(inner))
}
