// Package app is Hashdrop's core without any user interface: the hashing
// pipeline and its progress, verification (published digests, checksum
// files, signatures) and the command-line subcommands. It knows nothing of
// Fyne; the window (package ui) and the command line word its values.
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
// Words used throughout:
//
//   - lane: the buffer pool of one file being read (lane.go): at most
//     Options.Chunks chunks, reused by the next file.
//   - chunk: one read's worth of the file (Options.ChunkSize), shared by
//     every unit through a reference count instead of a copy each.
//   - piece: how much a unit hashes between two looks at Cancel (256 KiB),
//     so that even the slowest algorithm stops within milliseconds.
//   - unit: one goroutine's share of the work, a hashing.Unit: one
//     algorithm, or several a core computes together (SHA-3's four states).
//   - meter: a unit's (or the reader's) lock-free byte counter with its
//     speed over the last second, read by Job.Progress on the Queue's clock.
//
// Errors and statuses are values (a Cause, a DigestProblem, a LineTrouble, a
// Status, an Outcome); their English is in cli_words.go only.
package app
