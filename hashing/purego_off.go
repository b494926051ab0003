//go:build !purego

package hashing

const purego = false
