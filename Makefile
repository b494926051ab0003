# Hashdrop. `make run` starts the window, `make test` runs every check CI runs.
# Both install the system packages they need first (see the deps target).

GO      ?= go
# Two programs: BIN, the command (app/cli/hashdrop: pure Go, no cgo), runs
# the subcommands itself and hands anything else to WINDOW, the window
# program (main.go: Fyne, GTK, OpenGL), which answers the subcommands too
# but takes 55-80 ms to start (the command about 10). Installed, WINDOW is
# lib/hashdrop/hashdrop-window beside bin/hashdrop.
BIN     := build/hashdrop
WINDOW  := build/hashdrop-window
# no_emoji leaves out Fyne's colour emoji font (4 MB in the binary), which
# Fyne parses again for every text style it draws (about 44 MiB of the window's
# memory); Hashdrop's words have no emoji, and a name that has one is drawn
# from a system font that has it, as any other missing glyph.
TAGS    := no_emoji
GOFILES := $(shell git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './hashing/_asm/*')

# Debian/Ubuntu packages: cgo + X11/GL headers for Fyne, GTK for the native
# dialogs, Xvfb for the headless window test.
DEB_BUILD := gcc pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev \
             libxinerama-dev libxi-dev libxxf86vm-dev libgtk-3-dev
# Fonts: Fyne draws a glyph its theme font lacks from a system font that
# has it; without CJK ones, the Japanese screenshots show boxes and the
# Chinese and Korean ones fall back to English. fonts-ipafont-gothic
# (Japanese), fonts-wqy-microhei (Chinese) and fonts-nanum (Korean), not
# fonts-noto-cjk: Fyne 2.7 shapes every string with a new HarfBuzz shaper,
# which builds the lookups of Noto CJK's large GSUB table again each time,
# and with it the smoke test's release of 50 files in Japanese was not
# drawn 4 s after its verdict (the whole test takes 3 s without it).
# libnotify-bin: notify-send, whose click path the watcher's tests exercise.
DEB_TEST  := xvfb xauth libgl1-mesa-dri xdotool x11-utils imagemagick rhash openssl \
             gnupg minisign signify-openbsd fonts-ipafont-gothic fonts-wqy-microhei \
             fonts-nanum libnotify-bin b3sum xxhash
PC_BUILD  := gl x11 xcursor xrandr xinerama xi xxf86vm gtk+-3.0
# qemu for the 386 tests' virtual machine (make test-386-vm).
DEB_VM      := qemu-system-x86
# Desktop integration: make install's registration and its test; the Windows
# package's cross compiler.
DEB_DESKTOP := xdg-utils shared-mime-info desktop-file-utils
# The .deb and its checks (dpkg-shlibdeps, lintian, appstreamcli), the file
# managers' entries run as each runs them (GLib's key files and launcher
# from Python, Nautilus 4.0's typelib for the Files extension), and the
# Flatpak manifest (flatpak-builder parses it).
DEB_LINUX   := dpkg-dev lintian appstream desktop-file-utils python3-gi gir1.2-glib-2.0 \
               gir1.2-nautilus-4.0 flatpak-builder xz-utils
DEB_WINDOWS := gcc-mingw-w64-x86-64 gcc-mingw-w64-i686
# The Windows installer (wixl is msitools' MSI builder, msibuild adds the
# PATH entry wixl cannot write; ImageMagick makes its icon) and the portable
# zip;
# Wine 8.0 to run Hashdrop.exe and its installer in make test-windows
# (64-bit only: wine32 and i386 multiarch are not needed), on Xvfb with
# Mesa's software GL.
DEB_WINPKG  := wixl msitools zip imagemagick faketime
DEB_WINTEST := wine wine64 xvfb libgl1-mesa-dri xdotool imagemagick gnupg procps

.PHONY: all build run test bench asm deps deps-test deps-bench clean \
        install uninstall test-desktop package-linux package-windows package-windows-386 pkgsrc deps-desktop deps-windows \
        deps-linux package-deb deb-programs package-flatpak test-filemanagers test-deb test-flatpak \
        build-windows-amd64 deps-windows-package deps-test-windows test-386-vm deps-vm

all: build

build: deps
	$(GO) build -tags $(TAGS) -o $(WINDOW) .
	CGO_ENABLED=0 $(GO) build -o $(BIN) ./app/cli/hashdrop

run: build
	./$(BIN) $(ARGS)

# make test is every check CI runs, in this order; each can be run alone.
TESTS := fmt-check vet asm-check test-go test-gui test-purego test-386 test-race \
         build-nocgo build-unix build-windows build-windows-386 test-desktop test-filemanagers \
         test-deb test-release test-flatpak test-windows

.PHONY: $(TESTS)

test: deps deps-test deps-desktop deps-linux deps-windows $(TESTS)
	@echo "make test: all checks passed"

# Every package's tests (ui's with cgo and Fyne's headless test driver).
test-go: deps
	$(GO) test ./...

# The portable Go of every family alone: no .s file is built.
test-purego:
	CGO_ENABLED=0 $(GO) test -tags purego ./hashing/...

# The 386 cores and their generic twins. Where this kernel cannot run 32-bit
# x86 programs (no IA32 emulation), run386 runs them in a virtual machine:
# Debian's cloud kernel under qemu's software emulation of an x86-64 CPU
# with SSE2 to AVX2 (not SHA-NI, which qemu 7.2 does not emulate), then the
# choice of cores again on qemu64, which has SSE2 and SSE3 only.
test-386:
	@mkdir -p build
	CGO_ENABLED=0 GOARCH=386 $(GO) build -o build/probe-386 ./hashing/internal/probe386
	@if ./build/probe-386 2>/dev/null; then \
		echo CGO_ENABLED=0 GOARCH=386 $(GO) test ./hashing/...; \
		CGO_ENABLED=0 GOARCH=386 $(GO) test ./hashing/...; \
	else \
		echo "test-386: this kernel cannot run 32-bit x86 programs: running the 386 tests in a virtual machine"; \
		$(MAKE) --no-print-directory test-386-vm; \
	fi

VMKERNEL := build/vm/vmlinuz

test-386-vm: deps-vm $(VMKERNEL)
	CGO_ENABLED=0 $(GO) build -o build/run386 ./hashing/internal/run386
	GO=$(GO) ./build/run386 -kernel $(VMKERNEL) -timeout 15m ./hashing/...
	GO=$(GO) ./build/run386 -kernel $(VMKERNEL) -timeout 5m -cpu qemu64 -run 'Active|Core|Select|Own|Registry|Implementations' ./hashing/...

# Debian's current cloud kernel (64-bit, with IA32 emulation), from its
# package, without installing it.
$(VMKERNEL):
	@mkdir -p build/vm
	@pkg=$$(apt-cache depends linux-image-cloud-amd64 2>/dev/null | sed -n 's/.*Depends: \(linux-image-[0-9].*\)/\1/p' | head -n 1); \
	if [ -z "$$pkg" ]; then \
		echo "apt-cache does not know linux-image-cloud-amd64: run apt-get update"; exit 1; \
	fi; \
	echo "fetching $$pkg for the 386 virtual machine"; \
	cd build/vm && rm -f linux-image-*.deb && apt-get download -q "$$pkg" 2>&1 | grep -v '^W: Download is performed unsandboxed' ; \
	dpkg-deb --fsys-tarfile linux-image-*.deb | tar -xO --wildcards './boot/vmlinuz-*' > vmlinuz.tmp && \
	test -s vmlinuz.tmp && mv vmlinuz.tmp vmlinuz && rm -f linux-image-*.deb

# The queue, the pipeline and the single instance under the race detector.
test-race: deps
	$(GO) test -race ./app/...

# hashing and app build without cgo.
build-nocgo:
	CGO_ENABLED=0 $(GO) build -o /dev/null ./hashing/... ./app/...

# app and hashing for macOS and FreeBSD: the named-pipe code of the unix
# systems other than Linux (app/open_unix_other.go), which no machine here
# runs: vetted and built so that it cannot rot. Cold, each system's standard
# library costs about a minute of CPU (warm, 3 s).
.PHONY: build-unix
build-unix:
	GOOS=darwin CGO_ENABLED=0 $(GO) vet ./app/... ./hashing/...
	GOOS=darwin CGO_ENABLED=0 $(GO) build -o /dev/null ./app/... ./hashing/...
	GOOS=freebsd CGO_ENABLED=0 $(GO) vet ./app/... ./hashing/...
	GOOS=freebsd CGO_ENABLED=0 $(GO) build -o /dev/null ./app/... ./hashing/...

# app (the registry code of the Windows associations) and hashing for Windows.
build-windows:
	GOOS=windows CGO_ENABLED=0 $(GO) vet ./app/...
	GOOS=windows CGO_ENABLED=0 $(GO) build -o /dev/null ./app/...
	GOOS=windows GOARCH=386 CGO_ENABLED=0 $(GO) vet ./app/... ./hashing/...
	GOOS=windows GOARCH=386 CGO_ENABLED=0 $(GO) build -o /dev/null ./app/... ./hashing/...

# The 32-bit Windows program whole, ui, main and their tests too (cgo, Fyne and
# mingw-w64), vetted and built as package-windows-386 builds it, less fyne
# package's icon and manifest, so that it cannot rot: nothing else compiles ui
# with a 32-bit int. Cold, this takes 8-9 minutes, most of it one cgo compile
# of Fyne's OpenGL bindings against windows.h; warm, seconds.
WIN386 := GOOS=windows GOARCH=386 CGO_ENABLED=1 CC=i686-w64-mingw32-gcc
build-windows-386: deps-windows
	$(WIN386) $(GO) vet -tags $(TAGS) ./...
	$(WIN386) $(GO) build -tags $(TAGS) -ldflags -H=windowsgui -o /dev/null .

# The 64-bit Windows program, vetted and built once for both:
# build/windows-amd64/Hashdrop.exe, the GUI-subsystem program as
# package-windows builds it, less fyne package's icon and manifest, and the
# program test-windows runs; beside it hashdrop.com, the console-subsystem
# command line for cmd.exe and PowerShell (app/cli/hashdrop: no Fyne, no cgo,
# built in seconds). Cold, 8-10 minutes on 2 cores (Fyne's OpenGL bindings
# against windows.h again); warm, seconds.
WIN64    := GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc
WIN64EXE := build/windows-amd64/Hashdrop.exe
build-windows-amd64: deps-windows
	$(WIN64) $(GO) vet -tags $(TAGS) ./...
	$(WIN64) $(GO) build -tags $(TAGS) -ldflags -H=windowsgui -o $(WIN64EXE) .
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) build -o $(dir $(WIN64EXE))hashdrop.com ./app/cli/hashdrop

# The stand-in bcryptprimitives.dll Go 1.26 programs need under Wine 8.0
# (assets/windows/_wine); for test-windows only, never shipped.
build/bcryptprimitives.dll: assets/windows/_wine/bcryptprimitives.c assets/windows/_wine/bcryptprimitives.def | deps-windows
	@mkdir -p build
	x86_64-w64-mingw32-gcc -O2 -shared -s -o $@ $^ -ladvapi32

# $(call windows_msi,EXE,OUT): the per-user installer of EXE and of
# hashdrop.com beside it (assets/windows/msi.sh: wixl, msibuild; the same
# programs give the same bytes).
windows_msi = sh assets/windows/msi.sh $(1) $(2) $(VERSION)

# Hashdrop.exe and hashdrop.com under Wine 8.0 on Xvfb, in a throwaway
# prefix under build/wintest (assets/windows/test-windows.sh): app/desktop's
# tests built for Windows (the single instance's named pipe); the command
# line (algos, sum, check with its statuses and exit codes, a signed
# checksum file, a Z:\ path, a Japanese name); the same typed in cmd.exe,
# where "hashdrop" is hashdrop.com (%ERRORLEVEL%, a pipe, redirection); the
# window on a file, its digests in the trace and a screenshot in
# build/smoke-windows.png; second launches handing their files over, from
# Hashdrop.exe and from hashdrop.com; closing the window; at 150 % the
# window larger than the screen laid out for the size Windows gave it
# (build/smoke-windows-150.png); the MSI installed
# (the PATH entry too), run from a new cmd.exe, and uninstalled.
# About 2-3 minutes after build-windows-amd64.
.PHONY: test-windows
test-windows: build-windows-amd64 build/bcryptprimitives.dll deps-test-windows
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) test -c -o build/windows-amd64/desktop.test.exe ./app/desktop
	$(call windows_msi,$(WIN64EXE),build/windows-amd64/Hashdrop.msi)
	sh assets/windows/test-windows.sh $(WIN64EXE) build/bcryptprimitives.dll build/windows-amd64/Hashdrop.msi \
		build/windows-amd64/desktop.test.exe

# The real window under Xvfb: started with a file, a second file dropped on it
# through XDND, digests awaited, screenshot in build/smoke-window.png; started
# on a SHA256SUMS (statuses checked), a second launch handing a file over, in
# English and Japanese: build/smoke-checksums(-ja).png, smoke-handover(-ja).png;
# started on a SHA256SUMS with its SHA256SUMS.gpg signed by a key the user
# imported, the view says "Genuine": build/smoke-signed(-ja).png; a folder of
# 200 files with its SHA256SUMS, every file compared, and a SHA256SUMS listing
# the ISO downloaded and another, a green headline: build/smoke-folder200.png,
# smoke-two-isos.png (TestVerdictRulesSmoke, from the traced headlines); on
# 1366 x 768 at FYNE_SCALE=2, 1024 x 600 and at 960 wide, in English and
# Japanese, empty, with a red banner and with Choose… open, the traced layout
# checked for overlaps: build/smoke-small-*.png; a file dragged over the
# expected-digest field (the band over it), then dropped on the line under
# it, listed and compared with the typed digest: smoke-drop-*.png; a flat
# release folder of 50 files (3 damaged, 2 deleted), the red banner's detail
# inside its band at 960 wide and at scale 2: smoke-release-*.png; a
# release folder of 2,000 files in sub-folders, 3 damaged and 2 deleted, the
# window's verdict and statuses the same as hashdrop verify's:
# build/smoke-release2000(-ja).png (TestReleaseFolderSmoke); an ISO that
# matches its SHA512SUMS and not its SHA256SUMS, never green with SHA-512
# alone or the common preset: smoke-disagree-*.png; a file dropped on the
# field holding a typed digest, its band seen in the pixels, then compared
# with it: smoke-drop-field-*.png.
.PHONY: test-gui
test-gui: build deps-test
	HASHDROP_BIN=$(CURDIR)/$(WINDOW) HASHDROP_SMOKE_OUT=$(CURDIR)/build $(GO) test -tags smoke -count=1 -run 'TestBuiltWithoutEmojiSmoke|TestWindowSmoke|TestChecksumFileSmoke|TestChecksumFileElsewhereSmoke|TestWindowFitsALaptopSmoke|TestSignedChecksumFileSmoke|TestTenThousandFilesSmoke|TestScreenshotsSmoke|TestNoDisplaySmoke|TestVerdictRulesSmoke|TestCompareSmoke|TestWindowFitsTheScreenAtScale2Smoke|TestBadSignatureSmoke|TestCRC32InNameSmoke|TestSmallScreensSmoke|TestDropOnTheHintLineSmoke|TestReleaseFolderBannerSmoke|TestReleaseFolderSmoke|TestOfferSmoke|TestDisagreeingChecksumFilesSmoke|TestDropOnTheFieldSmoke' ./ui/smoke/

fmt-check:
	@out=$$(gofmt -l $(GOFILES)); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	CGO_ENABLED=0 GOARCH=386 $(GO) vet ./hashing/... ./app/...
	CGO_ENABLED=0 GOARCH=arm64 $(GO) vet ./hashing/... ./app/...
	CGO_ENABLED=0 $(GO) vet -tags purego ./hashing/...

# The last two steps compare SHA-256 and SHA-1 with OpenSSL (issue 41), and
# BLAKE3, XXH3 and BLAKE2b with b3sum, xxhsum -H3 and b2sum (issue 47): the
# kernels in one process, message by message in turns, in MB/s and cycles a
# block (hashing/internal/opensslpeer, cgo and libcrypto); then the programs,
# in turns, best and median of 5: hashdrop bench against openssl speed -evp
# -bytes 16384 (xxhsum -b, or the user CPU of one b3sum --num-threads 1 and
# of one b2sum on the file, for the others), and the whole process, hashdrop
# sum against openssl dgst and rhash, or the specialist with its defaults, on
# a 1 GiB file in /dev/shm. A line where Hashdrop is the slower says so.
# Then many small files (issue 51, app/internal/smallbench): a release of
# 50,000 random files of 2-3 KB in 50 folders with its SHA256SUMS, made in the
# temporary folder, hashdrop check and hashdrop verify of the folder each
# against sha256sum -c and rhash -c, and hashdrop sum of 20,000 of them
# against sha256sum, in turns, wall time, CPU and peak memory (GNU time);
# and the window given the folder, on a private Xvfb, against hashdrop
# verify of it: its time from exec to its final verdict on every file, and
# its peak memory (its target: within 2 s of verify's, under 400 MB). About
# 10 minutes and the window's runs; run it on a quiet machine.
bench: deps-bench build
	$(GO) test -run '^$$' -bench . -benchmem ./hashing/...
	$(GO) test -v -run '^TestAlternate$$' ./hashing -alternate=all
	$(GO) run . bench
	$(GO) test -run '^$$' -bench TimeToVerdict -benchtime 5x ./ui/
	$(GO) test -tags opensslpeer -count=1 -v -run 'OpenSSLAgrees|KernelsAgainstOpenSSL' ./hashing/internal/opensslpeer -algorithms sha256,sha1
	$(GO) run ./app/internal/peerbench -hashdrop $(BIN) -a sha256,sha1,blake3,xxh3,blake2b -rounds 5
	$(GO) run ./app/internal/smallbench -hashdrop $(BIN) -window $(WINDOW) -rounds 5

# The desktop file, metainfo, file managers' entries and install.mk's
# script names in every language of ui/translations/platform (a test of
# assets/linux fails when they are not what this writes).
.PHONY: platform-words
platform-words:
	$(GO) test ./assets/linux/ -run '^TestPlatformWords$$' -count=1 -update-words

# Regenerate the amd64 assembly from the avo generators in hashing/_asm.
asm:
	cd hashing/_asm && $(GO) generate ./...

# CI: regenerating the assembly must change nothing.
asm-check: asm
	@git diff --exit-code -- 'hashing/*.s' hashing/blake2b/blake2bunrolled.go || { echo "generated assembly (or unrolled Go) is out of date: run make asm and commit"; exit 1; }
	@test -z "$$(git ls-files --others --exclude-standard -- 'hashing/*.s')" || { echo "make asm wrote files that are not committed"; exit 1; }

# Install the system packages the build (deps) and the tests (deps-test) need,
# or say exactly what to run when this user cannot (.ci/need).
deps:
	@sh .ci/need 'command -v gcc && pkg-config --exists $(PC_BUILD)' $(DEB_BUILD)

deps-test:
	@sh .ci/need 'command -v Xvfb && command -v xdotool && command -v convert && command -v gpg && command -v minisign && command -v b3sum && command -v xxhsum && command -v notify-send && fc-list :lang=zh-cn | grep -q . && fc-list :lang=ko | grep -q .' $(DEB_TEST)

# openssl, rhash, b3sum and xxhsum to compare with (b2sum is coreutils');
# libssl-dev for opensslpeer's cgo; Xvfb and Mesa's software GL for
# smallbench's window, GNU time for the commands' peak memory.
deps-bench:
	@sh .ci/need 'command -v openssl && command -v rhash && command -v b3sum && command -v xxhsum && command -v b2sum && test -e /usr/include/openssl/evp.h && command -v Xvfb && test -x /usr/bin/time' openssl rhash libssl-dev b3sum xxhash coreutils xvfb libgl1-mesa-dri time

deps-desktop:
	@sh .ci/need 'command -v xdg-mime && command -v update-mime-database && command -v desktop-file-validate' $(DEB_DESKTOP)

deps-linux:
	@sh .ci/need 'command -v dpkg-shlibdeps && command -v lintian && command -v appstreamcli && command -v flatpak-builder' $(DEB_LINUX)

deps-windows:
	@sh .ci/need 'command -v x86_64-w64-mingw32-gcc && command -v i686-w64-mingw32-gcc' $(DEB_WINDOWS)

deps-windows-package:
	@sh .ci/need 'command -v wixl && command -v msibuild && command -v zip && command -v convert && command -v faketime' $(DEB_WINPKG)

deps-vm:
	@sh .ci/need 'command -v qemu-system-x86_64 && command -v apt-get && command -v dpkg-deb' $(DEB_VM)

deps-test-windows: deps-windows-package
	@sh .ci/need 'command -v wine && command -v Xvfb && command -v xdotool && command -v import && command -v gpg && command -v pgrep' $(DEB_WINTEST)

# Desktop integration. install puts the program, its icon, its .desktop entry
# (Exec=... %F) and the checksum MIME types into PREFIX (~/.local for a user,
# /usr/local for root) and registers them (update-mime-database,
# update-desktop-database, xdg-mime default). It runs assets/linux/install.mk,
# which is also the Makefile inside the Linux package.
LINUX_FILES := BIN=$(BIN) WINDOW=$(WINDOW) DESKTOP=assets/linux/io.github.hashdrop.hashdrop.desktop \
               MIMEXML=assets/linux/io.github.hashdrop.hashdrop.xml ICONS=assets/linux/icons/hicolor ICONSVG=assets/icon.svg \
               DOLPHIN=assets/linux/filemanager/dolphin.desktop \
               NEMO=assets/linux/filemanager/io.github.hashdrop.hashdrop.nemo_action \
               SENDTO=assets/linux/filemanager/thunar-sendto.desktop CAJA=assets/linux/filemanager/caja-action.desktop \
               NAUTILUSPY=assets/linux/filemanager/nautilus-hashdrop.py \
               FMSCRIPT=assets/linux/filemanager/check-with-hashdrop.sh

install: build deps-desktop
	@$(MAKE) --no-print-directory -f assets/linux/install.mk install $(LINUX_FILES)

uninstall:
	@$(MAKE) --no-print-directory -f assets/linux/install.mk uninstall $(LINUX_FILES)

# After make install into a throwaway HOME, xdg-mime names Hashdrop's entry
# as the default program for every checksum type.
test-desktop: build deps-desktop
	GO=$(GO) sh assets/linux/test-desktop.sh

# "Check with Hashdrop" in each file manager: make install for a user (into
# a throwaway HOME, the window program a stub), then each entry run as its
# file manager runs it, on a selection whose path holds a space and Japanese
# (assets/linux/test-filemanagers.py says how each is run); one launch with
# every path, in order. Seconds.
test-filemanagers: deps-linux
	sh assets/linux/test-filemanagers.sh

# The programs of the .deb: hardened as Debian builds its own (lintian's
# hardening checks: PIE, BIND_NOW, RELRO, the stack protector and
# FORTIFY_SOURCE in the cgo parts), stripped. The command stays pure Go
# (Go's own linker makes it position-independent and binds it now). A cold build of the window
# program compiles Fyne again, as position-independent code: 3-5 minutes
# on 2 cores; warm, seconds.
DEBDIR   := build/deb
HARDEN   := CGO_CFLAGS="-O2 -D_FORTIFY_SOURCE=2 -fstack-protector-strong" CGO_LDFLAGS="-Wl,-z,relro,-z,now"
DEBBUILD := -buildmode=pie -trimpath -ldflags='-s -w -buildid='
DEB       = build/hashdrop_$(VERSION)_$(shell dpkg --print-architecture 2>/dev/null || echo amd64).deb
deb-programs: deps
	$(HARDEN) $(GO) build $(DEBBUILD) -tags $(TAGS) -o $(DEBDIR)/hashdrop-window .
	CGO_ENABLED=0 $(GO) build -buildmode=pie -trimpath -ldflags='-s -w -bindnow -buildid=' -o $(DEBDIR)/hashdrop ./app/cli/hashdrop
	strip --remove-section=.comment $(DEBDIR)/hashdrop-window $(DEBDIR)/hashdrop

# build/hashdrop_VERSION_ARCH.deb (assets/linux/deb.sh): sudo apt install
# ./build/hashdrop_*.deb.
package-deb: deb-programs deps-linux
	GO=$(GO) sh assets/linux/deb.sh $(DEBDIR)/hashdrop $(DEBDIR)/hashdrop-window build

# The .deb checked, installed into a throwaway root with dpkg, run and
# removed (assets/linux/test-deb.sh). About a minute after package-deb,
# most of it lintian.
test-deb: package-deb
	sh assets/linux/test-deb.sh $(DEB)

# build/flatpak: the Flatpak manifest for Flathub (io.github.hashdrop.hashdrop) and
# the source archive it builds from, with the Go modules vendored
# (assets/linux/flatpak.sh).
package-flatpak: deps-linux
	GO=$(GO) sh assets/linux/flatpak.sh build/flatpak

# What can be checked of the Flatpak here, with no Flathub runtime
# (assets/linux/test-flatpak.sh): flatpak-builder reads the manifest, and
# its build-commands build the programs from the vendored archive with
# GOPROXY=off and an empty module cache, with this machine's Go. The build
# flags are the .deb's, so after deb-programs it mostly reuses Go's cache.
test-flatpak: package-flatpak deb-programs
	sh assets/linux/test-flatpak.sh build/flatpak

# fyne package, pinned. It builds in the source folder and leaves files there
# while it works (fyne.syso, which breaks any other build of package main),
# so it runs on a copy in build/pkgsrc.
FYNE    := build/tools/fyne
PKGSRC  := build/pkgsrc
VERSION := $(shell sed -n 's/^Version *= *"\(.*\)"/\1/p' FyneApp.toml)

$(FYNE):
	GOBIN=$(CURDIR)/build/tools $(GO) install fyne.io/tools/cmd/fyne@v1.7.4

pkgsrc:
	rm -rf $(PKGSRC) && mkdir -p $(PKGSRC)
	cp -R go.mod go.sum main.go FyneApp.toml app ui hashing assets $(PKGSRC)/

# build/hashdrop-VERSION-linux-ARCH.tar.xz: unpack, then make user-install
# (or sudo make install). The .deb's two programs (deb-programs: hardened,
# -trimpath, no build id) with the desktop files (assets/linux/package.sh);
# and build/hashdrop_VERSION_ARCH.deb (package-deb). Both the same bytes from
# the same commit.
LINUXTAR := build/hashdrop-$(VERSION)-linux-$(shell $(GO) env GOARCH).tar.xz
package-linux: package-deb
	sh assets/linux/package.sh $(DEBDIR)/hashdrop $(DEBDIR)/hashdrop-window $(LINUXTAR)

# build/Hashdrop.exe: a GUI-subsystem PE32+ with the icon and manifest, cross
# built with mingw-w64. A cold build of Fyne for Windows takes minutes.
# build/hashdrop.com: the console-subsystem command line beside it
# (app/cli/hashdrop). Then build/Hashdrop-VERSION-windows-amd64.msi, the
# per-user installer (assets/windows/hashdrop.wxs), and
# build/Hashdrop-VERSION-windows-amd64.zip, the two programs alone to run
# from anywhere.
WINPKG := build/Hashdrop-$(VERSION)-windows-amd64
package-windows: deps-windows deps-windows-package $(FYNE) pkgsrc
	cd $(PKGSRC) && GO=$(GO) GOFLAGS=-trimpath GOOS=windows GOARCH=amd64 CC=x86_64-w64-mingw32-gcc \
		$(CURDIR)/$(FYNE) package -os windows -release -tags $(TAGS)
	mv $(PKGSRC)/Hashdrop.exe build/Hashdrop.exe
	rm -rf $(PKGSRC)
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) build -trimpath -ldflags '-s -w -buildid=' -o build/hashdrop.com ./app/cli/hashdrop
	@file build/Hashdrop.exe build/hashdrop.com
	$(call windows_msi,build/Hashdrop.exe,$(WINPKG).msi)
	sh assets/windows/zip.sh $(WINPKG).zip build/Hashdrop.exe build/hashdrop.com LICENSE
	@ls -l $(WINPKG).msi $(WINPKG).zip

# build/Hashdrop-386.exe: the same for 32-bit Windows (PE32), with the 386
# cores of hashing (SHA-NI, PCLMULQDQ, ...), and
# build/Hashdrop-VERSION-windows-386.zip: it as Hashdrop.exe beside its own
# hashdrop.com, the two 32-bit programs alone to run from anywhere.
WINPKG386 := build/Hashdrop-$(VERSION)-windows-386
package-windows-386: deps-windows deps-windows-package $(FYNE) pkgsrc
	cd $(PKGSRC) && GO=$(GO) GOFLAGS=-trimpath GOOS=windows GOARCH=386 CC=i686-w64-mingw32-gcc \
		$(CURDIR)/$(FYNE) package -os windows -release -tags $(TAGS)
	mv $(PKGSRC)/Hashdrop.exe build/Hashdrop-386.exe
	rm -rf $(PKGSRC)
	GOOS=windows GOARCH=386 CGO_ENABLED=0 $(GO) build -trimpath -ldflags '-s -w -buildid=' -o build/win386/hashdrop.com ./app/cli/hashdrop
	cp build/Hashdrop-386.exe build/win386/Hashdrop.exe
	@file build/Hashdrop-386.exe build/win386/hashdrop.com
	sh assets/windows/zip.sh $(WINPKG386).zip build/win386/Hashdrop.exe build/win386/hashdrop.com LICENSE
	@ls -l $(WINPKG386).zip

# build/release-VERSION: every artefact (the .deb, the Linux tar.xz, the
# Windows MSI and zip, the Flatpak's vendored source archive), SHA256SUMS
# over them, and SHA256SUMS.minisig when HASHDROP_MINISIGN_KEY holds a
# minisign secret key (assets/linux/release.sh says how; README, "Checking
# a Hashdrop download").
RELDIR := build/release-$(VERSION)
.PHONY: release
release: package-linux package-windows package-flatpak
	sh assets/linux/release.sh $(RELDIR) $(DEB) $(LINUXTAR) $(WINPKG).msi $(WINPKG).zip \
		build/flatpak/hashdrop-$(VERSION)-vendored.tar.xz

# Each artefact built twice from this commit: the same bytes; the command
# built again in an empty cache: the same bytes; a release signed with a
# test key: hashdrop verify calls it genuine, and a changed artefact FAILED
# (assets/linux/test-release.sh). A minute or two after package-deb.
test-release: package-deb deps-windows-package deps-test
	GO=$(GO) sh assets/linux/test-release.sh $(DEBDIR)

clean:
	rm -rf build
