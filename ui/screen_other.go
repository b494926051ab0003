//go:build ci || android || ios || wasm || test_web_driver || mobile

package ui

// screenOf cannot ask a driver without GLFW how large the screen is.
func screenOf() screenArea { return screenArea{} }
