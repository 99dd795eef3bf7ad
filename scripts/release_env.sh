# release_env.sh: sourced by scripts/deb.sh and scripts/dist.sh (with $root
# set to the checkout). `release_env NAME BIN OUT` checks that BIN is an
# executable, makes OUT and sets bin, out (absolute) and version (VERSION),
# and exports SOURCE_DATE_EPOCH (default: the commit's date; outside git,
# VERSION's mtime) so that the same commit gives the same bytes.
release_env() {
  bin=$2
  mkdir -p "$3"
  out=$(cd "$3" && pwd)
  version=$(tr -d ' \n' < "$root/VERSION")
  [ -x "$bin" ] || { echo "$1: $bin is not an executable" >&2; exit 1; }
  if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
    SOURCE_DATE_EPOCH=$(git -C "$root" log -1 --format=%ct 2>/dev/null || stat -c %Y "$root/VERSION")
  fi
  export SOURCE_DATE_EPOCH
}
