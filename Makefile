# mlir-shape: build, test and benchmark entry points.
#
# `make run` and `make test` are the two commands that do everything on a
# fresh Debian bookworm machine: every target below depends (order-only) on
# `deps`, which installs what pkg-config and the PATH cannot find.

.DEFAULT_GOAL := all
BUILD ?= build
PKGS := libuv libcjson tree-sitter
CC ?= cc

# Recursive (=) so that pkg-config runs after `deps` has installed the .pc files.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS))
PKG_LIBS = $(shell pkg-config --libs $(PKGS))
BASE_CFLAGS = -std=c11 -O2 -g -D_GNU_SOURCE -iquote server -Igrammar/src $(PKG_CFLAGS) $(EXTRA_CFLAGS)
CFLAGS_STRICT = $(BASE_CFLAGS) -Wall -Wextra -Werror
LDLIBS = $(PKG_LIBS) -lpthread -lm $(EXTRA_LDFLAGS)

SERVER_SRCS := $(wildcard server/*.c)
SERVER_OBJS := $(patsubst server/%.c,$(BUILD)/obj/server/%.o,$(SERVER_SRCS))
RULE_FILES := $(sort $(wildcard rules/*.json))
GEN_OBJS := $(BUILD)/obj/gen/rules.o
LIB_OBJS := $(filter-out $(BUILD)/obj/server/main.o,$(SERVER_OBJS)) $(GEN_OBJS)
GRAMMAR_OBJS := $(BUILD)/obj/grammar/parser.o $(BUILD)/obj/grammar/scanner.o
UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_OBJS := $(patsubst tests/unit/%.c,$(BUILD)/obj/tests/%.o,$(UNIT_SRCS))
BIN := $(BUILD)/mlir-shape
VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)

.PHONY: all deps deps-test run test test-unit test-cli test-corpus test-diff \
        test-lsp test-nvim test-vscode grammar bench bench-parse bench-check \
        bench-lsp vsix clean

all: $(BIN)

deps:
	@scripts/deps.sh build

deps-test:
	@scripts/deps.sh build test

$(BIN): $(SERVER_OBJS) $(GEN_OBJS) $(GRAMMAR_OBJS) | deps
	$(CC) -o $@ $^ $(LDLIBS)

$(BUILD)/obj/server/%.o: server/%.c $(wildcard server/*.h) | deps
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

$(BUILD)/obj/tests/%.o: tests/unit/%.c $(wildcard server/*.h) $(wildcard tests/unit/*.h) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_STRICT) -DMS_SOURCE_DIR='"$(CURDIR)"' $(shell pkg-config --cflags criterion) -c -o $@ $<

$(BUILD)/unit-tests: $(UNIT_OBJS) $(LIB_OBJS) $(GRAMMAR_OBJS) | deps
	$(CC) -o $@ $^ $(LDLIBS) $(shell pkg-config --libs criterion)

run: $(BIN)
	$(BIN) check examples/ || test $$? -eq 1

# The test suite: unit tests (Criterion), the command line end to end, the
# differential tests against mlir-opt-22 and NumPy, and the language server
# through real clients.
test: $(BIN) $(BUILD)/unit-tests | deps-test
	$(MAKE) --no-print-directory test-unit test-cli test-diff test-lsp test-nvim test-vscode

test-unit: $(BUILD)/unit-tests
	$(BUILD)/unit-tests --jobs=2

test-cli: $(BIN)
	tests/cli/run.sh $(BIN)

test-diff: $(BIN)
	tests/diff/run.sh $(BIN)

test-lsp: $(BIN)
	tests/lsp/run.sh $(BIN)

test-nvim: $(BIN)
	tests/nvim/run.sh $(BIN)

test-vscode: vsix
	scripts/vscode-test.sh $(BIN)

# Regenerates grammar/src from grammar/grammar.js (see scripts/grammar.sh).
grammar:
	scripts/grammar.sh

bench: bench-parse bench-check bench-lsp

bench-parse: $(BIN) $(BUILD)/bench-parse | deps-test
	bench/bench-parse.sh

bench-check: $(BIN) | deps-test
	bench/bench-check.sh

bench-lsp: $(BIN) | deps-test
	bench/bench-lsp.sh

$(BUILD)/bench-parse: bench/bench_parse.c $(GRAMMAR_OBJS) | deps
	$(CC) $(CFLAGS_STRICT) -o $@ $^ $(LDLIBS)

vsix: $(BIN)
	scripts/vsix.sh $(BIN) $(BUILD)

clean:
	rm -rf $(BUILD)
