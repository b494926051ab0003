package ui

import (
	"testing"

	"github.com/hashdrop/hashdrop/app/checksum"
	"github.com/hashdrop/hashdrop/app/signature"
	"github.com/hashdrop/hashdrop/app/verdict"
)

// Several signers (Bitcoin Core's builders, issue 48): the card says how
// many of the shipped keys signed and how many the row needs; a
// signature made after the shipped copy of a key expired (KeePassXC's)
// says to update Hashdrop.
func TestSignedBySeveralWords(t *testing.T) {
	builder := func(fpr string) signature.Result {
		return signature.Result{Kind: signature.Genuine, Signer: signature.Signer{Publisher: "Bitcoin Core", Fingerprint: fpr}}
	}
	four := &checksum.Authenticity{Verdict: builder("AA"), Results: []signature.Result{builder("AA"), builder("BB"), builder("CC"), builder("DD")}, Signers: 4, Needs: 3}
	if o, got := authenticityWords(four); o != checksum.Match || got != "Genuine: signed by 4 of Bitcoin Core's keys Hashdrop ships (3 needed)" {
		t.Errorf("4 of 3: %v %q", o, got)
	}
	two := &checksum.Authenticity{Verdict: signature.Result{Kind: signature.UnknownKey}, Results: []signature.Result{builder("AA"), builder("BB")}, Signers: 2, Needs: 3,
		Fetched: "https://bitcoincore.org/bin/bitcoin-core-28.0/SHA256SUMS.asc"}
	if o, got := authenticityWords(two); o != checksum.Unknown || got != "Not confirmed: signed by 2 of Bitcoin Core's keys Hashdrop ships, and it needs 3" {
		t.Errorf("2 of 3: %v %q", o, got)
	}
	it := &fileItem{ownSig: two, verdict: &verdict.FileVerdict{Trust: verdict.FetchedOtherKey}}
	if got := it.trustText(); got != "signed by 2 of Bitcoin Core's keys Hashdrop ships, and it needs 3" {
		t.Errorf("trust, 2 of 3: %q", got)
	}
	it.ownSig = &checksum.Authenticity{Fetched: "https://github.com/keepassxreboot/keepassxc/releases/download/2.7.11/KeePassXC-2.7.11-Win64.msi.sig",
		Verdict: signature.Result{Kind: signature.Expired, KeyExpired: true, Signer: signature.Signer{Publisher: "KeePassXC", Fingerprint: "BF5A669F2272CF4324C1FDA8CFB4C2166397D0D2"}}}
	if got := it.trustText(); got != "signed by KeePassXC's key, whose copy in Hashdrop has expired: update Hashdrop" {
		t.Errorf("expired copy: %q", got)
	}
}
