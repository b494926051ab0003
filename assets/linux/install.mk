# Installs Hashdrop into a desktop: the command (bin/hashdrop) and the window
# program (lib/hashdrop/hashdrop-window), its icon, its .desktop entry
# (which opens files, %F) and the MIME types of checksum files, then tells the
# desktop so that double-clicking ubuntu.iso.sha256 or SHA256SUMS opens it.
# Then "Check with Hashdrop" in the right-click menu of the file managers:
# Dolphin (a service menu, executable as KIO requires of one in a user's
# folder), Nemo (an action), Thunar (Send To), GNOME Files (a nautilus-python
# extension, loaded only where python3-nautilus is installed) and, for a
# user, the scripts of GNOME Files and Caja (which read them from the user's
# folders only). Each runs the installed window program by its absolute path.
#
# This file is the Makefile of the Linux package (hashdrop.tar.xz: "make
# user-install", or "sudo make install") and is what the source tree's
# "make install" runs with paths into the tree.
#
#   PREFIX   where to install; ~/.local for a user, /usr/local for root.
#            $PREFIX/share must be one of the XDG data folders
#            ($XDG_DATA_HOME or $XDG_DATA_DIRS) for the desktop to see it.
#   DESTDIR  staging root for distribution packages: nothing is registered.
#   DEFAULT  yes: make Hashdrop the default program for checksum files
#            (xdg-mime default, per user). The default is yes when PREFIX is
#            inside $HOME, no for a system-wide install.
#   SCRIPTS  yes: also install the GNOME Files and Caja scripts, in
#            $XDG_DATA_HOME/nautilus/scripts and $XDG_CONFIG_HOME/caja/scripts
#            (per user only; the same default as DEFAULT).

PREFIX  ?= $(if $(filter 0,$(shell id -u)),/usr/local,$(HOME)/.local)
DEFAULT ?= $(if $(filter $(HOME)/%,$(PREFIX)),yes,no)
SCRIPTS ?= $(DEFAULT)
DESTDIR ?=

# Where the files come from: the package's layout unless the source tree's
# Makefile says otherwise.
SRC     ?= usr/local
BIN     ?= $(SRC)/bin/hashdrop
WINDOW  ?= $(SRC)/lib/hashdrop/hashdrop-window
DESKTOP ?= $(SRC)/share/applications/io.github.hashdrop.desktop
MIMEXML ?= $(SRC)/share/mime/packages/io.github.hashdrop.xml
ICON    ?= $(SRC)/share/icons/hicolor/256x256/apps/io.github.hashdrop.png
ICONSVG ?= $(SRC)/share/icons/hicolor/scalable/apps/io.github.hashdrop.svg
DOLPHIN ?= $(SRC)/share/kio/servicemenus/io.github.hashdrop.desktop
NEMO    ?= $(SRC)/share/nemo/actions/io.github.hashdrop.nemo_action
SENDTO  ?= $(SRC)/share/Thunar/sendto/io.github.hashdrop.desktop
NAUTILUSPY ?= $(SRC)/share/nautilus-python/extensions/io_github_hashdrop.py
FMSCRIPT ?= $(SRC)/share/hashdrop/check-with-hashdrop.sh

APPID := io.github.hashdrop
SHARE := $(DESTDIR)$(PREFIX)/share
MIMETYPES = $(shell sed -n 's/^MimeType=//p' '$(DESKTOP)' | tr ';' ' ')
WINEXE  := $(PREFIX)/lib/hashdrop/hashdrop-window
# The file managers' files name "hashdrop"; installed, they name WINEXE.
ABSEXEC := sed -e 's|^Exec=hashdrop |Exec=$(WINEXE) |' -e 's|^TryExec=hashdrop$$|TryExec=$(WINEXE)|' \
	-e 's|^Dependencies=hashdrop;|Dependencies=$(WINEXE);|' -e 's|^HASHDROP = "hashdrop"|HASHDROP = "$(WINEXE)"|' \
	-e 's|^HASHDROP=hashdrop |HASHDROP=$(WINEXE) |'
USERDATA   := $(DESTDIR)$(or $(XDG_DATA_HOME),$(HOME)/.local/share)
USERCONFIG := $(DESTDIR)$(or $(XDG_CONFIG_HOME),$(HOME)/.config)
SCRIPTNAME := Check with Hashdrop

.PHONY: default install uninstall user-install user-uninstall register

default:
	@echo "make user-install     install for you, in ~/.local (no root needed)"
	@echo "make user-uninstall   remove it again"
	@echo "sudo make install     install for everyone, in /usr/local (PREFIX=...)"
	@echo "sudo make uninstall   remove it again"

install:
	install -Dm755 '$(BIN)' '$(DESTDIR)$(PREFIX)/bin/hashdrop'
	install -Dm755 '$(WINDOW)' '$(DESTDIR)$(PREFIX)/lib/hashdrop/hashdrop-window'
	install -Dm644 '$(ICON)' '$(SHARE)/icons/hicolor/256x256/apps/$(APPID).png'
	install -Dm644 '$(ICONSVG)' '$(SHARE)/icons/hicolor/scalable/apps/$(APPID).svg'
	install -Dm644 '$(MIMEXML)' '$(SHARE)/mime/packages/$(APPID).xml'
	install -d '$(SHARE)/applications'
	sed 's|^Exec=hashdrop |Exec=$(PREFIX)/lib/hashdrop/hashdrop-window |' '$(DESKTOP)' > '$(SHARE)/applications/$(APPID).desktop'
	chmod 644 '$(SHARE)/applications/$(APPID).desktop'
	install -d '$(SHARE)/kio/servicemenus' '$(SHARE)/nemo/actions' '$(SHARE)/Thunar/sendto' '$(SHARE)/nautilus-python/extensions'
	$(ABSEXEC) '$(DOLPHIN)' > '$(SHARE)/kio/servicemenus/$(APPID).desktop'
	chmod 755 '$(SHARE)/kio/servicemenus/$(APPID).desktop'
	$(ABSEXEC) '$(NEMO)' > '$(SHARE)/nemo/actions/$(APPID).nemo_action'
	$(ABSEXEC) '$(SENDTO)' > '$(SHARE)/Thunar/sendto/$(APPID).desktop'
	$(ABSEXEC) '$(NAUTILUSPY)' > '$(SHARE)/nautilus-python/extensions/io_github_hashdrop.py'
	chmod 644 '$(SHARE)/nemo/actions/$(APPID).nemo_action' '$(SHARE)/Thunar/sendto/$(APPID).desktop' \
		'$(SHARE)/nautilus-python/extensions/io_github_hashdrop.py'
	@if [ '$(SCRIPTS)' = yes ]; then \
		set -e; for d in '$(USERDATA)/nautilus/scripts' '$(USERCONFIG)/caja/scripts'; do \
			echo "install $$d/$(SCRIPTNAME)"; install -d "$$d"; \
			$(ABSEXEC) '$(FMSCRIPT)' > "$$d/$(SCRIPTNAME)"; chmod 755 "$$d/$(SCRIPTNAME)"; \
		done; fi
	@if [ -z '$(DESTDIR)' ]; then $(MAKE) --no-print-directory -f '$(firstword $(MAKEFILE_LIST))' register; fi
	@echo "Hashdrop installed in $(PREFIX)"

# register rebuilds the desktop's caches; each tool is optional.
register:
	@if command -v update-mime-database >/dev/null; then update-mime-database '$(PREFIX)/share/mime'; \
	else echo "update-mime-database not found (package shared-mime-info): checksum files will not be recognised until it runs"; fi
	@if command -v update-desktop-database >/dev/null; then update-desktop-database -q '$(PREFIX)/share/applications'; fi
	@if command -v gtk-update-icon-cache >/dev/null && [ -f '$(PREFIX)/share/icons/hicolor/index.theme' ]; then \
		gtk-update-icon-cache -q -t '$(PREFIX)/share/icons/hicolor' || true; fi
	@if [ '$(DEFAULT)' = yes ]; then \
		if command -v xdg-mime >/dev/null; then xdg-mime default $(APPID).desktop $(MIMETYPES); \
		else echo "xdg-mime not found (package xdg-utils): Hashdrop was not made the default for checksum files"; fi; fi

uninstall:
	rm -f '$(DESTDIR)$(PREFIX)/bin/hashdrop' '$(DESTDIR)$(PREFIX)/lib/hashdrop/hashdrop-window' \
		'$(SHARE)/icons/hicolor/256x256/apps/$(APPID).png' \
		'$(SHARE)/icons/hicolor/scalable/apps/$(APPID).svg' \
		'$(SHARE)/mime/packages/$(APPID).xml' \
		'$(SHARE)/applications/$(APPID).desktop' \
		'$(SHARE)/kio/servicemenus/$(APPID).desktop' '$(SHARE)/nemo/actions/$(APPID).nemo_action' \
		'$(SHARE)/Thunar/sendto/$(APPID).desktop' '$(SHARE)/nautilus-python/extensions/io_github_hashdrop.py'
	@if [ '$(SCRIPTS)' = yes ]; then \
		rm -f '$(USERDATA)/nautilus/scripts/$(SCRIPTNAME)' '$(USERCONFIG)/caja/scripts/$(SCRIPTNAME)'; fi
	rmdir '$(DESTDIR)$(PREFIX)/lib/hashdrop' 2>/dev/null || true
	@if [ -z '$(DESTDIR)' ]; then $(MAKE) --no-print-directory -f '$(firstword $(MAKEFILE_LIST))' register DEFAULT=no; fi

user-install:
	@$(MAKE) --no-print-directory -f '$(firstword $(MAKEFILE_LIST))' install PREFIX='$(HOME)/.local'

user-uninstall:
	@$(MAKE) --no-print-directory -f '$(firstword $(MAKEFILE_LIST))' uninstall PREFIX='$(HOME)/.local'
