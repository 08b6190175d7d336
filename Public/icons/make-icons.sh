#!/bin/sh
# Makes the installed app's icons from the logo in ../img/favicon.svg (run from anywhere;
# needs vips with SVG support). The PNGs are committed; run this again only when the logo changes.
#   app-192.png, app-512.png   "any": the rounded accent square, as in a browser tab
#   app-maskable-512.png       "maskable": the square to the edges, the aperture well inside the
#                              central circle (radius 40 %) every launcher's mask keeps
#   apple-touch-icon.png       180 px, opaque (iOS fills transparency with black)
#   badge-96.png               the aperture alone in white, for Android's status bar
set -eu
here=$(cd "$(dirname "$0")" && pwd)
logo="$here/../img/favicon.svg"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The favicon with square corners: what a mask or iOS cuts into shape itself.
sed 's/ rx="15"//' "$logo" > "$work/square.svg"
# The aperture alone, white on nothing.
sed '/<rect /d' "$logo" > "$work/badge.svg"

render() { # svg size output
    vips svgload "$1" "$work/out.v" --scale "$(echo "$2 / 64" | bc -l)"
    vips pngsave "$work/out.v" "$here/$3" --compression 9 --strip
}
render "$logo" 192 app-192.png
render "$logo" 512 app-512.png
render "$work/square.svg" 512 app-maskable-512.png
render "$work/square.svg" 180 apple-touch-icon.png
render "$work/badge.svg" 96 badge-96.png
