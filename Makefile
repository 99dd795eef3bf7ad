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

.PHONY: all deps deps-test run test test-unit test-cli test-corpus test-corpus-gate test-diff \
        test-lsp test-nvim test-emacs test-helix test-vscode test-tsan tsan-run grammar grammar-lib \
        test-grammar-rust bench bench-parse bench-check \
        bench-lsp vsix clean fuzz fuzz-build fuzz-merge test-valgrind soak test-soak \
        test-sarif test-docs docs install uninstall

all: $(BIN)

deps:
	@scripts/deps.sh build

deps-test:
	@scripts/deps.sh build test

$(BIN): $(SERVER_OBJS) $(GEN_OBJS) $(GRAMMAR_OBJS) | deps
	$(CC) -o $@ $^ $(LDLIBS)

$(BUILD)/obj/server/%.o: server/%.c $(SERVER_HDRS) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_STRICT) -DMS_VERSION='"$(VERSION)"' -c -o $@ $<

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
TEST_TARGETS := test-unit test-cli test-docs test-diff test-corpus-gate test-lsp test-nvim test-emacs test-helix test-vscode
ifeq ($(SANITIZE),)
TEST_TARGETS += test-valgrind test-soak
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
	scripts/vscode-test.sh $(BIN)

# Fuzzing: `make fuzz FUZZ_SECONDS=N` runs each target for N seconds on its
# corpus (tests/fuzz/corpus/NAME, kept minimized; new inputs go to
# build/fuzz/corpus/NAME). A crash, leak or timeout fails the run and leaves
# the input in build/fuzz/artifacts/. `make fuzz-merge` folds what the runs
# found back into the committed corpora.
fuzz: | deps
	@scripts/deps.sh fuzz
	$(MAKE) --no-print-directory FUZZ=1 fuzz-build
	scripts/fuzz.sh run build/fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

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

bench: bench-parse bench-check bench-lsp

bench-parse: $(BIN) $(BUILD)/bench-parse | deps-test
	bench/bench-parse.sh

bench-check: $(BIN) | deps-test
	bench/bench-check.sh

bench-lsp: $(BIN) | deps-test
	bench/bench-lsp.sh

$(BUILD)/bench-parse: bench/bench_parse.c $(GRAMMAR_OBJS) | deps
	$(CC) $(CFLAGS_STRICT) -o $@ $^ $(LDLIBS)

# ERROR and MISSING nodes of whole files, for the corpus gate (tests/corpus).
$(BUILD)/corpus-parse: tests/corpus/parse_errors.c $(GRAMMAR_OBJS) | deps
	$(CC) $(CFLAGS_STRICT) -o $@ $^ $(LDLIBS)

vsix: $(BIN)
	scripts/vsix.sh $(BIN) $(BUILD)

clean:
	rm -rf $(BUILD)

# The fuzz targets' objects are intermediate; keep them for fast rebuilds.
.SECONDARY:
