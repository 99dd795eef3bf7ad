/*
** test_hlo_modattrs.c: dialect attributes in a module's `attributes
** {...}` (issue 22): records keep a module's attribute entries owned by no
** op; the kinds rules/stablehlo.json and rules/mhlo.json declare
** ("attributes": `#stablehlo.conv`, `#stablehlo.dot`, `#mhlo.conv`,
** `#mhlo.dot`) are read as StableHLO's attribute
** parsers read them (algebra/attr_forms.c) and what those reject is an
** `attribute-syntax` error with the parser's message; well formed,
** unread (`raw`) and undeclared attributes are silent; a malformed
** "attributes" section of a rule file is refused with a located message.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "attr_forms.h"
#include "catalog.h"
#include "helpers.h"
#include "records.h"

TestSuite(hlo_modattrs, .fini = test_catalog_release);

static ms_form_verdict conv(const char *body, char *why, size_t *at) {
  return ms_attr_form_check("conv_dims", NULL, 0, body, strlen(body), at, why, 256);
}

static void conv_rejects(const char *body, const char *msg, size_t want_at) {
  char why[256] = "";
  size_t at = 0;
  cr_expect_eq(conv(body, why, &at), MS_FORM_REJECTED, "accepted: %s", body);
  cr_expect_str_eq(why, msg, "%s", body);
  cr_expect_eq(at, want_at, "%s: at %zu, want %zu", body, at, want_at);
}

Test(hlo_modattrs, conv_dims_as_stablehlo_parses_them) {
  char why[256];
  size_t at;
  cr_expect_eq(conv("[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]", why, &at), MS_FORM_OK);
  cr_expect_eq(conv("[f, 1, b, 0]x[o, 1, 0, i]->[1, f, 0, b]", why, &at), MS_FORM_OK);
  cr_expect_eq(conv(" [b, f]x[i, o]->[b, f] ", why, &at), MS_FORM_OK); /* no spatial dims */
  conv_rejects("[c, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]", "Unexpected dimension c, expecting b, f", 1);
  conv_rejects("[b, 0, 1, f]x[0, 1, b, o]->[b, 0, 1, f]", "Unexpected dimension b, expecting i, o", 20);
  conv_rejects("[b, 0, 1, f]x[0, 1, i, i]->[b, 0, 1, f]", "Unexpected dimension i, expecting o", 23);
  conv_rejects("[b, 0, 1]x[0, 1, i, o]->[b, 0, 1, f]", "Expected dimensions f not specified", 8);
  conv_rejects("[b, 0, 1, f]x[0, 1, i, o, b]->[b, 0, 1, f]", "Unexpected keyword b", 26);
  conv_rejects("[b, 0, 1, f]x[0, 1, io, o]->[b, 0, 1, f]", "Unexpected keyword io", 20);
  conv_rejects("{b, 0, 1, f}x[0, 1, i, o]->[b, 0, 1, f]", "expected '['", 0);
  conv_rejects("", "expected '['", 0); /* `#stablehlo.conv<>` */
  conv_rejects("[b, f, 1]x[o, 0, 1, i]->[f, b, 0, 1]", "Expected spatial dimensions 0 not specified", 9);
  conv_rejects("[b, f, 1, 0, 1]x[o, 0, 1, i]->[f, b, 0, 1]", "Duplicate entries for spatial dimension 1", 13);
  conv_rejects("[b, f, 1, -2]x[o, 0, 1, i]->[f, b, 0, 1]", "Unexpected dimension -2", 10);
  conv_rejects("[b, f, 3, 5]x[o, 0, 1, i]->[f, b, 0, 1]", "Expected spatial dimensions 0, 1, 2, 4 not specified", 12);
  /* The output side is read too. */
  conv_rejects("[b, 0, f]x[0, i, o]->[b, 0]", "Expected dimensions f not specified", 26);
}

Test(hlo_modattrs, conv_dims_unread_is_silent) {
  char why[256];
  size_t at;
  const char *unread[] = {
      "raw input_batch_dimension = 0, input_feature_dimension = 3",
      "[b, 0, 1, f]",                                   /* no kernel: the parser's own "expected 'x'" */
      "[b, 0, 1, f]y[0, 1, i, o]->[b, 0, 1, f]",
      "[b, 0, 1, f]x[0, 1, i, o][b, 0, 1, f]",
      "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] extra",
      "[b, 99999999999999999999, f]x[i, o]->[b, f]",    /* too large to read */
      "[b, 70, f]x[i, o]->[b, f]",                      /* beyond the spatial dims read */
      "[b, \"0\", f]x[i, o]->[b, f]",
      "[b, 0, 1, f",
  };
  for (size_t i = 0; i < sizeof unread / sizeof *unread; i++)
    cr_expect_eq(conv(unread[i], why, &at), MS_FORM_UNREAD, "judged: %s (%s)", unread[i], why);
}

static const char *const dot_keys[] = {"lhs_batching_dimensions", "rhs_batching_dimensions",
                                       "lhs_contracting_dimensions", "rhs_contracting_dimensions"};

static ms_form_verdict dot(const char *body, char *why, size_t *at) {
  return ms_attr_form_check("struct", dot_keys, 4, body, strlen(body), at, why, 512);
}

Test(hlo_modattrs, struct_keys_as_parse_struct_reads_them) {
  char why[512];
  size_t at;
  cr_expect_eq(dot("", why, &at), MS_FORM_OK);
  cr_expect_eq(dot("lhs_batching_dimensions = [0], rhs_contracting_dimensions = [1, 2]", why, &at), MS_FORM_OK);
  cr_expect_eq(dot("\n  rhs_batching_dimensions = [1],\n  // a comment\n  lhs_batching_dimensions = [0],\n", why, &at),
               MS_FORM_OK);
  cr_expect_eq(dot("foo = [0]", why, &at), MS_FORM_REJECTED);
  cr_expect_str_eq(why, "expected one of: `lhs_batching_dimensions`, `rhs_batching_dimensions`, "
                        "`lhs_contracting_dimensions`, `rhs_contracting_dimensions`");
  cr_expect_eq(at, 0);
  cr_expect_eq(dot("rhs_batching_dimensions = [1], rhs_batching_dimensions = [3]", why, &at), MS_FORM_REJECTED);
  cr_expect_str_eq(why, "duplicated `rhs_batching_dimensions` entry");
  cr_expect_eq(at, 55);
  /* A missing comma: at the next key on its line, else at the end of the value before. */
  cr_expect_eq(dot("lhs_batching_dimensions = [1] rhs_batching_dimensions = [3]", why, &at), MS_FORM_REJECTED);
  cr_expect_str_eq(why, "expected '>'");
  cr_expect_eq(at, 30);
  cr_expect_eq(dot("lhs_batching_dimensions = [1]\n rhs_batching_dimensions = [3]", why, &at), MS_FORM_REJECTED);
  cr_expect_eq(at, 28);
  /* Values other than a bracketed list are not read. */
  cr_expect_eq(dot("lhs_batching_dimensions = 1 x", why, &at), MS_FORM_UNREAD);
  cr_expect_eq(dot("lhs_batching_dimensions = [1", why, &at), MS_FORM_UNREAD);
  cr_expect_eq(dot("lhs_batching_dimensions [1]", why, &at), MS_FORM_UNREAD);
  cr_expect_eq(ms_attr_form_check("struct", NULL, 0, "a = [1]", 7, &at, why, sizeof why), MS_FORM_UNREAD);
  cr_expect_eq(ms_attr_form_check("other", dot_keys, 4, "a = [1]", 7, &at, why, sizeof why), MS_FORM_UNREAD);
}

/* Records: a module's attribute entries join the pool owned by no op. */
Test(hlo_modattrs, records_keep_module_attributes) {
  const char *text =
      "module attributes {a.b = 1 : i32, stablehlo.conv = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} {\n"
      "  func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
      "    %0 = \"x.op\"(%x) {k = 2} : (tensor<2xf32>) -> tensor<2xf32>\n"
      "    return %0 : tensor<2xf32>\n"
      "  }\n"
      "}\n";
  TSTree *tree = test_parse(text);
  ms_records rec;
  ms_records_init(&rec);
  ms_records_build(&rec, ts_tree_root_node(tree), text, 0, UINT32_MAX);
  cr_assert_eq(rec.nattrs, 3);
  size_t owned = 0;
  for (size_t i = 0; i < rec.nops; i++) owned += rec.ops[i].nattrs;
  cr_expect_eq(owned, 1);
  ms_span k = rec.attrs[1].key, v = rec.attrs[1].value;
  cr_expect(!strncmp(text + k.start, "stablehlo.conv", k.end - k.start));
  cr_expect(!strncmp(text + v.start, "#stablehlo.conv<[b", 18));
  cr_expect_eq(text[v.end - 1], '>');
  ms_records_clear(&rec);
  ts_tree_delete(tree);
}

/* End to end with the builtin catalog: the corpus's rejected attributes
** are errors on their line; accepted ones, `raw`, undeclared kinds and the
** same attributes on an op (not judged here) are silent. */
Test(hlo_modattrs, module_attributes_judged_by_declared_kinds) {
  test_expect_codes("module attributes {\n"
                    "  stablehlo.conv = #stablehlo.conv<[b, 0, 1]x[0, 1, i, o]->[b, 0, 1, f]>\n"
                    "} {}\n",
                    "attribute-syntax@2");
  test_expect_codes("module attributes {\n"
                    "  stablehlo.dot = #stablehlo.dot<\n"
                    "      rhs_batching_dimensions = [1],\n"
                    "      foo = [0]\n"
                    "  >} {}\n",
                    "attribute-syntax@4");
  test_expect_codes("module @m attributes {x = #stablehlo.conv<[b, f, 1, 0, 1]x[o, 0, 1, i]->[f, b, 0, 1]>, "
                    "y = #stablehlo.dot<foo = [0]>} {}\n",
                    "attribute-syntax@1 attribute-syntax@1");
  test_expect_codes("module attributes {\n"
                    "  a = #stablehlo.conv<[b, 1, 0, f]x[0, 1, i, o]->[b, 0, 1, f]>,\n"
                    "  b = #stablehlo.conv<raw input_batch_dimension = 0>,\n"
                    "  c = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0],>,\n"
                    "  d = #other.conv<[c]>, e = #stablehlo.gather<foo = [0]>, f = \"#stablehlo.conv<[c]>\"\n"
                    "} {}\n",
                    "");
  /* The module's attributes only: an op's attribute of the kind is read by its rule. */
  test_expect_codes("func.func @f() {\n"
                    "  \"x.op\"() {d = #stablehlo.conv<[c, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} : () -> ()\n"
                    "  return\n"
                    "}\n",
                    "");
}

/* rules/mhlo.json declares MHLO's spellings: MHLO's parsers give the same
** messages (mlir-hlo tests/Dialect/mhlo/verifier_conv_op.mlir, ops.mlir);
** MHLO's `?` (an unknown conv dim) is not read: silent. */
Test(hlo_modattrs, mhlo_spellings_judged_as_stablehlo) {
  test_expect_codes("module attributes {\n"
                    "  mhlo.conv = #mhlo.conv<[b, f, 1, 0, 1]x[o, 0, 1, i]->[f, b, 0, 1]>,\n"
                    "  mhlo.dot = #mhlo.dot<rhs_batching_dimensions = [1], rhs_batching_dimensions = [3]>\n"
                    "} {}\n",
                    "attribute-syntax@2 attribute-syntax@3");
  test_expect_codes("module attributes {\n"
                    "  a = #mhlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,\n"
                    "  b = #mhlo.conv<[b, ?, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,\n"
                    "  c = #mhlo.conv<raw input_batch_dimension = 0>,\n"
                    "  d = #mhlo.dot<lhs_batching_dimensions = [0], rhs_contracting_dimensions = [1],>\n"
                    "} {}\n",
                    "");
}

static void refused(const char *attributes, const char *want) {
  char json[1024];
  snprintf(json, sizeof json,
           "{\"version\": 1, \"attributes\": %s, \"ops\": [{\"match\": \"x.r\", \"description\": \"d\", \"rule\": "
           "\"numpy\"}]}",
           attributes);
  test_expect_catalog_refused(json, want);
}

Test(hlo_modattrs, malformed_attribute_kinds_are_refused) {
  refused("{}", "must be an array");
  refused("[1]", "must be an object");
  refused("[{\"form\": \"conv_dims\"}]", "missing field \"match\"");
  refused("[{\"match\": \"stablehlo.conv\", \"form\": \"conv_dims\"}]", "`#dialect.name`");
  refused("[{\"match\": \"#d.c<\", \"form\": \"conv_dims\"}]", "`#dialect.name`");
  refused("[{\"match\": \"#d.c\"}]", "missing field \"form\"");
  refused("[{\"match\": \"#d.c\", \"form\": \"nope\"}]", "unknown form \"nope\"");
  refused("[{\"match\": \"#d.c\", \"form\": \"struct\"}]", "\"keys\"");
  refused("[{\"match\": \"#d.c\", \"form\": \"conv_dims\", \"keys\": [\"a\"]}]", "\"keys\"");
  refused("[{\"match\": \"#d.c\", \"form\": \"struct\", \"keys\": []}]", "non-empty array");
  refused("[{\"match\": \"#d.c\", \"form\": \"struct\", \"keys\": [\"\"]}]", "non-empty string");
  refused("[{\"match\": \"#d.c\", \"form\": \"struct\", \"keys\": [\"a\"], \"extra\": 1}]", "extra");
  /* A good one loads and is found by name; the last file wins. */
  const char *good = "{\"version\": 1, \"attributes\": [{\"match\": \"#d.c\", \"form\": \"struct\", \"keys\": [\"a\", "
                     "\"b\"]}], \"ops\": []}";
  ms_catalog *cat = ms_catalog_new();
  char err[256];
  cr_assert(ms_catalog_load(cat, "good.json", good, strlen(good), err, sizeof err), "%s", err);
  ms_attr_kind_view v;
  cr_expect(ms_catalog_attr_kind(cat, "#d.c", 4, &v));
  cr_expect_str_eq(v.form, "struct");
  cr_expect_eq(v.nkeys, 2);
  cr_expect_str_eq(v.keys[1], "b");
  cr_expect(!ms_catalog_attr_kind(cat, "#d.co", 5, &v));
  cr_expect(!ms_catalog_attr_kind(cat, "#d", 2, &v));
  ms_catalog_delete(cat);
}
