# mlir-shape: build, test and benchmark entry points.
#
# `make run` and `make test` are the two commands that do everything on a
# fresh Debian bookworm machine: every target below depends (order-only) on
# `deps`, which installs what pkg-config and the PATH cannot find.

.DEFAULT_GOAL := all
BUILD ?= build
PKGS := libuv libcjson tree-sitter
CC ?= cc

# `make test SANITIZE=1`: everything built with AddressSanitizer and
# UndefinedBehaviorSanitizer into build/san, and the whole suite run on it.
# Any report fails the run (-fno-sanitize-recover, LeakSanitizer at exit).
ifeq ($(SANITIZE),1)
BUILD := build/san
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
EXTRA_CFLAGS += $(SAN_FLAGS)
EXTRA_LDFLAGS += $(SAN_FLAGS)
export ASAN_OPTIONS ?= detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=1
export UBSAN_OPTIONS ?= print_stacktrace=1:halt_on_error=1
endif

# `make test SANITIZE=thread` (or `make test-tsan`): ThreadSanitizer over the
# code that runs on threads (the worker pool, check's pipeline, the server's
# builds of big documents), built into build/tsan; tests/tsan/run.sh says what it runs.
ifeq ($(SANITIZE),thread)
BUILD := build/tsan
TSAN_FLAGS := -fsanitize=thread -fno-omit-frame-pointer
EXTRA_CFLAGS += $(TSAN_FLAGS)
EXTRA_LDFLAGS += $(TSAN_FLAGS)
endif

# `make fuzz`: libFuzzer targets (tests/fuzz/fuzz_*.c) built with clang into
# build/fuzz; the project's objects get coverage instrumentation only.
ifeq ($(FUZZ),1)
BUILD := build/fuzz
CC := clang
FUZZ_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
EXTRA_CFLAGS += $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link
endif
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_SECONDS ?= 60

# Recursive (=) so that pkg-config runs after `deps` has installed the .pc files.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS))
PKG_LIBS = $(shell pkg-config --libs $(PKGS))

# `make dist` builds with STATIC=1: one self-contained binary (no shared
# library, no interpreter) into build/static, with musl-gcc and libuv, cJSON
# and the tree-sitter runtime built from Debian's source packages, and
# mimalloc's malloc instead of musl's (scripts/static-deps.sh says why; into
# $(BUILD)/deps, which `deps` makes first), stripped. No
# path of the build machine goes into the objects (-ffile-prefix-map), so the
# same commit gives the same bytes in any directory.
ifeq ($(STATIC),1)
BUILD := build/static
CC := musl-gcc
STATIC_DEPS = $(BUILD)/deps
PKG_CFLAGS = -isystem $(STATIC_DEPS)/include
PKG_LIBS = $(addprefix $(STATIC_DEPS)/lib/,mimalloc.o libuv.a libcjson.a libtree-sitter.a)
EXTRA_CFLAGS += -ffile-prefix-map=$(CURDIR)=. -fno-ident
EXTRA_LDFLAGS += -static -s
endif

# `make deb` builds with DEB=1 into build/deb: Debian's build flags
# (dpkg-buildflags: hardening, -ffile-prefix-map), linked against the
# system's libuv1, libcjson1 and libtree-sitter0 as Debian policy wants.
ifeq ($(DEB),1)
BUILD := build/deb
DPKG_FLAGS = $(shell DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --get $(1))
EXTRA_CFLAGS += $(call DPKG_FLAGS,CPPFLAGS) $(filter-out -O2 -g,$(call DPKG_FLAGS,CFLAGS))
EXTRA_LDFLAGS += $(call DPKG_FLAGS,LDFLAGS)
endif

# The commit a build comes from, for `--version`: 12 hex digits, "-dirty"
# when tracked files differ from it, empty outside git (or set COMMIT=).
COMMIT ?= $(shell git rev-parse --git-dir >/dev/null 2>&1 && { git rev-parse --short=12 HEAD; \
  git diff --quiet HEAD -- 2>/dev/null || echo -dirty; } | tr -d '\n')
BASE_CFLAGS = -std=c11 -O2 -g -D_GNU_SOURCE -iquote server/support -iquote server/algebra -iquote server/syntax -iquote server/analysis -iquote server/lsp -iquote server/cli -Igrammar/src $(PKG_CFLAGS) $(EXTRA_CFLAGS)
CFLAGS_STRICT = $(BASE_CFLAGS) -Wall -Wextra -Werror
LDLIBS = $(PKG_LIBS) -lpthread -lm $(EXTRA_LDFLAGS)

SERVER_DIRS := server/support server/algebra server/syntax server/analysis server/lsp server/cli
SERVER_SRCS := $(wildcard $(addsuffix /*.c,$(SERVER_DIRS)))
SERVER_HDRS := $(wildcard $(addsuffix /*.h,$(SERVER_DIRS)))
SERVER_OBJS := $(patsubst server/%.c,$(BUILD)/obj/server/%.o,$(SERVER_SRCS))
RULE_FILES := $(sort $(wildcard rules/*.json))
GEN_OBJS := $(BUILD)/obj/gen/rules.o
LIB_OBJS := $(filter-out $(BUILD)/obj/server/cli/main.o,$(SERVER_OBJS)) $(GEN_OBJS)
GRAMMAR_OBJS := $(BUILD)/obj/grammar/parser.o $(BUILD)/obj/grammar/scanner.o
UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_OBJS := $(patsubst tests/unit/%.c,$(BUILD)/obj/tests/%.o,$(UNIT_SRCS))
BIN := $(BUILD)/mlir-shape
GRAMMAR_LIB := $(BUILD)/grammar/libtree-sitter-mlir.so
VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)

.PHONY: all deps deps-test run test test-unit test-cli test-hostile test-corpus test-corpus-gate test-diff \
        test-lsp test-nvim test-emacs test-helix test-vscode test-tsan tsan-run grammar grammar-lib \
        test-grammar-rust bench bench-parse bench-check bench-dumps \
        bench-lsp vsix clean fuzz fuzz-long fuzz-build fuzz-merge test-valgrind soak test-soak \
        test-sarif test-docs docs install uninstall static dist deb test-dist test-action FORCE

all: $(BIN)

deps:
	@scripts/deps.sh build $(if $(filter 1,$(STATIC)),static)$(if $(filter 1,$(DEB)),deb)

ifeq ($(STATIC),1)
deps: $(STATIC_DEPS)/.done
$(BIN): $(STATIC_DEPS)/.done
$(STATIC_DEPS)/.done: scripts/static-deps.sh scripts/debian-source.sh
	@scripts/deps.sh build static
	scripts/static-deps.sh $(STATIC_DEPS)
endif

deps-test:
	@scripts/deps.sh build test

$(BIN): $(SERVER_OBJS) $(GEN_OBJS) $(GRAMMAR_OBJS) | deps
	$(CC) -o $@ $(filter %.o,$^) $(LDLIBS)

$(BUILD)/obj/server/%.o: server/%.c $(SERVER_HDRS) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_STRICT) -DMS_VERSION='"$(VERSION)"' $(COMMIT_DEF) -c -o $@ $<

# main.c prints the commit: rebuilt when the stamp's text changes.
$(BUILD)/obj/server/cli/main.o: COMMIT_DEF = -DMS_COMMIT='"$(COMMIT)"'
$(BUILD)/obj/server/cli/main.o: $(BUILD)/gen/commit.stamp
$(BUILD)/gen/commit.stamp: FORCE
	@mkdir -p $(dir $@)
	@echo '$(VERSION) $(COMMIT)' | cmp -s - $@ || echo '$(VERSION) $(COMMIT)' > $@
FORCE:

$(BUILD)/gen/rules.c: $(RULE_FILES) scripts/embed-rules.sh
	@mkdir -p $(dir $@)
	scripts/embed-rules.sh $(RULE_FILES) > $@

$(BUILD)/obj/gen/rules.o: $(BUILD)/gen/rules.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_STRICT) -c -o $@ $<

# The generated parser is not ours to warn about; the scanner is.
$(BUILD)/obj/grammar/parser.o: grammar/src/parser.c grammar/src/tree_sitter/parser.h | deps
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -w -c -o $@ $<

$(BUILD)/obj/grammar/scanner.o: grammar/src/scanner.c grammar/src/tree_sitter/parser.h | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_STRICT) -c -o $@ $<

$(BUILD)/obj/tests/%.o: tests/unit/%.c $(SERVER_HDRS) $(wildcard tests/unit/*.h) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_STRICT) -DMS_SOURCE_DIR='"$(CURDIR)"' $(shell pkg-config --cflags criterion) -c -o $@ $<

# The fuzz targets, renamed, so that the unit tests replay their inputs
# (tests/unit/test_fuzz_inputs.c) with any compiler.
FUZZ_REPLAY_OBJS := $(patsubst tests/fuzz/fuzz_%.c,$(BUILD)/obj/tests/fuzz_%.o,$(wildcard tests/fuzz/fuzz_*.c))
UNIT_OBJS += $(FUZZ_REPLAY_OBJS)

$(BUILD)/obj/tests/fuzz_%.o: tests/fuzz/fuzz_%.c $(SERVER_HDRS) $(wildcard tests/fuzz/*.h) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_STRICT) -DLLVMFuzzerTestOneInput=ms_fuzz_$*_one -DLLVMFuzzerInitialize=ms_fuzz_$*_init -c -o $@ $<

$(BUILD)/unit-tests: $(UNIT_OBJS) $(LIB_OBJS) $(GRAMMAR_OBJS) | deps
	$(CC) -o $@ $^ $(LDLIBS) $(shell pkg-config --libs criterion)

run: $(BIN)
	$(BIN) check examples/ || test $$? -eq 1

# The test suite: unit tests (Criterion), the command line end to end, the
# differential tests against mlir-opt-22 and NumPy, and the language server
# through real clients.
TEST_TARGETS := test-unit test-cli test-hostile test-docs test-diff test-corpus-gate test-lsp test-nvim test-emacs test-helix test-vscode
ifeq ($(SANITIZE),)
TEST_TARGETS += test-valgrind test-soak test-web test-dist test-action
endif
ifeq ($(SANITIZE),thread)
TEST_TARGETS := tsan-run
endif

test: $(BIN) $(BUILD)/unit-tests | deps-test
	$(MAKE) --no-print-directory $(TEST_TARGETS)

test-tsan:
	$(MAKE) --no-print-directory SANITIZE=thread tsan-run

tsan-run: $(BIN) $(BUILD)/pool-stress | deps-test
	tests/tsan/run.sh $(BUILD)

$(BUILD)/pool-stress: tests/tsan/pool_stress.c $(BUILD)/obj/server/support/pool.o $(BUILD)/obj/server/support/alloc.o | deps
	$(CC) $(CFLAGS_STRICT) -o $@ $^ $(LDLIBS)

test-unit: $(BUILD)/unit-tests
	$(BUILD)/unit-tests --jobs=2

test-cli: $(BIN)
	tests/cli/run.sh $(BIN)

test-diff: $(BIN)
	tests/diff/run.sh $(BIN)

# Hostile inputs (issue 21): deep nesting, files shrinking or never ending,
# tens of thousands of files, full devices, through check and the server,
# each under a time and memory limit (tests/hostile/run.sh).
# Sanitized builds run the many-files case with fewer files (the normal
# build's 66,000 are there to pass vm.max_map_count; ASan's are just slow).
ifneq ($(SANITIZE),)
HOSTILE_FILES ?= 2000
export HOSTILE_FILES
endif
test-hostile: $(BIN) | deps-test
	tests/hostile/run.sh $(BIN)

# The gate for the grammar and the analyzer (tests/corpus/README.md): no ERROR
# or MISSING node and no false error on real MLIR of tests/corpus/unseen and
# ../shared/corpus; today's failures are in tests/corpus/known-false-errors.txt.
test-corpus-gate: $(BIN) $(BUILD)/corpus-parse
	tests/corpus/gate.py --bin $(BIN) --parse $(BUILD)/corpus-parse

# SARIF through Microsoft's Sarif.Multitool with GitHub's ingestion rules
# (also run by test-cli, from tests/cli/ci.sh).
test-sarif: $(BIN)
	tests/sarif/run.sh $(BIN)

# docs/codes.md is generated from the registry of codes (server/codes.c):
# `make docs` rewrites it, `make test-docs` fails when it is stale.
docs: $(BIN)
	$(BIN) explain --markdown --all > docs/codes.md

test-docs: $(BIN)
	@$(BIN) explain --markdown --all | diff -u docs/codes.md - > /dev/null || \
	  { echo "docs/codes.md is out of date: run 'make docs'" >&2; exit 1; }
	@echo "docs/codes.md is up to date"

# `make install PREFIX=/usr/local DESTDIR=`: the binary, the man page and the
# bash completion.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions

# INSTALL_BIN: another build's binary (the tests install build/san's).
INSTALL_BIN ?= $(BIN)

install: $(INSTALL_BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR)
	install -m 755 $(INSTALL_BIN) $(DESTDIR)$(BINDIR)/mlir-shape
	sed 's/@VERSION@/$(VERSION)/g' docs/mlir-shape.1 > $(DESTDIR)$(MANDIR)/man1/mlir-shape.1
	chmod 644 $(DESTDIR)$(MANDIR)/man1/mlir-shape.1
	install -m 644 completions/mlir-shape.bash $(DESTDIR)$(BASHCOMPDIR)/mlir-shape

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/mlir-shape $(DESTDIR)$(MANDIR)/man1/mlir-shape.1 $(DESTDIR)$(BASHCOMPDIR)/mlir-shape

test-lsp: $(BIN)
	tests/lsp/run.sh $(BIN)

# Neovim: the language server through its client, and the tree-sitter
# parser and queries through its built-in tree-sitter (tests/nvim).
test-nvim: $(BIN) $(GRAMMAR_LIB)
	tests/nvim/run.sh $(BIN) $(GRAMMAR_LIB)

# Emacs with eglot, batch mode: a diagnostic and a hover (tests/emacs).
test-emacs: $(BIN)
	tests/emacs/run.sh $(BIN)

# Helix only where the machine's package sources have it (not bookworm).
test-helix: $(BIN)
	tests/helix/run.sh $(BIN)

test-vscode: vsix
	VSIX_DIR=$(VSIX_DIR) scripts/vscode-test.sh $(VSIX_BIN)

# Fuzzing: `make fuzz FUZZ_SECONDS=N` runs each target for N seconds on its
# corpus (tests/fuzz/corpus/NAME, kept minimized; new inputs go to
# build/fuzz/corpus/NAME). A crash, leak or timeout fails the run and leaves
# the input in build/fuzz/artifacts/. `make fuzz-merge` folds what the runs
# found back into the committed corpora. The quick sweep (CI's) runs every
# target, fuzz_long too (its inputs expand to megabytes; the scanner's
# quadratic scan of unclosed `tensor<` it found, issue 21 class 5, is fixed).
FUZZ_QUICK_TARGETS := $(FUZZ_TARGETS)
fuzz: | deps
	@scripts/deps.sh fuzz
	$(MAKE) --no-print-directory FUZZ=1 fuzz-build
	scripts/fuzz.sh run build/fuzz $(FUZZ_SECONDS) $(FUZZ_QUICK_TARGETS)

# `make fuzz-long`: minutes-long runs (FUZZ_LONG_SECONDS each, default 600)
# of every target with inputs up to 64 KB; fuzz_long's 3-byte steps expand
# to texts of megabytes (deep nesting, long lines, many findings), from its
# committed corpus tests/fuzz/corpus/long.
FUZZ_LONG_SECONDS ?= 600
fuzz-long: | deps
	@scripts/deps.sh fuzz
	$(MAKE) --no-print-directory FUZZ=1 fuzz-build
	FUZZ_MAX_LEN=65536 FUZZ_TIMEOUT=60 scripts/fuzz.sh run build/fuzz $(FUZZ_LONG_SECONDS) $(FUZZ_TARGETS)

fuzz-merge: | deps
	@scripts/deps.sh fuzz
	$(MAKE) --no-print-directory FUZZ=1 fuzz-build
	scripts/fuzz.sh merge build/fuzz 0 $(FUZZ_TARGETS)

fuzz-build: $(patsubst %,$(BUILD)/fuzz_%,$(FUZZ_TARGETS))

$(BUILD)/obj/fuzz/%.o: tests/fuzz/%.c $(SERVER_HDRS) $(wildcard tests/fuzz/*.h) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_STRICT) -fsanitize=fuzzer-no-link -c -o $@ $<

$(BUILD)/fuzz_%: $(BUILD)/obj/fuzz/fuzz_%.o $(LIB_OBJS) $(GRAMMAR_OBJS) | deps
	$(CC) -fsanitize=fuzzer $(FUZZ_FLAGS) -o $@ $^ $(LDLIBS)

# Leaks and invalid accesses of a scripted editing session, under valgrind
# (not with SANITIZE=1: the two do not mix).
test-valgrind: $(BIN)
	@scripts/deps.sh valgrind
	tests/leak/run.sh $(BIN)

# SOAK_EDITS random edits on a 1 MB document: RSS and drift report.
# `make test` runs a shorter one (test-soak).
SOAK_EDITS ?= 100000
soak: $(BIN) | deps-test
	tests/soak/run.sh $(BIN) $(SOAK_EDITS)

test-soak: $(BIN) | deps-test
	tests/soak/run.sh $(BIN) 10000

# Regenerates grammar/src from grammar/grammar.js (see scripts/grammar.sh).
grammar:
	scripts/grammar.sh

# The parser as the shared library editors load (grammar/Makefile), built
# without the sanitizers: editors are not instrumented.
grammar-lib: $(GRAMMAR_LIB)

$(GRAMMAR_LIB): grammar/src/parser.c grammar/src/scanner.c grammar/src/tree_sitter/parser.h grammar/Makefile | deps
	$(MAKE) --no-print-directory -C grammar OUT=$(abspath $(BUILD))/grammar $(abspath $@)

# The grammar's Rust binding (grammar/Cargo.toml), offline against Debian's
# packaged crates (librust-tree-sitter-dev, librust-cc-dev). Not in `make test`.
test-grammar-rust:
	cd grammar && cargo test --offline --config 'source.crates-io.replace-with="debian"' \
	  --config 'source.debian.directory="/usr/share/cargo/registry"' --target-dir $(abspath $(BUILD))/grammar-rust

# ---- the browser build (`make wasm`, `make web`) ----
# The analyzer compiled by Debian's emscripten, without libuv and threads:
# every module but the server's loop (lsp.c, rpc.c, cmd_lsp.c) and main.c,
# tree-sitter and cJSON from Debian's source packages
# (scripts/debian-source.sh), and server/web/wasm_api.c as the entry
# points. build/web/mlir-shape.js is emscripten's loader with web/api.js
# after it: MlirShape.load() -> {check, shapes, hover} (web/README.md).
# NODE_PATH: emscripten's JS tools find Debian's node modules (acorn) under
# a node that does not search /usr/share/nodejs itself.
WASM_DIR := $(BUILD)/wasm
WEB_DIR := $(BUILD)/web
EMCC ?= emcc
EMAR ?= emar
WASM_SRC_TS := $(WASM_DIR)/src/tree-sitter
WASM_SRC_CJSON := $(WASM_DIR)/src/cjson
WASM_SKIP := server/cli/main.c server/lsp/cmd_lsp.c server/lsp/lsp.c server/lsp/lsp_docs.c server/lsp/lsp_workspace.c server/lsp/rpc.c
WASM_SRCS := $(filter-out $(WASM_SKIP),$(SERVER_SRCS)) server/web/wasm_compat.c
WASM_OBJS := $(patsubst server/%.c,$(WASM_DIR)/obj/server/%.o,$(WASM_SRCS)) $(WASM_DIR)/obj/gen/rules.o \
  $(WASM_DIR)/obj/grammar/parser.o $(WASM_DIR)/obj/grammar/scanner.o \
  $(WASM_DIR)/obj/tree-sitter.o $(WASM_DIR)/obj/cjson.o
WASM_CFLAGS = -std=c11 -O2 -D_GNU_SOURCE -iquote server/support -iquote server/algebra -iquote server/syntax -iquote server/analysis -iquote server/lsp \
  -iquote server/cli -Igrammar/src -I$(WASM_DIR)/include -I$(WASM_SRC_TS)/lib/include -include server/web/wasm_compat.h
WASM_EXPORTS := _ms_wasm_check,_ms_wasm_shapes,_ms_wasm_hover,_ms_wasm_free,_malloc,_free
WASM_LDFLAGS := -O2 -sMODULARIZE=1 -sEXPORT_NAME=createMlirShapeModule -sALLOW_MEMORY_GROWTH=1 \
  -sENVIRONMENT=web,node -sEXPORTED_FUNCTIONS=$(WASM_EXPORTS) \
  -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString,stringToUTF8,lengthBytesUTF8 -sFILESYSTEM=1 -sEXIT_RUNTIME=0

.PHONY: wasm web test-web bench-web

wasm: $(WEB_DIR)/mlir-shape.js

# The page (web/): CodeMirror 6 and the app bundled by esbuild from the
# committed lock file (npm ci), the examples and every code's explanation
# (from $(BIN) explain) beside the wasm. Open it with
# `cd build/web && python3 -m http.server`.
WEB_SRCS := $(wildcard web/src/*.js) web/index.html web/style.css web/sw.js web/build.mjs
web: $(WEB_DIR)/app.js

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	@scripts/deps.sh web
	cd web && npm ci --no-audit --no-fund

$(WEB_DIR)/app.js: $(WEB_DIR)/mlir-shape.js $(WEB_SRCS) web/node_modules/.package-lock.json $(wildcard examples/*.mlir) $(BIN)
	node web/build.mjs $(BIN) $(WEB_DIR)

# The page in headless Chromium (tests/web/page.test.js) and the wasm's
# answers against $(BIN)'s on examples/ and the corpus (wasm_equal.js).
test-web: $(BIN) web
	tests/web/run.sh $(BIN) $(WEB_DIR)

# Page load time, and a 1 MB file checked by the wasm against the native
# `check --jobs 1` (bench/README.md).
bench-web: $(BIN) web
	bench/bench-web.sh $(BIN) $(WEB_DIR)

$(WASM_DIR)/sources.stamp: scripts/debian-source.sh
	@scripts/deps.sh wasm
	@mkdir -p $(WASM_DIR)/src
	rm -rf $(WASM_SRC_TS) $(WASM_SRC_CJSON)
	ln -sfn "$$(scripts/debian-source.sh libtree-sitter-dev $(abspath $(BUILD))/debian-src)" $(WASM_SRC_TS)
	ln -sfn "$$(scripts/debian-source.sh libcjson-dev $(abspath $(BUILD))/debian-src)" $(WASM_SRC_CJSON)
	@mkdir -p $(WASM_DIR)/include/cjson
	cp $(WASM_SRC_CJSON)/cJSON.h $(WASM_DIR)/include/cjson/cJSON.h
	touch $@

$(WASM_DIR)/obj/server/%.o: server/%.c $(SERVER_HDRS) server/web/wasm_compat.h $(WASM_DIR)/sources.stamp
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CFLAGS) -Wall -Wextra -Werror -DMS_VERSION='"$(VERSION)"' -c -o $@ $<

$(WASM_DIR)/obj/gen/rules.o: $(BUILD)/gen/rules.c $(WASM_DIR)/sources.stamp
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CFLAGS) -c -o $@ $<

$(WASM_DIR)/obj/grammar/%.o: grammar/src/%.c grammar/src/tree_sitter/parser.h $(WASM_DIR)/sources.stamp
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CFLAGS) -w -c -o $@ $<

$(WASM_DIR)/obj/tree-sitter.o: $(WASM_DIR)/sources.stamp
	@mkdir -p $(dir $@)
	$(EMCC) -std=gnu99 -O2 -DNDEBUG -w -I$(WASM_SRC_TS)/lib/src -I$(WASM_SRC_TS)/lib/include -c -o $@ $(WASM_SRC_TS)/lib/src/lib.c

$(WASM_DIR)/obj/cjson.o: $(WASM_DIR)/sources.stamp
	@mkdir -p $(dir $@)
	$(EMCC) -std=c89 -O2 -w -c -o $@ $(WASM_SRC_CJSON)/cJSON.c

$(WASM_DIR)/libmlir-shape.a: $(WASM_OBJS)
	rm -f $@
	$(EMAR) rcs $@ $^

$(WEB_DIR)/mlir-shape.js: $(WASM_DIR)/obj/server/web/wasm_api.o $(WASM_DIR)/libmlir-shape.a web/api.js
	@mkdir -p $(dir $@)
	NODE_PATH=/usr/share/nodejs $(EMCC) $(WASM_LDFLAGS) --extern-post-js web/api.js -o $(WEB_DIR)/mlir-shape.js \
	  $(WASM_DIR)/obj/server/web/wasm_api.o $(WASM_DIR)/libmlir-shape.a


bench: bench-parse bench-check bench-dumps bench-lsp

bench-parse: $(BIN) $(BUILD)/bench-parse | deps-test
	bench/bench-parse.sh

bench-check: $(BIN) static | deps-test
	MS_STATIC_BIN=$(STATIC_BIN) bench/bench-check.sh

bench-dumps: $(BIN) | deps-test
	bench/bench-dumps.sh

bench-lsp: $(BIN) | deps-test
	bench/bench-lsp.sh

$(BUILD)/bench-parse: bench/bench_parse.c $(GRAMMAR_OBJS) | deps
	$(CC) $(CFLAGS_STRICT) -o $@ $^ $(LDLIBS)

# --- Release artefacts, in $(DIST) (build/dist) ---
# `make dist`: mlir-shape-<version>-linux-x64.tar.gz, the static binary of
# STATIC=1 with the man page, completion, README, LICENSES/ and SHA256SUMS
# (scripts/dist.sh; reproducible from the same commit). `make deb`:
# mlir-shape_<version>_amd64.deb (scripts/deb.sh). `make vsix`: the VS Code
# extension with the static binary inside (with SANITIZE=1: that build's
# binary, so that the VS Code test runs the sanitized server).
DIST ?= build/dist
STATIC_BUILD ?= build/static
STATIC_BIN = $(STATIC_BUILD)/mlir-shape
# The sub-makes get no sanitizer or fuzzer settings of this one.
SUBMAKE = $(MAKE) --no-print-directory SANITIZE= FUZZ=

static: | deps
	$(SUBMAKE) STATIC=1 BUILD=$(STATIC_BUILD) $(STATIC_BIN)

dist: static
	scripts/dist.sh $(STATIC_BIN) $(STATIC_BUILD)/deps $(DIST)

deb: | deps
	$(SUBMAKE) DEB=1 BUILD=build/deb build/deb/mlir-shape
	scripts/deb.sh build/deb/mlir-shape $(DIST)

ifeq ($(SANITIZE),)
VSIX_BIN = $(STATIC_BIN)
VSIX_DIR = $(DIST)
VSIX_PREREQ = static
else
VSIX_BIN = $(BIN)
VSIX_DIR = $(BUILD)
VSIX_PREREQ = $(BIN)
endif

vsix: $(VSIX_PREREQ)
	scripts/vsix.sh $(VSIX_BIN) $(VSIX_DIR)

# The GitHub Action (action.yml) run as the runner runs it, offline: its
# download pointed at this tarball (tests/action/test_action.py).
test-action: $(BIN) dist | deps-test
	/usr/bin/python3 tests/action/test_action.py $(DIST) $(BIN)

# The artefacts themselves: tests/dist/run.sh says what it checks.
test-dist: $(BIN) dist deb vsix | deps-test
	tests/dist/run.sh $(BIN) $(DIST) $(STATIC_BUILD)

# ERROR and MISSING nodes of whole files, for the corpus gate (tests/corpus).
$(BUILD)/corpus-parse: tests/corpus/parse_errors.c $(GRAMMAR_OBJS) | deps
	$(CC) $(CFLAGS_STRICT) -o $@ $^ $(LDLIBS)

clean:
	rm -rf $(BUILD)

# The fuzz targets' objects are intermediate; keep them for fast rebuilds.
.SECONDARY:
