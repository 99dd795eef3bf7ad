/*
** test_catalog.c: unit tests of the rule catalog (server/analysis/catalog.c).
**
** Loads the shipped rule files (rules/) from the source tree and binds op names and
** attribute spellings taken from the corpus (chlo with and without
** broadcast_dimensions, onnx legacy broadcast/axis, tosa.mul's operands,
** OpenVINO auto_broadcast), checks precedence of later files and of exact
** names over globs, and every load error with its FILE:LINE:COL against the
** fixtures in tests/unit/catalogs/.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"

#define RULES MS_SOURCE_DIR "/rules/"
#define FIXTURES MS_SOURCE_DIR "/tests/unit/catalogs/"

static const char *const shipped[] = {"arith", "chlo", "linalg", "mhlo", "mlir", "onnx", "openvino", "paddle",
                                      "stablehlo", "tensor", "tf", "tflite", "torch", "tosa", "vector"};

/* Attributes as key/value text pairs, NULL terminated. */
static const char *attr_lookup(void *ctx, const char *key, size_t *len) {
  const char *const *kv = ctx;
  for (; kv && kv[0]; kv += 2)
    if (strcmp(kv[0], key) == 0) {
      *len = strlen(kv[1]);
      return kv[1];
    }
  return NULL;
}

static bool bind(const ms_catalog *c, const char *name, int nops, const char *const *kv,
                 ms_rule_binding *b) {
  ms_op_view op = {name, strlen(name), nops, attr_lookup, (void *)kv};
  return ms_catalog_bind(c, &op, b);
}

static ms_catalog *load(const char *const *files, int n) {
  ms_catalog *c = ms_catalog_new();
  cr_assert_not_null(c);
  for (int i = 0; i < n; i++) {
    char path[512], err[512];
    snprintf(path, sizeof path, RULES "%s.json", files[i]);
    cr_assert(ms_catalog_load_file(c, path, err, sizeof err), "%s", err);
  }
  return c;
}

static ms_catalog *load_one(const char *family) { return load(&family, 1); }

Test(catalog, every_shipped_file_loads) {
  for (size_t i = 0; i < sizeof shipped / sizeof *shipped; i++) {
    ms_catalog *c = load_one(shipped[i]);
    cr_expect_gt(ms_catalog_count(c), 0, "%s", shipped[i]);
    ms_catalog_delete(c);
  }
}

Test(catalog, mlir_family) {
  ms_catalog *c = load_one("mlir");
  ms_rule_binding b;
  cr_assert(bind(c, "test.broadcastable", 2, NULL, &b));
  cr_expect(b.ok);
  cr_expect_eq(b.rule, MS_RULE_MLIR);
  cr_expect(b.opts.tensor_only);
  cr_expect_not(b.opts.equal_ranks);
  cr_expect_eq(b.noperands, -1);
  cr_expect_str_eq(b.origin, RULES "mlir.json: test.broadcastable");
  cr_assert(bind(c, "tf.AddV2", 2, NULL, &b));
  cr_expect_eq(b.rule, MS_RULE_MLIR);
  cr_assert(bind(c, "tfl.select_v2", 3, NULL, &b));
  cr_expect_eq(b.noperands, 3);
  cr_assert(bind(c, "tfl.squared_difference", 2, NULL, &b));
  cr_expect_not(bind(c, "tf.BiasAdd", 2, NULL, &b));
  cr_expect_not(bind(c, "tf.Select", 3, NULL, &b));
  cr_expect_not(bind(c, "tf.AddV", 2, NULL, &b), "a prefix is not a match");
  ms_catalog_delete(c);
}

Test(catalog, tosa_family) {
  ms_catalog *c = load_one("tosa");
  ms_rule_binding b;
  cr_assert(bind(c, "tosa.add", 2, NULL, &b));
  cr_expect(b.ok);
  cr_expect_eq(b.rule, MS_RULE_MLIR);
  cr_expect(b.opts.equal_ranks);
  cr_expect_not(b.opts.skip_result_dims);
  cr_assert(bind(c, "tosa.mul", 3, NULL, &b));
  cr_expect(b.ok);
  cr_expect(b.opts.equal_ranks && b.opts.skip_result_dims);
  cr_expect_eq(b.noperands, 2);
  cr_expect_eq(b.operands[0], 0);
  cr_expect_eq(b.operands[1], 1);
  cr_assert(bind(c, "tosa.select", 3, NULL, &b));
  cr_expect_eq(b.noperands, 3);
  cr_expect_eq(b.operands[2], 2);
  /* An old tosa.mul with one operand cannot give the rule its operand 1. */
  cr_assert(bind(c, "tosa.mul", 1, NULL, &b));
  cr_expect_not(b.ok);
  cr_expect(strstr(b.error, "operand #1") != NULL, "%s", b.error);
  cr_assert(bind(c, "tosa.conv2d", 5, NULL, &b)); /* the convolution family, with TOSA's options */
  cr_expect(b.ok && b.algebra != NULL && !b.spec_warnings);
  cr_expect_not(bind(c, "tosa.custom", 3, NULL, &b));
  cr_expect_not(bind(c, "tosa.div", 2, NULL, &b), "LLVM 22 has tosa.intdiv, no tosa.div");
  cr_expect(bind(c, "tosa.intdiv", 2, NULL, &b));
  ms_catalog_delete(c);
}

Test(catalog, chlo_broadcast_dimensions_selects_xla) {
  ms_catalog *c = load_one("chlo");
  ms_rule_binding b;
  const char *with[] = {"broadcast_dimensions", "array<i64: 1, 2>", NULL};
  cr_assert(bind(c, "chlo.broadcast_add", 2, with, &b));
  cr_expect(b.ok, "%s", b.error);
  cr_expect_eq(b.rule, MS_RULE_XLA);
  cr_expect(b.opts.has_broadcast_dimensions);
  cr_expect_eq(b.opts.nbroadcast_dimensions, 2);
  cr_expect_eq(b.opts.broadcast_dimensions[0], 1);
  cr_expect_eq(b.opts.broadcast_dimensions[1], 2);
  cr_expect_str_eq(b.origin, RULES "chlo.json: chlo.broadcast_*");

  const char *dense[] = {"broadcast_dimensions", "dense<[0, 1]> : tensor<2xi64>",
                         "comparison_direction", "#chlo<comparison_direction EQ>", NULL};
  cr_assert(bind(c, "chlo.broadcast_compare", 2, dense, &b));
  cr_expect_eq(b.rule, MS_RULE_XLA);
  cr_expect_eq(b.opts.nbroadcast_dimensions, 2);

  const char *scalar[] = {"broadcast_dimensions", "array<i64>", NULL};
  cr_assert(bind(c, "chlo.broadcast_multiply", 2, scalar, &b));
  cr_expect(b.ok && b.rule == MS_RULE_XLA && b.opts.has_broadcast_dimensions);
  cr_expect_eq(b.opts.nbroadcast_dimensions, 0);

  cr_assert(bind(c, "chlo.broadcast_add", 2, NULL, &b));
  cr_expect(b.ok);
  cr_expect_eq(b.rule, MS_RULE_NUMPY);
  cr_expect_not(b.opts.has_broadcast_dimensions);

  const char *bad[] = {"broadcast_dimensions", "\"x\"", NULL};
  cr_assert(bind(c, "chlo.broadcast_add", 2, bad, &b));
  cr_expect_not(b.ok);
  cr_expect_eq(b.rule, MS_RULE_XLA);
  cr_expect(strstr(b.error, "broadcast_dimensions = \"x\"") != NULL, "%s", b.error);

  /* exact entry, even with the attribute present */
  cr_assert(bind(c, "chlo.broadcast_select", 3, with, &b));
  cr_expect_eq(b.rule, MS_RULE_NUMPY);
  cr_expect_eq(b.noperands, 3);
  cr_expect_str_eq(b.origin, RULES "chlo.json: chlo.broadcast_select");
  /* the unary ops are their own entry: a shape function, no broadcast rule */
  cr_assert(bind(c, "chlo.acos", 1, NULL, &b));
  cr_expect_not(b.has_rule);
  cr_expect_eq(b.shape.fn, MS_SHAPE_FN_SAME);
  cr_expect_eq(b.shape.operand, 0);
  cr_expect_not_null(b.layout);
  cr_expect(strstr(b.origin, "chlo.broadcast_") == NULL, "%s", b.origin);
  /* the non-broadcasting binary ops: identical shapes */
  cr_assert(bind(c, "chlo.next_after", 2, NULL, &b));
  cr_expect(b.has_rule && b.rule == MS_RULE_NONE);
  cr_expect_not(bind(c, "chlo.no_such_op", 1, NULL, &b));
  ms_catalog_delete(c);
}

Test(catalog, stablehlo_family) {
  ms_catalog *c = load_one("stablehlo");
  ms_rule_binding b;
  const char *dims[] = {"broadcast_dimensions", "array<i64: 0, 1, 3>", NULL};
  cr_assert(bind(c, "stablehlo.broadcast_in_dim", 1, dims, &b));
  cr_expect(b.ok);
  cr_expect_eq(b.rule, MS_RULE_XLA_IN_DIM);
  cr_expect_eq(b.opts.nbroadcast_dimensions, 3);
  cr_expect_eq(b.opts.broadcast_dimensions[2], 3);
  const char *empty[] = {"broadcast_dimensions", "dense<> : tensor<0xi64>", NULL};
  cr_assert(bind(c, "mhlo.broadcast_in_dim", 1, empty, &b));
  cr_expect(b.ok && b.opts.has_broadcast_dimensions && b.opts.nbroadcast_dimensions == 0);
  cr_assert(bind(c, "stablehlo.add", 2, NULL, &b));
  cr_expect_eq(b.rule, MS_RULE_NONE);
  cr_expect_eq(b.noperands, -1);
  cr_assert(bind(c, "stablehlo.select", 3, NULL, &b));
  cr_expect_eq(b.rule, MS_RULE_SAME_OR_SCALAR);
  cr_expect_eq(b.noperands, 3);
  cr_expect_eq(b.operands[0], 1);
  /* pred (operand 0) is listed second: bit 1 of the rule's operands. */
  cr_expect_eq(b.opts.scalar_operands, 2u);
  cr_assert(bind(c, "stablehlo.clamp", 3, NULL, &b));
  cr_expect_eq(b.rule, MS_RULE_SAME_OR_SCALAR);
  cr_expect_eq(b.opts.scalar_operands, 6u);
  ms_catalog_delete(c);
}

Test(catalog, onnx_legacy_broadcast_and_axis) {
  ms_catalog *c = load_one("onnx");
  ms_rule_binding b;
  const char *legacy[] = {"axis", "1 : si64", "broadcast", "1 : si64", NULL};
  cr_assert(bind(c, "onnx.Mul", 2, legacy, &b));
  cr_expect(b.ok, "%s", b.error);
  cr_expect_eq(b.rule, MS_RULE_PDPD);
  cr_expect(b.opts.has_axis);
  cr_expect_eq(b.opts.axis, 1);
  const char *bare[] = {"axis", "1", "broadcast", "1", NULL}; /* {axis=1, broadcast=1} */
  cr_assert(bind(c, "onnx.Add", 2, bare, &b));
  cr_expect(b.ok && b.rule == MS_RULE_PDPD && b.opts.axis == 1);
  const char *no_axis[] = {"broadcast", "1 : si64", NULL};
  cr_assert(bind(c, "onnx.Sub", 2, no_axis, &b));
  cr_expect(b.ok && b.rule == MS_RULE_PDPD);
  cr_expect_not(b.opts.has_axis);
  cr_expect_eq(b.opts.axis, -1);
  const char *off[] = {"broadcast", "0 : si64", NULL};
  cr_assert(bind(c, "onnx.Div", 2, off, &b));
  cr_expect_eq(b.rule, MS_RULE_NONE);
  const char *garbage[] = {"broadcast", "\"yes\"", NULL};
  cr_assert(bind(c, "onnx.Div", 2, garbage, &b));
  cr_expect_not(b.ok);
  cr_expect(strstr(b.error, "broadcast") != NULL, "%s", b.error);
  cr_assert(bind(c, "onnx.Mul", 2, NULL, &b));
  cr_expect(b.ok && b.rule == MS_RULE_NUMPY);
  const char *axis_only[] = {"axis", "1 : si64", NULL}; /* axis alone is no legacy op */
  cr_assert(bind(c, "onnx.Mul", 2, axis_only, &b));
  cr_expect_eq(b.rule, MS_RULE_NUMPY);
  cr_expect_not(b.opts.has_axis);
  cr_assert(bind(c, "onnx.Sum", 4, NULL, &b));
  cr_expect(b.rule == MS_RULE_NUMPY && b.noperands == -1);
  cr_assert(bind(c, "onnx.Where", 3, NULL, &b));
  cr_expect_eq(b.noperands, 3);
  cr_assert(bind(c, "onnx.Expand", 2, NULL, &b));
  cr_expect(b.ok);
  cr_expect_eq(b.rule, MS_RULE_BIDIRECTIONAL);
  cr_expect_eq(b.target_operand, 1);
  cr_assert(bind(c, "onnx.Gemm", 3, NULL, &b)); /* the gemm algebra: K and C spec warnings, the rest errors */
  cr_expect(b.algebra != NULL);
  cr_expect_not(b.spec_warnings);
  cr_expect(b.spec_codes && strstr(b.spec_codes, "contracting-dims") && strstr(b.spec_codes, "operand-shapes"));
  ms_catalog_delete(c);
}

Test(catalog, paddle_axis) {
  ms_catalog *c = load_one("paddle");
  ms_rule_binding b;
  const char *axis[] = {"axis", "-1 : si32", NULL};
  cr_assert(bind(c, "pd.elementwise_add", 2, axis, &b));
  cr_expect(b.ok && b.rule == MS_RULE_PDPD && b.opts.has_axis && b.opts.axis == -1);
  const char *axis2[] = {"axis", "2 : i64", NULL};
  cr_assert(bind(c, "pd.elementwise_floordiv", 2, axis2, &b));
  cr_expect_eq(b.opts.axis, 2);
  const char *bad[] = {"axis", "1.5 : f32", NULL};
  cr_assert(bind(c, "pd.elementwise_mod", 2, bad, &b));
  cr_expect_not(b.ok);
  cr_expect(strstr(b.error, "axis = 1.5 : f32") != NULL, "%s", b.error);
  ms_catalog_delete(c);
}

Test(catalog, openvino_auto_broadcast_selects_rule) {
  ms_catalog *c = load_one("openvino");
  ms_rule_binding b;
  const char *pdpd[] = {"auto_broadcast", "\"pdpd\"", "axis", "1 : i64", NULL};
  cr_assert(bind(c, "ov.Add", 2, pdpd, &b));
  cr_expect(b.ok && b.rule == MS_RULE_PDPD && b.opts.axis == 1);
  const char *none[] = {"auto_broadcast", "\"none\"", NULL};
  cr_assert(bind(c, "ov.Multiply", 2, none, &b));
  cr_expect(b.ok && b.rule == MS_RULE_NONE);
  const char *en[] = {"auto_broadcast", "#ov<auto_broadcast numpy>", NULL};
  cr_assert(bind(c, "ov.Subtract", 2, en, &b));
  cr_expect(b.ok && b.rule == MS_RULE_NUMPY);
  cr_assert(bind(c, "ov.Divide", 2, NULL, &b));
  cr_expect(b.ok && b.rule == MS_RULE_NUMPY);
  const char *explicit_[] = {"auto_broadcast", "\"explicit\"", NULL};
  cr_assert(bind(c, "ov.Maximum", 2, explicit_, &b));
  cr_expect_not(b.ok);
  cr_expect(strstr(b.error, "auto_broadcast = \"explicit\"") != NULL, "%s", b.error);
  const char *sel_pdpd[] = {"auto_broadcast", "\"pdpd\"", NULL};
  cr_assert(bind(c, "ov.Select", 3, sel_pdpd, &b));
  cr_expect_not(b.ok);
  cr_assert(bind(c, "ov.Select", 3, NULL, &b));
  cr_expect(b.ok && b.rule == MS_RULE_NUMPY && b.noperands == 3);
  const char *bidi[] = {"mode", "\"bidirectional\"", NULL};
  cr_assert(bind(c, "ov.Broadcast", 2, bidi, &b));
  cr_expect(b.ok && b.rule == MS_RULE_BIDIRECTIONAL && b.target_operand == 1);
  const char *expl[] = {"mode", "\"explicit\"", NULL};
  cr_assert(bind(c, "ov.Broadcast", 3, expl, &b));
  cr_expect_not(b.ok);
  ms_catalog_delete(c);
}

Test(catalog, later_files_take_precedence) {
  ms_catalog *c = load_one("tosa");
  char err[512];
  cr_assert(ms_catalog_load_file(c, FIXTURES "user.json", err, sizeof err), "%s", err);
  ms_rule_binding b;
  cr_assert(bind(c, "tosa.add", 2, NULL, &b));
  cr_expect_eq(b.rule, MS_RULE_MLIR);
  cr_expect(b.opts.strict);
  cr_expect_not(b.opts.equal_ranks, "the user's entry replaces the shipped one");
  cr_expect_str_eq(b.origin, FIXTURES "user.json: tosa.add");
  cr_assert(bind(c, "tosa.sub", 2, NULL, &b));
  cr_expect_eq(b.rule, MS_RULE_NUMPY, "a later glob beats an earlier exact name");
  cr_expect_str_eq(b.origin, FIXTURES "user.json: tosa.*");
  cr_assert(bind(c, "my.special_add", 2, NULL, &b));
  cr_expect_str_eq(b.origin, FIXTURES "user.json: my.special_add");
  const char *dim[] = {"dim", "3", NULL};
  cr_assert(bind(c, "my.other_add", 2, dim, &b));
  cr_expect_str_eq(b.origin, FIXTURES "user.json: my.*_add");
  cr_expect(b.ok && b.rule == MS_RULE_PDPD && b.opts.axis == 3, "second attribute name");
  cr_expect_not(bind(c, "my.add_other", 2, NULL, &b));
  ms_catalog_delete(c);

  c = load_one("tosa");
  cr_assert(bind(c, "tosa.sub", 2, NULL, &b));
  cr_expect(b.rule == MS_RULE_MLIR && b.opts.equal_ranks);
  ms_catalog_delete(c);
}

typedef struct error_case {
  const char *fixture;
  const char *position; /* ":LINE:COL: " */
  const char *message;  /* a part of the message */
} error_case;

static const error_case error_cases[] = {
    {"syntax.json", ":5:5: ", "invalid JSON"},
    {"trailing.json", ":7:1: ", "invalid JSON"},
    {"version.json", ":2:14: ", "unsupported version"},
    {"unknown_field.json", ":8:7: ", "unknown field \"contraints\""},
    {"unknown_rule.json", ":6:14: ", "unknown rule \"broadcastable\""},
    {"bad_pattern.json", ":4:23: ", "invalid character '/'"},
    {"wrong_type.json", ":5:22: ", "must be an integer, not a string"},
    {"unreachable_case.json", ":5:36: ", "unreachable select case"},
    {"unused_option.json", ":4:59: ", "\"axis\" is only read by rule pdpd"},
    {"duplicate_field.json", ":4:59: ", "duplicate field \"rule\""},
    {"missing_field.json", ":4:5: ", "missing field \"description\""},
    {"constraint_type.json", ":5:37: ", "must be true or false, not a number"},
    {"bad_syntax_ref.json", ":4:81: ", "bad syntax: bad reference"},
    {"bad_syntax_token.json", ":4:85: ", "bad syntax: unexpected '@'"},
    {"bad_syntax_empty.json", ":4:83: ", "bad syntax: empty syntax alternative"},
    {"syntax_type.json", ":4:73: ", "\"syntax\" must be a string, not a number"},
    {"unused_dimensions.json", ":4:59: ", "\"dimensions\" is only read by rule linalg-broadcast"},
};

Test(catalog, load_errors_have_file_line_col) {
  for (size_t i = 0; i < sizeof error_cases / sizeof *error_cases; i++) {
    const error_case *e = &error_cases[i];
    char path[512], want[600], err[512] = "";
    snprintf(path, sizeof path, FIXTURES "%s", e->fixture);
    snprintf(want, sizeof want, "%s%s", path, e->position);
    ms_catalog *c = ms_catalog_new();
    cr_expect_not(ms_catalog_load_file(c, path, err, sizeof err), "%s loaded", e->fixture);
    cr_expect(strncmp(err, want, strlen(want)) == 0, "%s: got \"%s\", want prefix \"%s\"",
              e->fixture, err, want);
    cr_expect(strstr(err, e->message) != NULL, "%s: got \"%s\", want \"%s\"", e->fixture, err,
              e->message);
    cr_expect_eq(ms_catalog_count(c), 0);
    ms_catalog_delete(c);
  }
}

Test(catalog, failed_load_leaves_catalog_unchanged) {
  ms_catalog *c = load_one("tosa");
  size_t n = ms_catalog_count(c);
  ms_rule_binding before, after;
  cr_assert(bind(c, "tosa.mul", 3, NULL, &before));
  for (size_t i = 0; i < sizeof error_cases / sizeof *error_cases; i++) {
    char path[512], err[512];
    snprintf(path, sizeof path, FIXTURES "%s", error_cases[i].fixture);
    cr_expect_not(ms_catalog_load_file(c, path, err, sizeof err));
    cr_expect_eq(ms_catalog_count(c), n, "after %s", error_cases[i].fixture);
  }
  /* a valid first entry followed by a bad one must not leave the first */
  const char *half = "{\"version\": 1, \"ops\": [{\"match\": \"tosa.mul\", \"description\": "
                     "\"d\", \"rule\": \"none\"}, {\"match\": 3}]}";
  char err[256];
  cr_expect_not(ms_catalog_load(c, "half.json", half, strlen(half), err, sizeof err));
  cr_expect_str_eq(err, "half.json:1:93: \"match\" must be a string or an array of strings, "
                        "not a number");
  cr_assert(bind(c, "tosa.mul", 3, NULL, &after));
  cr_expect_eq(ms_catalog_count(c), n);
  cr_expect_eq(after.rule, before.rule);
  cr_expect_str_eq(after.origin, before.origin);
  ms_catalog_delete(c);
}

Test(catalog, unreadable_file) {
  ms_catalog *c = ms_catalog_new();
  char err[512];
  cr_expect_not(ms_catalog_load_file(c, FIXTURES "no-such-file.json", err, sizeof err));
  cr_expect_str_eq(err, FIXTURES "no-such-file.json: cannot read: No such file or directory");
  cr_expect_not(ms_catalog_load_file(c, FIXTURES, err, sizeof err), "a directory");
  cr_expect(strstr(err, ": cannot read: ") != NULL, "%s", err);
  ms_catalog_delete(c);
}

Test(catalog, empty_and_non_object_text) {
  ms_catalog *c = ms_catalog_new();
  char err[256];
  cr_expect_not(ms_catalog_load(c, "e.json", "", 0, err, sizeof err));
  cr_expect_str_eq(err, "e.json:1:1: invalid JSON: unexpected end of file");
  cr_expect_not(ms_catalog_load(c, "a.json", "\n [1]", 5, err, sizeof err));
  cr_expect_str_eq(err, "a.json:2:2: a rule file must be a JSON object");
  const char *ok = "{\"version\": 1, \"ops\": []}";
  cr_expect(ms_catalog_load(c, "ok.json", ok, strlen(ok), err, sizeof err));
  cr_expect_eq(ms_catalog_count(c), 0);
  ms_catalog_delete(c);
}

Test(catalog, entries_are_listed_with_descriptions) {
  ms_catalog *c = load_one("chlo");
  ms_catalog_entry_info info;
  int n = ms_catalog_count(c), select = -1, binary = -1;
  cr_assert_gt(n, 2);
  for (int i = 0; i < n; i++) {
    cr_assert(ms_catalog_entry(c, i, &info));
    if (!strcmp(info.match, "chlo.broadcast_*")) binary = i;
    if (!strcmp(info.match, "chlo.broadcast_select")) select = i;
  }
  cr_assert(binary >= 0 && select >= 0);
  cr_assert(ms_catalog_entry(c, binary, &info));
  cr_expect_str_eq(info.file, RULES "chlo.json");
  cr_expect_str_eq(info.rules, "xla|numpy");
  cr_expect(strstr(info.description, "ChloOps") != NULL);
  cr_expect_gt(info.line, 6);
  cr_assert(ms_catalog_entry(c, select, &info));
  cr_expect_str_eq(info.rules, "numpy");
  cr_expect_not(ms_catalog_entry(c, n, &info));
  for (int i = 0; i < n; i++) {
    cr_assert(ms_catalog_entry(c, i, &info));
    if (!strcmp(info.match, "chlo.ragged_dot")) cr_expect_str_eq(info.rules, "algebra: ragged_dot");
  }
  ms_catalog_delete(c);
}

Test(catalog, builtin_rules_are_the_shipped_files) {
  ms_catalog *c = ms_catalog_new();
  char err[512];
  cr_assert(ms_catalog_load_builtin(c, err, sizeof err), "%s", err);
  cr_expect_eq(ms_builtin_rules_count, (int)(sizeof shipped / sizeof *shipped));
  ms_catalog *files = load(shipped, (int)(sizeof shipped / sizeof *shipped));
  cr_expect_eq(ms_catalog_count(c), ms_catalog_count(files));
  ms_rule_binding b;
  cr_expect(bind(c, "tosa.mul", 3, NULL, &b) && b.opts.skip_result_dims);
  cr_expect(bind(c, "onnx.Expand", 2, NULL, &b) && b.rule == MS_RULE_BIDIRECTIONAL);
  ms_catalog_delete(files);
  ms_catalog_delete(c);
}

Test(catalog, family_options) {
  ms_catalog *c = ms_catalog_new();
  char err[512];
  cr_assert(ms_catalog_load_builtin(c, err, sizeof err), "%s", err);
  ms_rule_binding b;
  cr_assert(bind(c, "tfl.prelu", 2, NULL, &b));
  cr_expect_eq(b.rule, MS_RULE_UNIDIRECTIONAL);
  cr_expect_eq(b.opts.rank_difference, 1);
  cr_expect_eq(b.opts.max_broadcast_rank, 4);
  cr_expect_eq(b.nshape_source, 2);
  cr_assert(bind(c, "tfl.select_v2", 3, NULL, &b));
  cr_expect_eq(b.opts.max_broadcast_rank, 5);
  cr_assert(bind(c, "tf.BroadcastTo", 2, NULL, &b));
  cr_expect_eq(b.rule, MS_RULE_UNIDIRECTIONAL);
  cr_expect_eq(b.target_operand, 1);
  cr_assert(bind(c, "torch.aten.add.Tensor", 3, NULL, &b));
  cr_expect_eq(b.rule, MS_RULE_NUMPY);
  cr_expect_eq(b.noperands, 2);
  cr_assert(bind(c, "stablehlo.dynamic_broadcast_in_dim", 2, NULL, &b));
  cr_expect_eq(b.static_operands, 2u);
  cr_expect_eq(b.shape.fn, MS_SHAPE_FN_EXTENTS);
  cr_assert(bind(c, "stablehlo.broadcast", 1, NULL, &b));
  cr_expect_not(b.has_rule);
  cr_expect_eq(b.shape.fn, MS_SHAPE_FN_PREPEND);
  ms_catalog_delete(c);
  /* Loader errors of the new fields. */
  static const char *const bad[][2] = {
    {"{\"version\": 1, \"ops\": [{\"match\": \"a.b\", \"description\": \"d\", \"rule\": \"numpy\", "
     "\"scalar_operands\": [0]}]}", "only read by rule same-or-scalar"},
    {"{\"version\": 1, \"ops\": [{\"match\": \"a.b\", \"description\": \"d\", \"rule\": \"mlir\", "
     "\"constraints\": {\"max_broadcast_rank\": 0}}]}", ""},
    {"{\"version\": 1, \"ops\": [{\"match\": \"a.b\", \"description\": \"d\", \"rule\": \"mlir\", "
     "\"shape_source\": []}]}", "op names"},
    {"{\"version\": 1, \"ops\": [{\"match\": \"a.b\", \"description\": \"d\", \"rule\": \"numpy\", "
     "\"target_shape\": {\"operand\": 1}}]}", "bidirectional and unidirectional"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ms_catalog *x = ms_catalog_new();
    cr_expect_not(ms_catalog_load(x, "x.json", bad[i][0], strlen(bad[i][0]), err, sizeof err), "%s", bad[i][0]);
    cr_expect(strstr(err, bad[i][1]) != NULL, "%s: %s", bad[i][0], err);
    ms_catalog_delete(x);
  }
}

Test(catalog, upstream_entries_carry_syntax_and_options) {
  ms_catalog *c = ms_catalog_new();
  char err[512];
  cr_assert(ms_catalog_load_builtin(c, err, sizeof err), "%s", err);
  ms_rule_binding b;
  /* linalg.broadcast: the pretty `dimensions = [0, 2]` is the added dims. */
  const char *dims[] = {"dimensions", "[0, 2]", NULL};
  cr_assert(bind(c, "linalg.broadcast", 2, dims, &b));
  cr_expect_eq(b.rule, MS_RULE_LINALG_BROADCAST);
  cr_expect(b.ok && b.opts.has_broadcast_dimensions && b.opts.nbroadcast_dimensions == 2);
  cr_expect_eq(b.opts.broadcast_dimensions[1], 2);
  cr_expect_not_null(b.layout);
  cr_expect_eq(b.layout->nalts, 2);
  /* linalg.elementwise: its maps, projections and all. */
  const char *maps[] = {"indexing_maps",
                        "[affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, "
                        "affine_map<(d0, d1) -> (d0, d1)>]",
                        NULL};
  cr_assert(bind(c, "linalg.elementwise", 3, maps, &b));
  cr_expect(b.opts.has_maps && b.opts.nmaps == 3 && b.opts.nloops == 2);
  cr_expect(b.opts.map_rank[0] == 1 && b.opts.maps[0][0] == 1);
  /* A map given through an alias cannot be read: not checked, no error. */
  const char *alias[] = {"indexing_maps", "[#map, #map1, #map1]", NULL};
  cr_assert(bind(c, "linalg.elementwise", 3, alias, &b));
  cr_expect(b.ok && !b.opts.has_maps && b.opts.maps_unreadable);
  cr_assert(bind(c, "linalg.add", 3, NULL, &b));
  cr_expect(b.opts.rank0_operands);
  cr_assert(bind(c, "arith.addi", 2, NULL, &b));
  cr_expect(b.opts.integer_elements && !b.opts.float_elements);
  cr_assert(bind(c, "math.exp", 1, NULL, &b));
  cr_expect(b.opts.float_elements && b.rule == MS_RULE_SAME_TYPE);
  /* arith.select: `: T` or `: C, T`. */
  cr_assert(bind(c, "arith.select", 3, NULL, &b));
  cr_expect_eq(b.rule, MS_RULE_SELECT);
  cr_expect(b.layout && b.layout->nalts == 2 && b.layout->alts[1].nitems == 4);
  cr_expect_not_null(ms_catalog_layout(c, "vector.broadcast", 16));
  /* tosa's pretty ops are declared functional-type (issue 19: a custom op
  ** is read only through a declared syntax); tfl's are not declared. */
  const ms_layout *tosa = ms_catalog_layout(c, "tosa.add", 8);
  cr_expect(tosa && tosa->nalts == 1 && tosa->alts[0].items[1].kind == MS_LAYOUT_FUNCTIONAL);
  cr_expect_null(ms_catalog_layout(c, "tfl.add", 7));
  ms_catalog_delete(c);
}

Test(catalog, syntax_language) {
  ms_layout l;
  char err[200];
  size_t at = 0;
  const char *ok = ": type($0) to type($result) | ins-outs -> type($results) | functional-type";
  cr_assert(ms_layout_parse(&l, ok, strlen(ok), err, sizeof err, &at), "%s", err);
  cr_expect_eq(l.nalts, 3);
  cr_expect_eq(l.alts[0].nitems, 4);
  cr_expect_eq(l.alts[0].items[2].kind, MS_LAYOUT_WORD);
  cr_expect_str_eq(l.alts[0].items[2].word, "to");
  cr_expect(l.alts[1].items[2].list && l.alts[1].items[2].refs[0].kind == MS_LAYOUT_RESULTS);
  const char *multi = ": type($operands, $results)";
  cr_assert(ms_layout_parse(&l, multi, strlen(multi), err, sizeof err, &at));
  cr_expect(!l.alts[0].items[1].list && l.alts[0].items[1].nrefs == 2);
  const char *rest = ": type($1...)";
  cr_assert(ms_layout_parse(&l, rest, strlen(rest), err, sizeof err, &at));
  cr_expect(l.alts[0].items[1].list && l.alts[0].items[1].refs[0].index == 1);
  const char *bad = ": type($0";
  cr_expect_not(ms_layout_parse(&l, bad, strlen(bad), err, sizeof err, &at));
  cr_expect_eq(at, strlen(bad));
  cr_expect(strstr(err, "expected ',' or ')'"), "%s", err);
  const char *big = ": type($64)";
  cr_expect_not(ms_layout_parse(&l, big, strlen(big), err, sizeof err, &at));
  cr_expect_eq(at, 7);
}

/* Issue 21, class 8: entries are located one after the other (linear), and
** each keeps the line its object starts on. */
Test(catalog, entry_lines_of_a_big_file) {
  char path[] = "/tmp/ms-rules.XXXXXX";
  int fd = mkstemp(path);
  cr_assert(fd >= 0);
  FILE *f = fdopen(fd, "w");
  fprintf(f, "{\n  \"version\": 1,\n  \"ops\": [\n");
  for (int i = 0; i < 3000; i++)
    fprintf(f, "    {\"match\": \"hostile.op%d\",\n     \"description\": \"x\", \"rule\": \"numpy\"}%s\n", i,
            i + 1 < 3000 ? "," : "");
  fprintf(f, "  ]\n}\n");
  fclose(f);
  ms_catalog *c = ms_catalog_new();
  char err[512];
  cr_assert(ms_catalog_load_file(c, path, err, sizeof err), "%s", err);
  ms_catalog_entry_info info;
  size_t total = 0;
  while (ms_catalog_entry(c, total, &info)) total++;
  /* The user file's entries come after or before the built-in ones: find
  ** them by name. */
  int seen = 0;
  for (size_t i = 0; i < total; i++) {
    cr_assert(ms_catalog_entry(c, i, &info));
    int k;
    if (sscanf(info.match, "hostile.op%d", &k) != 1) continue;
    cr_assert_eq(info.line, 4 + 2 * k, "entry %d at line %d", k, info.line);
    seen++;
  }
  cr_assert_eq(seen, 3000);
  ms_catalog_delete(c);
  unlink(path);
}

/* "spec_warnings" goes with "algebra", and only it lets "algebra" keep a "shape". */
Test(catalog, spec_warnings_goes_with_algebra) {
  static const char *const texts[] = {
      "{\"version\": 1, \"family\": \"t\", \"description\": \"d\", \"ops\": [{\"match\": \"t.a\", \"description\": "
      "\"d\", \"rule\": \"numpy\", \"constraints\": {\"spec_warnings\": true}}]}",
      "{\"version\": 1, \"family\": \"t\", \"description\": \"d\", \"ops\": [{\"match\": \"t.a\", \"description\": "
      "\"d\", \"algebra\": \"dot\", \"shape\": \"same-as-operand 0\"}]}",
      "{\"version\": 1, \"family\": \"t\", \"description\": \"d\", \"ops\": [{\"match\": \"t.a\", \"description\": "
      "\"d\", \"algebra\": \"dot\", \"shape\": \"same-as-operand 0\", \"constraints\": {\"spec_warnings\": true}}]}",
  };
  const bool loads[] = {false, false, true};
  for (int i = 0; i < 3; i++) {
    ms_catalog *c = ms_catalog_new();
    char err[256] = "";
    cr_expect_eq(ms_catalog_load(c, "t.json", texts[i], strlen(texts[i]), err, sizeof err), loads[i], "%d: %s", i,
                 err);
    if (!loads[i]) cr_expect(strstr(err, "spec_warnings") != NULL, "%d: %s", i, err);
    ms_catalog_delete(c);
  }
}
