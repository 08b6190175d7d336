#!/usr/bin/env bash
# Film processing benchmark: the Video module (through the VideoBench executable) against
# plain ffmpeg and ffprobe running the same commands, on one 60-second 1080p clip at 30
# frames a second with sound, made once by FFmpeg's test sources. Both make the same files
# (an H.264 MP4, a VP9 WebM, a poster PNG, a storyboard sprite) in one ffmpeg run after
# probing the source, and probe the MP4 afterwards; the module adds its wrappers (setpriv,
# prlimit, nice), reading ffmpeg's progress, hashing and renaming, and the WebVTT map.
# Alternated run by run so both see the same machine state; prints the median wall time,
# CPU time and peak resident memory (GNU time) of each, and the ratio.
#
#   swift build -c release --product VideoBench && bench/video.sh
#   RUNS=5 bench/video.sh
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
BINARY=${BINARY:-.build/release/VideoBench}
FFMPEG=${FFMPEG:-/usr/bin/ffmpeg}
FFPROBE=${FFPROBE:-/usr/bin/ffprobe}

[ -x /usr/bin/time ] || { echo "bench needs GNU time (apt-get install time)"; exit 1; }
[ -x "$FFMPEG" ] && [ -x "$FFPROBE" ] || { echo "bench needs ffmpeg (apt-get install ffmpeg)"; exit 1; }
[ -x "$BINARY" ] || { echo "build first: swift build -c release --product VideoBench"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The input: a moving test picture with a frame counter and a tone, encoded as a camera
# would (H.264 High, AAC), 1920 × 1080 at 30 frames a second for 60 seconds.
film="$work/film.mp4"
echo "making the input (60 s of 1080p30 with sound)…"
"$FFMPEG" -nostdin -v error -f lavfi -i testsrc2=size=1920x1080:rate=30:duration=60 \
  -f lavfi -i sine=frequency=440:sample_rate=48000:duration=60 \
  -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -c:a aac -b:a 160k -shortest "$film"
echo "input: $film ($(stat -c %s "$film") bytes)"

# Each sets `command` to the command line that makes the films into the directory $1.
video_command() {
  command=("$BINARY" "$film" "$1")
}

# What the module runs for this input (1920 × 1080 at 30/1 stays so; poster at frame 30,
# one second in; 60 thumbnails, 10 × 6, of 160 × 90), as one shell script: probe, make, probe.
ffmpeg_command() {
  local out=$1 strip='-map_metadata -1 -map_chapters -1 -sn -dn -fflags +bitexact -flags:v +bitexact -flags:a +bitexact'
  command=(bash -c "
    $FFPROBE -v error -protocol_whitelist file -probesize 5000000 -analyzeduration 5000000 -f mov \
      -show_format -show_streams -of json file:$film >/dev/null &&
    $FFMPEG -nostdin -hide_banner -v error -protocol_whitelist file -y -nostats -progress pipe:1 \
      -threads 2 -t 181.000000 -f mov -i file:$film \
      -filter_complex '[0:0]scale=1920:1080,setsar=1,fps=30/1,format=yuv420p,split=4[mp4][webm][poster][board];[poster]trim=start_frame=30:end_frame=31[posterframe];[board]select=gte(t\\,selected_n*1),scale=160:90,tile=10x6[sprite]' \
      -map '[mp4]' -map 0:1 -c:v libx264 -preset veryfast -crf 23 -profile:v high -pix_fmt yuv420p \
        -g 30 -keyint_min 30 -fps_mode passthrough -sc_threshold 0 -c:a aac -b:a 128k -ac 2 -movflags +faststart \
        $strip -threads 2 file:$out/film.mp4 \
      -map '[webm]' -map 0:1 -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -row-mt 1 -crf 34 -b:v 0 -pix_fmt yuv420p \
        -g 30 -keyint_min 30 -fps_mode passthrough -c:a libopus -b:a 96k -ac 2 $strip -threads 2 file:$out/film.webm \
      -map '[posterframe]' -frames:v 1 -update 1 $strip file:$out/poster.png \
      -map '[sprite]' -frames:v 1 -update 1 -q:v 4 $strip file:$out/storyboard.jpg >/dev/null &&
    $FFPROBE -v error -protocol_whitelist file -probesize 5000000 -analyzeduration 5000000 -f mov \
      -show_format -show_streams -of json file:$out/film.mp4 >/dev/null")
}

# Runs tool $1 once into a fresh directory; appends "wall-s cpu-s peak-KiB" to $work/$1 and
# keeps the first 16 hex digits of its MP4's SHA-256 in $work/$1.mp4.
measure() {
  local tool=$1 out files
  out=$(mktemp -d "$work/out.XXXX")
  "${tool}_command" "$out"
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "${command[@]}" >/dev/null
  awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$work/time" >>"$work/$tool"
  files=$(find "$out" -type f | wc -l)
  [ "$files" -eq 4 ] || { echo "$tool made $files files, not 4"; exit 1; }
  sha256sum "$(find "$out" -name '*.mp4')" | cut -c1-16 >"$work/$tool.mp4"
  rm -rf "$out"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for round in $(seq "$RUNS"); do
  measure video
  measure ffmpeg
  echo "round $round: video $(tail -1 "$work/video"), ffmpeg $(tail -1 "$work/ffmpeg") (wall s, cpu s, KiB)"
done

printf '\n| tool | wall s (median) | CPU s (median) | peak RSS MB (median) |\n| --- | ---: | ---: | ---: |\n'
for tool in video ffmpeg; do
  wall=$(cut -d' ' -f1 "$work/$tool" | median)
  cpu=$(cut -d' ' -f2 "$work/$tool" | median)
  rss=$(cut -d' ' -f3 "$work/$tool" | median)
  printf '| %s | %s | %s | %d |\n' "$tool" "$wall" "$cpu" $((rss / 1024))
  eval "${tool}_wall=$wall ${tool}_cpu=$cpu"
done
awk -v a="$video_wall" -v b="$ffmpeg_wall" -v c="$video_cpu" -v d="$ffmpeg_cpu" \
  'BEGIN { printf "\nthe module takes %.3f× plain ffmpeg'"'"'s wall time (goal ≤ 1.1×), %.3f× its CPU time\n", a / b, c / d }'
if [ "$(cat "$work/video.mp4")" = "$(cat "$work/ffmpeg.mp4")" ]; then
  echo "same commands: both MP4s are the same bytes ($(cat "$work/video.mp4"))"
else
  echo "the MP4s differ ($(cat "$work/video.mp4") against $(cat "$work/ffmpeg.mp4")): the commands have drifted apart"
fi

# Seek latency in headless Chromium: a seeded release server and the demo film, each seek a
# drag of the precise seek bar, timed from its release to the video's `seeked`
# (bench/film-seeks.py). Skipped with SEEKS=0; needs the test virtualenv (make browser-test).
SEEKS=${SEEKS:-40}
SERVER=${SERVER:-.build/release/fotofolio}
if [ "$SEEKS" -gt 0 ]; then
  [ -x "$SERVER" ] || { echo "build first: swift build -c release --product fotofolio"; exit 1; }
  port=${PORT:-8098}
  "$SERVER" seed --data-dir "$work/site" >/dev/null
  "$SERVER" serve --port "$port" --data-dir "$work/site" >"$work/server.log" 2>&1 &
  server=$!
  trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
  for _ in $(seq 100); do
    curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" && break
    sleep 0.1
  done
  echo
  .venv/bin/python bench/film-seeks.py "http://127.0.0.1:$port" "$SEEKS"
fi
