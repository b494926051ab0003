package ui

import (
	"runtime"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/klauspost/cpuid/v2"

	"github.com/hashdrop/hashdrop/hashing"
)

// cpuFeatures are the CPU features Hashdrop's cores use, in the order shown.
var cpuFeatures = []cpuid.FeatureID{cpuid.MMX, cpuid.SSE2, cpuid.SSSE3, cpuid.SSE4, cpuid.AVX, cpuid.AVX2, cpuid.BMI1, cpuid.BMI2,
	cpuid.SHA, cpuid.CLMUL, cpuid.VPCLMULQDQ, cpuid.AVX512F, cpuid.AVX512BW, cpuid.AVX512VL, cpuid.AVX512VBMI, cpuid.GFNI}

// cpuSummary describes the processor: "AMD EPYC 9R14 (2 cores, 2 threads)".
func cpuSummary() string {
	name := strings.TrimSpace(cpuid.CPU.BrandName)
	if name == "" {
		name = tr("Unknown {{.Arch}} processor", "Arch", runtime.GOARCH)
	}
	return tr("{{.Name}} ({{.Cores}} cores, {{.Threads}} threads)", "Name", name,
		"Cores", max(cpuid.CPU.PhysicalCores, 1), "Threads", max(cpuid.CPU.LogicalCores, 1))
}

// hashingFeatures lists the features of cpuFeatures that the cores in use
// need, and those this CPU lacks.
func hashingFeatures() (used, lack []string) {
	need := make(map[cpuid.FeatureID]bool)
	for _, a := range hashing.All() {
		for _, f := range a.CoreNeeds() {
			need[f] = true
		}
	}
	for _, f := range cpuFeatures {
		switch {
		case !cpuid.CPU.Supports(f):
			lack = append(lack, f.String())
		case need[f]:
			used = append(used, f.String())
		}
	}
	return used, lack
}

// licenceNotice is Hashdrop's licence (SPDX: MIT) in the window's
// language; LICENSE itself, the legal text, is in English.
func licenceNotice() string {
	return tr("Free software under the MIT License. Copyright (c) 2026 The Hashdrop authors.")
}

func (w *Window) showAbout() {
	version := w.version // Fyne's metadata says 0.0.1 unless fyne package wrote it
	if version == "" {
		version = tr("development build")
	}
	title := widget.NewRichTextFromMarkdown("## Hashdrop " + version)
	intro := widget.NewLabel(tr("Checks that a file you downloaded is the file its publisher released. " +
		"Each file is read once; every algorithm hashes it on its own core, with the fastest code this processor can run."))
	intro.Wrapping = fyne.TextWrapWord

	have, lack := hashingFeatures()
	cpu := widget.NewForm(
		widget.NewFormItem(tr("Processor"), widget.NewLabel(cpuSummary())),
		widget.NewFormItem(tr("Features used"), wrapLabel(orNone(have))),
		widget.NewFormItem(tr("Not available"), wrapLabel(orNone(lack))),
		widget.NewFormItem(tr("System"), widget.NewLabel(runtime.GOOS+"/"+runtime.GOARCH+", "+runtime.Version())),
	)

	grid := container.NewGridWithColumns(3,
		bold(tr("Algorithm")), bold(tr("Core in use")), bold(tr("Cores this CPU can run")))
	inferred := false
	for _, a := range hashing.All() {
		name := a.Core()
		if a.CoreInferred() {
			name += " *"
			inferred = true
		}
		core := widget.NewLabelWithStyle(name, fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
		grid.Add(widget.NewLabel(a.Name))
		grid.Add(core)
		grid.Add(wrapLabel(listText(a.Cores(), "")))
	}
	back := w.newButton(tr("Back to files"), theme.NavigateBackIcon(), func() { w.show(nil) })
	content := container.NewVBox(title, intro, widget.NewLabel(licenceNotice()), widget.NewSeparator(), cpu, widget.NewSeparator(), grid)
	if inferred {
		content.Add(wrapLabel(tr("* The Go standard library's own core: it does not say which one it runs, so Hashdrop infers it from the processor conditions the library is known to test.")))
	}
	w.show(container.NewBorder(container.NewHBox(back), nil, nil, nil, container.NewVScroll(content)))
}

func bold(s string) *widget.Label {
	return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

func wrapLabel(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

func orNone(s []string) string {
	if len(s) == 0 {
		return tr("none")
	}
	return listText(s, "")
}
