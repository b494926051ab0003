// Command probe386 does nothing: make test-386 runs it, built for 386, to
// learn whether this kernel runs 32-bit x86 programs at all.
package main

func main() {}
