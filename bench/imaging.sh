#!/usr/bin/env bash
# Photo variants benchmark: the Imaging module (libvips, via the ImagingBench executable)
# against ImageMagick's convert making the same eight files from one 24-megapixel JPEG —
# the full frame at 2048 px and squares of 1080, 640 and 320 px, each as WebP and JPEG,
# metadata stripped — alternated run by run so both see the same machine state. Prints
# the median wall time, CPU time and peak resident memory (GNU time) of each, the ratio,
# and the imaging time per photo once the process is running.
#
#   swift build -c release --product ImagingBench && bench/imaging.sh
#   RUNS=5 PHOTO=some-24mp.jpg bench/imaging.sh
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
BINARY=${BINARY:-.build/release/ImagingBench}
CONVERT=${CONVERT:-convert}
PHOTO=${PHOTO:-}
DEMO=${DEMO:-Demo/photos/landscape-forest-stream.jpg}

[ -x /usr/bin/time ] || { echo "bench needs GNU time (apt-get install time)"; exit 1; }
command -v "$CONVERT" >/dev/null || { echo "bench needs ImageMagick (apt-get install imagemagick)"; exit 1; }
[ -x "$BINARY" ] || { echo "build first: swift build -c release --product ImagingBench"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The input: a given photo, else a demo photo enlarged to 6000×4000, else a gradient. Noise
# stands in for the fine detail a real sensor records (and that makes decoding and encoding
# cost what they cost on real photos): without it an enlarged image compresses unrealistically.
if [ -z "$PHOTO" ]; then
  PHOTO="$work/photo.jpg"
  if [ -f "$DEMO" ]; then
    "$CONVERT" "$DEMO" -resize '6000x4000^' -gravity center -extent 6000x4000 \
      -attenuate 0.4 +noise Gaussian -quality 92 "$PHOTO"
  else
    "$CONVERT" -size 4000x6000 'gradient:#35506b-#e0c9a0' -rotate 90 \
      -attenuate 0.6 +noise Gaussian -quality 92 "$PHOTO"
  fi
fi
echo "input: $PHOTO ($(identify -format '%wx%h' "$PHOTO" 2>/dev/null || echo '?'), $(stat -c %s "$PHOTO") bytes)"

# Each sets `command` to the command line that writes the eight files into the directory $1.
imaging_command() {
  command=("$BINARY" "$PHOTO" "$1")
}

# The same sizes, formats and qualities; squares cut from the centre (ImageMagick has no
# attention-based crop). Each size is resized once, then written as JPEG and as WebP.
imagemagick_command() {
  local out=$1 size
  command=("$CONVERT" "$PHOTO" -auto-orient -strip
    \( +clone -resize '2048x2048>' -quality 82 -write "$out/full.jpg" -quality 80 -write "$out/full.webp" +delete \))
  for size in 1080 640 320; do
    command+=(\( +clone -resize "${size}x${size}^" -gravity center -extent "${size}x${size}"
      -quality 82 -write "$out/$size.jpg" -quality 80 -write "$out/$size.webp" +delete \))
  done
  command+=(null:)
}

# Runs tool $1 once into a fresh directory; appends "wall-s cpu-s peak-KiB" to $work/$1.
measure() {
  local tool=$1 out files
  out=$(mktemp -d "$work/out.XXXX")
  "${tool}_command" "$out"
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "${command[@]}" >/dev/null
  awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$work/time" >>"$work/$tool"
  files=$(find "$out" -type f | wc -l)
  [ "$files" -eq 8 ] || { echo "$tool made $files files, not 8"; exit 1; }
  rm -rf "$out"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for round in $(seq "$RUNS"); do
  measure imaging
  measure imagemagick
  echo "round $round: imaging $(tail -1 "$work/imaging"), imagemagick $(tail -1 "$work/imagemagick") (wall s, cpu s, KiB)"
done

# What a long-running server pays per photo: no process start-up, libvips already loaded.
steady=$("$BINARY" "$PHOTO" "$work/steady" 5 | grep '^per photo')

printf '\n| tool | wall s (median) | CPU s (median) | peak RSS MB (median) |\n| --- | ---: | ---: | ---: |\n'
for tool in imaging imagemagick; do
  wall=$(cut -d' ' -f1 "$work/$tool" | median)
  cpu=$(cut -d' ' -f2 "$work/$tool" | median)
  rss=$(cut -d' ' -f3 "$work/$tool" | median)
  printf '| %s | %s | %s | %d |\n' "$tool" "$wall" "$cpu" $((rss / 1024))
  eval "${tool}_wall=$wall ${tool}_cpu=$cpu"
done
awk -v a="$imagemagick_wall" -v b="$imaging_wall" -v c="$imagemagick_cpu" -v d="$imaging_cpu" \
  'BEGIN { printf "\nimaging is %.1f× faster in wall time, %.1f× in CPU time\n", a / b, c / d }'
echo "imaging in one process, $steady"
