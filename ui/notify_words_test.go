package ui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashdrop/hashdrop/app/cli"
	"github.com/hashdrop/hashdrop/app/desktop"
	"github.com/hashdrop/hashdrop/app/publisher"
	"github.com/hashdrop/hashdrop/app/watch"
)

// checkedDownloads are the watcher's results for a download that matches
// the SHA256SUMS beside it and one that does not.
func checkedDownloads(t *testing.T) (green, red watch.Result) {
	t.Helper()
	dir := t.TempDir()
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("SHA256SUMS", sha256Hex("good\n")+"  good.iso\n"+sha256Hex("good\n")+"  bad.iso\n")
	write("good.iso", "good\n")
	write("bad.iso", "damaged\n")
	ck := watch.Checker{Verify: cli.Verify, Origin: func(string) watch.Origin { return watch.Origin{} }}
	green = ck.Check(context.Background(), filepath.Join(dir, "good.iso"))
	red = ck.Check(context.Background(), filepath.Join(dir, "bad.iso"))
	if green.Step != watch.Beside || red.Step != watch.Beside {
		t.Fatalf("checked against %v and %v, not the SHA256SUMS beside them", green.Step, red.Step)
	}
	return green, red
}

// The download checker's notifications speak the window's language: the
// banner's verdict as the title, the file and what it was compared with
// as the body, for a green and a red download; an offer, and the count of
// the verdicts not notified, alike.
func TestNotificationWordsInTheWindowsLanguage(t *testing.T) {
	green, red := checkedDownloads(t)
	offered := watch.Result{Path: "/home/u/Downloads/ubuntu-24.04.1-desktop-amd64.iso", Step: watch.Offered,
		Guess: &publisher.Guess{Publisher: "Ubuntu", Host: "releases.ubuntu.com"}}
	failed := offered
	failed.FetchErr = errors.New("no network")
	type words struct{ title, body string }
	for _, c := range []struct {
		language           string
		green, red, offer  words
		fetchFailed, count string
		more               int
	}{
		{language: "ja",
			green:       words{"公開されている SHA-256 と一致しました", "good.iso: ファイルの隣にあった SHA256SUMS と照合しました。"},
			red:         words{"公開されている SHA-256 と一致しません: 配布元が公開したファイルではありません。使用しないでください。", "bad.iso は、隣にある SHA256SUMS のハッシュ値と一致しません。"},
			offer:       words{"ubuntu-24.04.1-desktop-amd64.iso", "Ubuntu のチェックサムを releases.ubuntu.com から取得しますか？Hashdrop でファイルを開くと取得できます。"},
			fetchFailed: "Ubuntu のチェックサムを取得できませんでした: ",
			more:        3, count: "bad.iso は、隣にある SHA256SUMS のハッシュ値と一致しません。ほかに 3 個のダウンロードを確認しました: 「最近の確認」を見てください。"},
		{language: "de",
			green: words{"Stimmt mit dem veröffentlichten SHA-256 überein", "good.iso: Verglichen mit SHA256SUMS, neben der Datei gefunden."},
			red:   words{"Stimmt NICHT mit dem veröffentlichten SHA-256 überein: Das ist nicht die veröffentlichte Datei. Nicht verwenden.", "bad.iso stimmt nicht mit dem Hashwert in SHA256SUMS daneben überein."},
			offer: words{"ubuntu-24.04.1-desktop-amd64.iso", "Prüfsummen von Ubuntu von releases.ubuntu.com abrufen? Öffnen Sie die Datei in Hashdrop, um die Prüfsummen abzurufen."},
			more:  1, count: "bad.iso stimmt nicht mit dem Hashwert in SHA256SUMS daneben überein. 1 weiterer Download wurde geprüft: siehe „Letzte Prüfungen“."},
		{language: "ru",
			green: words{"Совпадает с опубликованным SHA-256", "good.iso: Сравнено с SHA256SUMS, найденным рядом с файлом."},
			red:   words{"НЕ совпадает с опубликованным SHA-256: это не тот файл, что выпустили. Не используйте его.", "bad.iso не совпадает с хешем в SHA256SUMS рядом с ним."},
			offer: words{"ubuntu-24.04.1-desktop-amd64.iso", "Получить контрольные суммы Ubuntu с releases.ubuntu.com? Откройте файл в Hashdrop, чтобы получить их."},
			more:  5, count: "bad.iso не совпадает с хешем в SHA256SUMS рядом с ним. Проверено ещё 5 загрузок: см. «Недавние проверки»."},
	} {
		t.Run(c.language, func(t *testing.T) {
			useLanguage(t, c.language)
			if got := windowLanguageCode(); got != c.language {
				t.Fatalf("the window speaks %s", got)
			}
			for _, w := range []struct {
				what string
				r    watch.Result
				want words
			}{{"green", green, c.green}, {"red", red, c.red}, {"offer", offered, c.offer}} {
				if title, body := NotificationWords(w.r); title != w.want.title || body != w.want.body {
					t.Errorf("%s: %q / %q, want %q / %q", w.what, title, body, w.want.title, w.want.body)
				}
			}
			if _, body := NotificationWords(failed); c.fetchFailed != "" && (len(body) < len(c.fetchFailed) || body[:len(c.fetchFailed)] != c.fetchFailed) {
				t.Errorf("fetch failed: %q, want it to begin %q", body, c.fetchFailed)
			}
			if got := MoreNotified(c.red.body, c.more); got != c.count {
				t.Errorf("%d more: %q, want %q", c.more, got, c.count)
			}
		})
	}
}

// The tray (no Fyne app) speaks the language of the window's setting, read
// from Fyne's preferences file, and leaves LANGUAGE as the system set it
// for the windows it starts.
func TestTraySpeaksTheLanguageSetting(t *testing.T) {
	useLanguage(t, "en")
	config := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", config)
	t.Setenv("HOME", t.TempDir())
	useSavedLanguage()
	if got := windowLanguageCode(); got != "en" {
		t.Fatalf("with no preferences the tray speaks %s, not the system's en", got)
	}
	dir := desktop.UserHome(os.Getenv).FyneConfigDir(AppID)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "preferences.json"), []byte(`{"language":"ja","watch.downloads":true}`), 0o600); err != nil {
		t.Fatal(err)
	}
	useSavedLanguage()
	if got := windowLanguageCode(); got != "ja" {
		t.Fatalf("the tray speaks %s, not the setting's ja", got)
	}
	if title, _ := NotificationWords(watch.Result{Path: "/d/a.iso", Step: watch.Offered, Guess: &publisher.Guess{Publisher: "Ubuntu", Host: "h"}}); title != "a.iso" {
		t.Errorf("title %q", title)
	}
	if tr("Recent checks") != "最近の確認" {
		t.Errorf("the tray's menu says %q", tr("Recent checks"))
	}
	if os.Getenv("LANGUAGE") != "en" {
		t.Errorf("LANGUAGE is %q, not the system's en", os.Getenv("LANGUAGE"))
	}
}
