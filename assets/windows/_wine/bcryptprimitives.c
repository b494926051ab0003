/*
 * A stand-in bcryptprimitives.dll for testing Hashdrop.exe under Wine 8.0,
 * which lacks the DLL: since Go 1.24 the Windows runtime takes its random
 * bytes from ProcessPrng there and will not start without it. Windows 10
 * and 11 have the real one; this is built by make test-windows into its
 * throwaway Wine prefix and never shipped.
 */
#include <windows.h>

/* advapi32's RtlGenRandom, exported under this name. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
	/* RtlGenRandom takes a ULONG length: feed it in pieces. */
	while (len > 0) {
		ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
