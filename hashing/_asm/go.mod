module github.com/hashdrop/hashdrop/hashing/_asm

go 1.26

require (
	github.com/hashdrop/hashdrop v0.0.0
	github.com/mmcloughlin/avo v0.6.0 // indirect
)

replace github.com/hashdrop/hashdrop => ../..
