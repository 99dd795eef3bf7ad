# common.sh: sourced by the bench-*.sh scripts (run from the repository root).

# ensure_input FILE SIZE_MB [gen.py options...]: generates FILE with
# bench/gen.py (seed 1) unless it is already there; the inputs are
# deterministic, so every script and every run measures the same bytes.
ensure_input() {
  local f=$1 size=$2
  shift 2
  [ -s "$f" ] && return 0
  echo "generating $f" >&2
  python3 bench/gen.py --size "${size}M" --seed 1 "$@" -o "$f.tmp" && mv "$f.tmp" "$f"
}
