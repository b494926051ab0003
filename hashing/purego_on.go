//go:build purego

package hashing

const purego = true
