# Shell functions the deploy scripts share; sourced, never run. The sourcing script sets
# `folder`, the folder everything it starts keeps its files in.

random_password() {
  head -c 18 /dev/urandom | base64 | tr -d '/+='
}

# Prints the process id a pid file records while that process still runs with this folder
# (or the given text) in its command line or environment (RabbitMQ's Erlang VM has its files
# only there): a recorded id may since belong to any process; a zombie has neither.
running() {
  local pid
  pid=$(cat "$1" 2>/dev/null) && [ -n "$pid" ] || return 1
  cat "/proc/$pid/cmdline" "/proc/$pid/environ" 2>/dev/null | tr '\0' ' ' | grep -qF -- "${2:-$folder/}" || return 1
  echo "$pid"
}

fail() {
  echo "$1" >&2
  exit 1
}

# Runs a check every 0.2 s until it succeeds; gives up after the deadline, saying what did not come.
wait_for() {
  local seconds=$1 what=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || fail "$what did not come within $seconds s."
    sleep 0.2
  done
}

# The end of a log, to explain a process that died.
died() {
  fail "$1 stopped; the end of $2:
$(tail -n 15 "$2" 2>/dev/null)"
}

# Installs the named Debian packages that are missing, with sudo when not root.
install_missing() {
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing+=("$package")
  done
  [ "${#missing[@]}" -gt 0 ] || return 0
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || fail "Missing Debian packages; as root: apt-get install -y ${missing[*]}"
    sudo=(sudo)
  fi
  echo "Installing Debian packages: ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  # sudo drops the environment: env passes DEBIAN_FRONTEND through it.
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Asks the processes recorded in these pid files to stop (SIGTERM), gives them 30 s, then
# kills what is left and gives that 5 s to go. PATTERN, when set, is what their command lines hold.
stop_processes() {
  local what=$1 file pid stopped=0 deadline=$((SECONDS + 30))
  shift
  for file in "$@"; do
    if pid=$(running "$file" "${pattern:-}"); then kill -TERM "$pid" 2>/dev/null && stopped=1; fi
  done
  for file in "$@"; do
    while running "$file" "${pattern:-}" >/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
    if pid=$(running "$file" "${pattern:-}"); then
      echo "$what did not stop within 30 s: killing $pid" >&2
      kill -KILL "$pid" 2>/dev/null || true
      local killed=$((SECONDS + 5))
      while running "$file" "${pattern:-}" >/dev/null && [ "$SECONDS" -lt "$killed" ]; do sleep 0.1; done
    fi
    rm -f "$file"
  done
  [ "$stopped" -eq 0 ] || echo "Stopped $what."
}
