module github.com/hashdrop/hashdrop/hashing/_asm

go 1.26

require (
	github.com/hashdrop/hashdrop v0.0.0
	github.com/mmcloughlin/avo v0.6.0 // indirect
	golang.org/x/mod v0.23.0 // indirect
	golang.org/x/sync v0.11.0 // indirect
	golang.org/x/tools v0.30.0 // indirect
)

replace github.com/hashdrop/hashdrop => ../..
