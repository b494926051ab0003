// Package app is the bottom of Hashdrop's core, below any user interface:
// the queue that reads each file once and hashes it with every chosen
// algorithm (the pipeline), its progress and speed, the Result it ends in,
// and the vocabulary the packages above share: a file's error and its Cause,
// the atomic writing of files. It knows nothing of Fyne, of checksum files
// or of the command line.
//
// The packages of app, each with one job, dependencies running downwards:
//
//	app/cli        the headless command line (sum, check, verify, compare, keys, bench, algos)
//	app/desktop    one window per user, file associations, the display
//	app/verdict    the verdict: evidence in, statuses and one headline out
//	app/release    what was given, as evidence (a folder, a checksum file, what was fetched)
//	app/publisher  whose file is this: the publishers' table matched against its name
//	app/fetch      the one use of the network: an HTTPS GET on a publisher's hosts
//	app/compare    are these files the same: sizes, then the strongest digest shared
//	app/checksum   published digests: checksum files, typed digests, verdicts
//	app/signature  signatures and keys: is a checksum file genuine
//	app            the pipeline (this package)
//
// The window (package ui) sits beside app/cli on top and imports what it uses.
//
// A file travels through a Queue like this:
//
//	Queue.Add ──► Job ──► reader goroutine: read ──► lane (bounded pool of chunks)
//	                                                   │ each chunk, one reference per unit
//	                                                   ▼
//	                    unit goroutines: each hashes every chunk, one piece at a time
//	                                                   │ input ends, file unchanged
//	                                                   ▼
//	                    digests ──► Result ──► the job's done callback, Job.Wait
//
// The slowest unit holds chunks longest; once a lane has none free the reader
// waits, so memory stays bounded whatever the file's size, and the file is
// read exactly once whatever the number of algorithms.
//
// A job of one unit starts solo (readSolo): the reader hashes each piece
// itself as soon as it is read. If the first 4 MiB hashed slower than
// 6 GB/s, the unit and its state move to a goroutine of its own as above;
// XXH3, XXH64 and CRC32 (with PCLMULQDQ) are faster, and stay solo.
//
// On Linux a regular file of 16 MiB or more on a local file system is
// mapped instead of read when one unit hashes it (hashMapped): BLAKE3
// alone, spread over the idle cores, from its first byte, and a solo unit
// after its 4 MiB probe. A goroutine maps and fills the next 16 MiB window
// while the unit hashes this one; the pages of a file truncated meanwhile
// fault, which is recovered as ErrChanged. Several units, FIFOs, sysfs,
// network and FUSE file systems keep read(2), and every file does with
// HASHDROP_READ=read.
//
// Words used throughout:
//
//   - lane: the buffer pool of one file being read (lane.go): at most
//     Options.Chunks chunks, reused by the next file. On Linux a lane of 2 MiB
//     or more is one slab in transparent huge pages (slab_linux.go): the first
//     read into fresh 4 KiB pages cost a virtual machine 23 ms a lane.
//   - chunk: one read's worth of the file (Options.ChunkSize), shared by
//     every unit through a reference count instead of a copy each.
//   - piece: how much a unit hashes between two looks at Cancel (256 KiB),
//     so that even the slowest algorithm stops within milliseconds.
//   - unit: one goroutine's share of the work, a hashing.Unit: one
//     algorithm, or several a core computes together (SHA-3's four states).
//   - meter: a unit's (or the reader's) lock-free byte counter with its
//     speed over the last second, read by Job.Progress on the Queue's clock.
//
// Errors are values (a FileError or WriteError with its Cause); their
// English is in words.go, for the command line and the other packages'
// errors. The window words the same values in the user's language.
package app
