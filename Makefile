# Hashdrop. `make run` starts the window, `make test` runs every check CI runs.
# Both install the system packages they need first (see the deps target).

GO      ?= go
BIN     := build/hashdrop
GOFILES := $(shell git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './hashing/_asm/*')

# Debian/Ubuntu packages: cgo + X11/GL headers for Fyne, GTK for the native
# dialogs, Xvfb for the headless window test.
DEB_BUILD := gcc pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev \
             libxinerama-dev libxi-dev libxxf86vm-dev libgtk-3-dev
DEB_TEST  := xvfb xauth libgl1-mesa-dri xdotool x11-utils imagemagick rhash openssl
PC_BUILD  := gl x11 xcursor xrandr xinerama xi xxf86vm gtk+-3.0

.PHONY: all build run test bench asm asm-check deps deps-test vet fmt-check clean

all: build

build: deps
	$(GO) build -o $(BIN) .

run: build
	./$(BIN) $(ARGS)

test: deps deps-test fmt-check vet asm-check
	$(GO) test ./...
	@$(MAKE) --no-print-directory test-gui
	CGO_ENABLED=0 $(GO) test -tags purego ./hashing/...
	CGO_ENABLED=0 GOARCH=386 $(GO) test ./hashing/...
	$(GO) test -race ./app/...
	CGO_ENABLED=0 $(GO) build -o /dev/null ./hashing/... ./app/...
	@echo "make test: all checks passed"

# The real window under Xvfb: started with a file, a second file dropped on it
# through XDND, digests awaited, screenshot in build/smoke-window.png.
.PHONY: test-gui
test-gui: build deps-test
	HASHDROP_BIN=$(CURDIR)/$(BIN) HASHDROP_SMOKE_OUT=$(CURDIR)/build $(GO) test -tags smoke -count=1 -run TestWindowSmoke ./ui/smoke/

fmt-check:
	@out=$$(gofmt -l $(GOFILES)); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	CGO_ENABLED=0 GOARCH=386 $(GO) vet ./hashing/... ./app/...
	CGO_ENABLED=0 GOARCH=arm64 $(GO) vet ./hashing/... ./app/...
	CGO_ENABLED=0 $(GO) vet -tags purego ./hashing/...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./hashing/...
	$(GO) run . bench

# Regenerate the amd64 assembly from the avo generators in hashing/_asm.
asm:
	cd hashing/_asm && $(GO) generate ./...

# CI: regenerating the assembly must change nothing.
asm-check: asm
	@git diff --exit-code -- 'hashing/*.s' || { echo "generated assembly is out of date: run make asm and commit"; exit 1; }
	@test -z "$$(git ls-files --others --exclude-standard -- 'hashing/*.s')" || { echo "make asm wrote files that are not committed"; exit 1; }

# Install the system packages the build (deps) and the tests (deps-test) need,
# or say exactly what to run when this user cannot.
deps:
	@$(MAKE) --no-print-directory need PKGS="$(DEB_BUILD)" CHECK='command -v gcc && pkg-config --exists $(PC_BUILD)'

deps-test:
	@$(MAKE) --no-print-directory need PKGS="$(DEB_TEST)" CHECK='command -v Xvfb && command -v xdotool && command -v convert'

# need installs PKGS with apt-get (as root or through sudo) when they are
# missing; elsewhere CHECK tells whether the equivalents are there.
.PHONY: need
need:
	@if command -v dpkg-query >/dev/null; then \
		missing=$$(for p in $(PKGS); do dpkg-query -W -f='$${db:Status-Status}\n' $$p 2>/dev/null | grep -qx installed || echo $$p; done); \
		[ -z "$$missing" ] && exit 0; \
	elif sh -c '$(CHECK)' >/dev/null 2>&1; then exit 0; fi; \
	case "$$(uname -s)" in \
	Darwin) echo "Hashdrop needs Xcode's command line tools for cgo: xcode-select --install"; exit 1;; \
	MINGW*|MSYS*|CYGWIN*) echo "Hashdrop needs a C compiler for cgo, e.g. MSYS2's mingw-w64-x86_64-gcc on PATH"; exit 1;; \
	esac; \
	if ! command -v apt-get >/dev/null; then \
		echo "Missing system packages; install the equivalents of: $(PKGS)"; exit 1; fi; \
	if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO=sudo; else \
		echo "Missing system packages. Run as root:"; \
		echo "  apt-get update && apt-get install -y $$missing"; exit 1; fi; \
	echo "Installing system packages: $$missing"; \
	$$SUDO apt-get update -qq && \
	DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null

clean:
	rm -rf build
