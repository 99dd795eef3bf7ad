#!/usr/bin/env bash
# grammar.sh: regenerates grammar/src/{parser.c,grammar.json,node-types.json,
# tree_sitter/parser.h} from grammar/grammar.js at parser ABI 14, the newest
# ABI that Debian bookworm's libtree-sitter 0.20.7 loads. (`make grammar`)
#
# 1. A `tree-sitter` CLI on PATH is used when it can emit ABI 14: 0.20.x does
#    by default, newer ones take `--abi 14`.
# 2. Otherwise the CLI's own generator is built once from Debian's
#    tree-sitter source package and Debian's packaged Rust crates (cargo
#    offline against /usr/share/cargo/registry) into ~/.cache, then run.
#    (npm's tree-sitter-cli cannot be used here: its install downloads a
#    prebuilt binary.) Node.js evaluates grammar.js in both cases.
set -euo pipefail
cd "$(dirname "$0")/../grammar"

if command -v tree-sitter >/dev/null 2>&1; then
  v=$(tree-sitter --version | awk '{print $2}')
  case $v in
    0.20.*) exec tree-sitter generate --no-bindings ;;
    *) exec tree-sitter generate --abi 14 --no-bindings ;;
  esac
fi

sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
apt_install() {
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq "$@" >/dev/null
}
ver=$(dpkg-query -W -f='${Version}' libtree-sitter-dev 2>/dev/null || true)
if [ -z "$ver" ]; then
  $sudo apt-get -o DPkg::Lock::Timeout=300 update -qq
  apt_install libtree-sitter-dev
  ver=$(dpkg-query -W -f='${Version}' libtree-sitter-dev)
fi
upstream=${ver%%-*}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/mlir-shape-tsgen-$upstream
bin=$cache/target/release/tsgen

if [ ! -x "$bin" ]; then
  echo "grammar.sh: building the tree-sitter $upstream generator from Debian sources (once)" >&2
  mkdir -p "$cache/src" "$cache/.cargo" "$cache/debian-src"
  if ! apt-get source --print-uris "tree-sitter=$ver" >/dev/null 2>&1; then
    # Add deb-src entries that mirror the machine's deb entries.
    for f in /etc/apt/sources.list.d/*.sources; do
      grep -q '^Types: deb$' "$f" || continue
      sed 's/^Types: deb$/Types: deb-src/' "$f" | $sudo tee "/etc/apt/sources.list.d/mlir-shape-src-$(basename "$f")" >/dev/null
    done
    $sudo apt-get -o DPkg::Lock::Timeout=300 update -qq
  fi
  (cd "$cache/debian-src" && apt-get source --download-only "tree-sitter=$ver" >/dev/null 2>&1)
  tar -C "$cache/debian-src" -xf "$cache"/debian-src/tree-sitter_"$upstream".orig.tar.*
  gen=$(ls -d "$cache"/debian-src/tree-sitter-*/cli/src/generate)
  apt_install librust-anyhow-dev librust-indexmap-dev librust-lazy-static-dev librust-log-dev \
    librust-regex-dev librust-regex-syntax-dev librust-rustc-hash-dev librust-semver-dev \
    librust-serde-dev librust-serde-derive-dev librust-serde-json-dev librust-smallbitvec-dev \
    librust-tree-sitter-dev
  command -v cargo >/dev/null 2>&1 || [ -x "$HOME/.cargo/bin/cargo" ] || apt_install cargo
  export PATH="$PATH:$HOME/.cargo/bin"
  printf '%s\n' '[source.crates-io]' 'replace-with = "debian"' '[source.debian]' \
    'directory = "/usr/share/cargo/registry"' '[net]' 'offline = true' > "$cache/.cargo/config.toml"
  cat > "$cache/Cargo.toml" <<'TOML'
[package]
name = "tsgen"
version = "0.1.0"
edition = "2018"
[dependencies]
anyhow = "1.0"
indexmap = "1"
lazy_static = "1.2.0"
log = { version = "0.4.6", features = ["std"] }
regex = "1"
regex-syntax = "0.6.4"
rustc-hash = "1"
semver = "1.0"
serde = { version = "1.0.130", features = ["derive"] }
serde_json = { version = "1.0", features = ["preserve_order"] }
smallbitvec = "2.5.1"
tree-sitter = "0.20.3"
TOML
  cat > "$cache/src/main.rs" <<RS
#[path = "$gen/mod.rs"]
#[allow(dead_code, unused)]
mod generate;
fn main() -> anyhow::Result<()> {
    let dir = std::env::current_dir()?;
    generate::generate_parser_in_directory(&dir, None, tree_sitter::LANGUAGE_VERSION, false, None)
}
RS
  (cd "$cache" && RUST_BINDING_VERSION=$upstream cargo build --release -q)
fi
command -v node >/dev/null 2>&1 || { echo "grammar.sh: node is needed to evaluate grammar.js" >&2; exit 2; }
"$bin"
grep -q '#define LANGUAGE_VERSION 14' src/parser.c
echo "grammar.sh: regenerated grammar/src (ABI 14)"
