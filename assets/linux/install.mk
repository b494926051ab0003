# Installs Hashdrop into a desktop: the command (bin/hashdrop) and the window
# program (lib/hashdrop/hashdrop-window), its icon, its .desktop entry
# (which opens files, %F) and the MIME types of checksum files, then tells the
# desktop so that double-clicking ubuntu.iso.sha256 or SHA256SUMS opens it.
# Then "Check with Hashdrop" in the right-click menu of the file managers:
# Dolphin (a service menu, executable as KIO requires of one in a user's
# folder), Nemo (an action), Thunar (Send To), Caja (an action for
# caja-actions, in file-manager/actions), GNOME Files (a nautilus-python
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
#            (per user only; the same default as DEFAULT). A script's file
#            name is its menu label in the language of LC_ALL, LC_MESSAGES
#            or LANG ("Hashdrop で確認" in Japanese), else "Check with
#            Hashdrop".
#
# Paths may hold spaces and any letters, not the characters ' " ` $ \ %
# (install refuses them): the entries name the program in a quoted
# command line (Exec="/home/a b/.local/lib/hashdrop/hashdrop-window" %F).
#
# install also removes what an install of the old id, io.github.hashdrop,
# left in PREFIX; uninstall removes both ids' files, the lines naming their
# entries in the user's mimeapps.list (the defaults xdg-mime set), the
# MIME and desktop caches left with nothing to describe, and the folders
# install made that are then empty.

PREFIX  ?= $(if $(filter 0,$(shell id -u)),/usr/local,$(HOME)/.local)
# (A shell test, not make's filter: HOME may hold a space.)
INHOME  := $(shell case '$(PREFIX)/' in ('$(HOME)'/*) echo yes;; (*) echo no;; esac)
DEFAULT ?= $(INHOME)
SCRIPTS ?= $(DEFAULT)
DESTDIR ?=

# Where the files come from: the package's layout unless the source tree's
# Makefile says otherwise.
SRC     ?= usr/local
BIN     ?= $(SRC)/bin/hashdrop
WINDOW  ?= $(SRC)/lib/hashdrop/hashdrop-window
DESKTOP ?= $(SRC)/share/applications/io.github.hashdrop.hashdrop.desktop
MIMEXML ?= $(SRC)/share/mime/packages/io.github.hashdrop.hashdrop.xml
ICONS   ?= $(SRC)/share/icons/hicolor
ICONSVG ?= $(SRC)/share/icons/hicolor/scalable/apps/io.github.hashdrop.hashdrop.svg
DOLPHIN ?= $(SRC)/share/kio/servicemenus/io.github.hashdrop.hashdrop.desktop
NEMO    ?= $(SRC)/share/nemo/actions/io.github.hashdrop.hashdrop.nemo_action
SENDTO  ?= $(SRC)/share/Thunar/sendto/io.github.hashdrop.hashdrop.desktop
CAJA    ?= $(SRC)/share/file-manager/actions/io.github.hashdrop.hashdrop.desktop
NAUTILUSPY ?= $(SRC)/share/nautilus-python/extensions/io_github_hashdrop_hashdrop.py
FMSCRIPT ?= $(SRC)/share/hashdrop/check-with-hashdrop.sh

APPID := io.github.hashdrop.hashdrop
OLDID := io.github.hashdrop
SHARE := $(DESTDIR)$(PREFIX)/share
MIMETYPES = $(shell sed -n 's/^MimeType=//p' '$(DESKTOP)' | tr ';' ' ')
WINEXE  := $(PREFIX)/lib/hashdrop/hashdrop-window
ICONSIZES := 16 24 32 48 64 128 256
# The file managers' files name "hashdrop"; installed, they name WINEXE:
# in the command lines (Exec, the script's HASHDROP) quoted, as the Desktop
# Entry specification and the shell quote an argument with a space; as a
# plain path where a path is expected (TryExec, Nemo's Dependencies,
# Python's string). Exec is quoted only when the path has a space:
# xdg-utils 1.1 (xdg-mime query, xdg-open without a desktop) takes Exec's
# first word as the program and does not understand quotes; GIO, KIO and
# the file managers do.
empty :=
space := $(empty) $(empty)
EXECWORD := $(if $(findstring $(space),$(WINEXE)),"$(WINEXE)",$(WINEXE))
ABSEXEC := sed -e 's|^Exec=hashdrop |Exec=$(EXECWORD) |' -e 's|^TryExec=hashdrop$$|TryExec=$(WINEXE)|' \
	-e 's|^Dependencies=hashdrop;|Dependencies=$(WINEXE);|' -e 's|^HASHDROP = "hashdrop"|HASHDROP = "$(WINEXE)"|' \
	-e 's|^HASHDROP=hashdrop |HASHDROP="$(WINEXE)" |'
USERDATA   := $(DESTDIR)$(or $(XDG_DATA_HOME),$(HOME)/.local/share)
USERCONFIG := $(DESTDIR)$(or $(XDG_CONFIG_HOME),$(HOME)/.config)
SCRIPTNAME := Check with Hashdrop
# The scripts' names (make platform-words writes these lines).
SCRIPTNAME_de := Mit Hashdrop prüfen
SCRIPTNAME_es := Comprobar con Hashdrop
SCRIPTNAME_fr := Vérifier avec Hashdrop
SCRIPTNAME_id := Periksa dengan Hashdrop
SCRIPTNAME_it := Verifica con Hashdrop
SCRIPTNAME_ja := Hashdrop で確認
SCRIPTNAME_ko := Hashdrop으로 확인
SCRIPTNAME_pl := Sprawdź w Hashdrop
SCRIPTNAME_pt := Verificar com o Hashdrop
SCRIPTNAME_pt_BR := Verificar com o Hashdrop
SCRIPTNAME_pt_PT := Verificar com o Hashdrop
SCRIPTNAME_ru := Проверить в Hashdrop
SCRIPTNAME_tr := Hashdrop ile denetle
SCRIPTNAME_uk := Перевірити в Hashdrop
SCRIPTNAME_vi := Kiểm tra bằng Hashdrop
SCRIPTNAME_zh := 用 Hashdrop 校验
SCRIPTNAME_zh_CN := 用 Hashdrop 校验
SCRIPTNAME_zh_SG := 用 Hashdrop 校验
SCRIPTNAME_zh_TW := 用 Hashdrop 檢查
SCRIPTNAME_zh_HK := 用 Hashdrop 檢查
SCRIPTNAME_zh_MO := 用 Hashdrop 檢查
SCRIPTNAMES := 'Check with Hashdrop' 'Mit Hashdrop prüfen' 'Comprobar con Hashdrop' 'Vérifier avec Hashdrop' 'Periksa dengan Hashdrop' 'Verifica con Hashdrop' 'Hashdrop で確認' 'Hashdrop으로 확인' 'Sprawdź w Hashdrop' 'Verificar com o Hashdrop' 'Проверить в Hashdrop' 'Hashdrop ile denetle' 'Перевірити в Hashdrop' 'Kiểm tra bằng Hashdrop' '用 Hashdrop 校验' '用 Hashdrop 檢查'
# (end of the scripts' names)
# The name in the language of the locale (ja_JP.UTF-8: SCRIPTNAME_ja_JP,
# else SCRIPTNAME_ja), else English.
LANGUAGE_NOW := $(or $(LC_ALL),$(LC_MESSAGES),$(LANG))
LOCALE_NOW := $(firstword $(subst ., ,$(subst @, ,$(LANGUAGE_NOW))))
SCRIPTLABEL := $(or $(SCRIPTNAME_$(LOCALE_NOW)),$(SCRIPTNAME_$(firstword $(subst _, ,$(LOCALE_NOW)))),$(SCRIPTNAME))
# The old id's files, as 0.1.0's install wrote them.
OLDFILES = '$(SHARE)/icons/hicolor/256x256/apps/$(OLDID).png' '$(SHARE)/icons/hicolor/scalable/apps/$(OLDID).svg' \
	'$(SHARE)/mime/packages/$(OLDID).xml' '$(SHARE)/applications/$(OLDID).desktop' \
	'$(SHARE)/kio/servicemenus/$(OLDID).desktop' '$(SHARE)/nemo/actions/$(OLDID).nemo_action' \
	'$(SHARE)/Thunar/sendto/$(OLDID).desktop' '$(SHARE)/nautilus-python/extensions/io_github_hashdrop.py'
# The folders install may have made, deepest first: uninstall removes those
# left empty (for a user's install; system-wide, only lib/hashdrop).
MADEDIRS = $(foreach n,$(ICONSIZES),'$(SHARE)/icons/hicolor/$(n)x$(n)/apps' '$(SHARE)/icons/hicolor/$(n)x$(n)') \
	'$(SHARE)/icons/hicolor/scalable/apps' '$(SHARE)/icons/hicolor/scalable' '$(SHARE)/icons/hicolor' '$(SHARE)/icons' \
	'$(SHARE)/kio/servicemenus' '$(SHARE)/kio' '$(SHARE)/nemo/actions' '$(SHARE)/nemo' \
	'$(SHARE)/Thunar/sendto' '$(SHARE)/Thunar' '$(SHARE)/nautilus-python/extensions' '$(SHARE)/nautilus-python' \
	'$(SHARE)/file-manager/actions' '$(SHARE)/file-manager' '$(SHARE)/applications' '$(DESTDIR)$(PREFIX)/lib/hashdrop' '$(DESTDIR)$(PREFIX)/lib' '$(DESTDIR)$(PREFIX)/bin'

.PHONY: default install uninstall user-install user-uninstall register check-paths

default:
	@echo "make user-install     install for you, in ~/.local (no root needed)"
	@echo "make user-uninstall   remove it again"
	@echo "sudo make install     install for everyone, in /usr/local (PREFIX=...)"
	@echo "sudo make uninstall   remove it again"

install: check-paths
	rm -f $(OLDFILES)
	install -Dm755 '$(BIN)' '$(DESTDIR)$(PREFIX)/bin/hashdrop'
	install -Dm755 '$(WINDOW)' '$(DESTDIR)$(PREFIX)/lib/hashdrop/hashdrop-window'
	for n in $(ICONSIZES); do install -Dm644 "$(ICONS)/$${n}x$${n}/apps/$(APPID).png" "$(SHARE)/icons/hicolor/$${n}x$${n}/apps/$(APPID).png" || exit 1; done
	install -Dm644 '$(ICONSVG)' '$(SHARE)/icons/hicolor/scalable/apps/$(APPID).svg'
	install -Dm644 '$(MIMEXML)' '$(SHARE)/mime/packages/$(APPID).xml'
	install -d '$(SHARE)/applications'
	$(ABSEXEC) '$(DESKTOP)' > '$(SHARE)/applications/$(APPID).desktop'
	chmod 644 '$(SHARE)/applications/$(APPID).desktop'
	install -d '$(SHARE)/kio/servicemenus' '$(SHARE)/nemo/actions' '$(SHARE)/Thunar/sendto' '$(SHARE)/nautilus-python/extensions' \
		'$(SHARE)/file-manager/actions'
	$(ABSEXEC) '$(CAJA)' > '$(SHARE)/file-manager/actions/$(APPID).desktop'
	$(ABSEXEC) '$(DOLPHIN)' > '$(SHARE)/kio/servicemenus/$(APPID).desktop'
	chmod 755 '$(SHARE)/kio/servicemenus/$(APPID).desktop'
	$(ABSEXEC) '$(NEMO)' > '$(SHARE)/nemo/actions/$(APPID).nemo_action'
	$(ABSEXEC) '$(SENDTO)' > '$(SHARE)/Thunar/sendto/$(APPID).desktop'
	$(ABSEXEC) '$(NAUTILUSPY)' > '$(SHARE)/nautilus-python/extensions/io_github_hashdrop_hashdrop.py'
	chmod 644 '$(SHARE)/nemo/actions/$(APPID).nemo_action' '$(SHARE)/Thunar/sendto/$(APPID).desktop' '$(SHARE)/file-manager/actions/$(APPID).desktop' \
		'$(SHARE)/nautilus-python/extensions/io_github_hashdrop_hashdrop.py'
	@if [ '$(SCRIPTS)' = yes ]; then \
		set -e; for d in '$(USERDATA)/nautilus/scripts' '$(USERCONFIG)/caja/scripts'; do \
			echo "install $$d/$(SCRIPTLABEL)"; install -d "$$d"; \
			for n in $(SCRIPTNAMES); do rm -f "$$d/$$n"; done; \
			$(ABSEXEC) '$(FMSCRIPT)' > "$$d/$(SCRIPTLABEL)"; chmod 755 "$$d/$(SCRIPTLABEL)"; \
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

# check-paths refuses the characters no quoting below survives.
check-paths:
	@case '$(DESTDIR)$(PREFIX)$(HOME)$(USERDATA)$(USERCONFIG)' in *[\"\`\$$\\%]*) \
		echo "install.mk: PREFIX, DESTDIR, HOME and the XDG folders may not hold '\" \` \$$ \\ or %"; exit 1;; esac

uninstall: check-paths
	rm -f '$(DESTDIR)$(PREFIX)/bin/hashdrop' '$(DESTDIR)$(PREFIX)/lib/hashdrop/hashdrop-window' \
		$(foreach n,$(ICONSIZES),'$(SHARE)/icons/hicolor/$(n)x$(n)/apps/$(APPID).png') $(OLDFILES) \
		'$(SHARE)/icons/hicolor/scalable/apps/$(APPID).svg' \
		'$(SHARE)/mime/packages/$(APPID).xml' \
		'$(SHARE)/applications/$(APPID).desktop' \
		'$(SHARE)/kio/servicemenus/$(APPID).desktop' '$(SHARE)/nemo/actions/$(APPID).nemo_action' \
		'$(SHARE)/Thunar/sendto/$(APPID).desktop' '$(SHARE)/nautilus-python/extensions/io_github_hashdrop_hashdrop.py' \
		'$(SHARE)/file-manager/actions/$(APPID).desktop'
	@if [ '$(SCRIPTS)' = yes ]; then \
		for d in '$(USERDATA)/nautilus/scripts' '$(USERCONFIG)/caja/scripts'; do \
			for n in $(SCRIPTNAMES); do rm -f "$$d/$$n"; done; rmdir "$$d" "$${d%/scripts}" 2>/dev/null || true; done; fi
	@if [ -z '$(DESTDIR)' ]; then $(MAKE) --no-print-directory -f '$(firstword $(MAKEFILE_LIST))' register DEFAULT=no; fi
	@# The defaults xdg-mime set (and any Open With choice) of both ids: a
	@# line left with no program goes, and a file left with no line.
	@for f in '$(USERCONFIG)/mimeapps.list' '$(USERDATA)/applications/mimeapps.list'; do \
		[ -f "$$f" ] || continue; \
		awk -v a='$(APPID).desktop' -v b='$(OLDID).desktop' '/^[^#[]*=/ { \
				n = split(substr($$0, index($$0, "=") + 1), ids, ";"); v = ""; cut = 0; \
				for (i = 1; i <= n; i++) if (ids[i] == a || ids[i] == b) cut = 1; else if (ids[i] != "") v = v ids[i] ";"; \
				if (!cut) { print; next } if (v != "") print substr($$0, 1, index($$0, "=")) v; next } \
			{ print }' "$$f" >"$$f.hashdrop-tmp" && \
		if cmp -s "$$f" "$$f.hashdrop-tmp"; then rm -f "$$f.hashdrop-tmp"; \
		elif grep -q '^[^#[]*=' "$$f.hashdrop-tmp"; then cat "$$f.hashdrop-tmp" >"$$f" && rm -f "$$f.hashdrop-tmp" && echo "removed Hashdrop from $$f"; \
		else rm -f "$$f" "$$f.hashdrop-tmp" && echo "removed $$f (only Hashdrop was in it)"; fi; done
	@# Caches that describe nothing once Hashdrop's files are gone: the MIME
	@# database is generated from mime/packages alone, mimeinfo.cache from
	@# the entries beside it.
	@if [ -z "$$(ls -A '$(SHARE)/mime/packages' 2>/dev/null)" ]; then rm -rf '$(SHARE)/mime'; fi
	@if [ "$$(ls -A '$(SHARE)/applications' 2>/dev/null)" = mimeinfo.cache ]; then rm -f '$(SHARE)/applications/mimeinfo.cache'; fi
	@if [ '$(INHOME)' = yes ]; then for d in $(MADEDIRS); do rmdir "$$d" 2>/dev/null || true; done; \
	else rmdir '$(DESTDIR)$(PREFIX)/lib/hashdrop' 2>/dev/null || true; fi

user-install:
	@$(MAKE) --no-print-directory -f '$(firstword $(MAKEFILE_LIST))' install PREFIX='$(HOME)/.local'

user-uninstall:
	@$(MAKE) --no-print-directory -f '$(firstword $(MAKEFILE_LIST))' uninstall PREFIX='$(HOME)/.local'
