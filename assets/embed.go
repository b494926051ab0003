// Package assets holds Hashdrop's embedded resources.
package assets

import _ "embed"

// IconPNG is the application icon (256x256); icon.svg is its source.
//
//go:embed icon.png
var IconPNG []byte
