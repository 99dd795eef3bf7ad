/*
** cmd_broadcast.c: `mlir-shape broadcast`, the shape calculator.
**
** A thin command line over ms_broadcast_check (broadcast.h): it parses the
** shapes and options, prints the inferred shape on stdout, and the findings
** on stderr. `--batch` runs one case per stdin line in one process, so the
** differential tests (tests/diff/) can check thousands of cases quickly.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "broadcast.h"
#include "commands.h"

static const char usage[] =
  "usage: mlir-shape broadcast [OPTIONS] SHAPE...\n"
  "\n"
  "Computes the broadcast of the operand shapes under a rule, prints the result\n"
  "shape on stdout and exits 0; or prints why it fails on stderr and exits 1.\n"
  "Warnings and hints go to stderr and do not change the exit status.\n"
  "\n"
  "shapes: 2x?x3, 5, [4]x8 (scalable), scalar (rank 0), * (unranked), or a type\n"
  "        such as tensor<2x3xf32>, tensor<*xf32>, vector<4x[8]xf32>\n"
  "\n"
  "options:\n"
  "  --rule=R                      mlir (default), numpy, pdpd, bidirectional, xla,\n"
  "                                xla-in-dim, none, unidirectional,\n"
  "                                same-or-scalar\n"
  "  --result=SHAPE                also verify a declared result (for mlir: the\n"
  "                                Broadcastable trait's Verify)\n"
  "  --strict                      mlir: the trait document's rules instead of\n"
  "                                mlir-opt-22's (upstream) verdicts\n"
  "  --axis=N                      pdpd: start axis of B in A (default -1)\n"
  "  --broadcast-dimensions=A,B,.. xla, xla-in-dim: broadcast_dimensions\n"
  "  --tensor-only                 vectors are errors (like test.broadcastable)\n"
  "  --equal-ranks                 operands and result must share one rank\n"
  "  --batch                       read one case per stdin line (shapes and\n"
  "                                options, whitespace-separated, added to the\n"
  "                                command line's options); print one line per\n"
  "                                case: the result shape, 'error: MESSAGE' (first\n"
  "                                error) or 'invalid: REASON'. Exit 0 when all\n"
  "                                cases succeed, 1 if one failed, 2 if invalid.\n"
  "  -h, --help                    show this help\n"
  "\n"
  "operand order: bidirectional INPUT TARGET; unidirectional X B; pdpd A B;\n"
  "xla-in-dim OPERAND [RESULT] (or --result).\n"
  "exit status: 0 success, 1 not broadcastable, 2 usage error.\n";

/* One calculator case: the options and the shapes. */
typedef struct bcase {
  ms_rule rule;
  ms_broadcast_options opts;
  bool batch;
  bool help;
  bool has_result;
  ms_shape result;
  int nshapes;
  ms_shape shapes[MS_MAX_OPERANDS + 1];
} bcase;

static bool opt_value(const char *arg, const char *name, const char **value) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n) || arg[n] != '=') return false;
  *value = arg + n + 1;
  return true;
}

static bool parse_int(const char *s, int64_t *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (end == s || *end || errno) return false;
  *out = v;
  return true;
}

static bool parse_dims_list(const char *s, ms_broadcast_options *o, char *err, size_t errlen) {
  o->has_broadcast_dimensions = true;
  o->nbroadcast_dimensions = 0;
  while (*s) {
    char item[32];
    size_t n = strcspn(s, ",");
    if (n == 0 || n >= sizeof item || o->nbroadcast_dimensions >= MS_MAX_RANK) {
      snprintf(err, errlen, "bad --broadcast-dimensions list");
      return false;
    }
    memcpy(item, s, n);
    item[n] = '\0';
    if (!parse_int(item, &o->broadcast_dimensions[o->nbroadcast_dimensions++])) {
      snprintf(err, errlen, "bad --broadcast-dimensions entry '%s'", item);
      return false;
    }
    s += n;
    if (*s == ',') s++;
  }
  return true;
}

static bool parse_shape_arg(ms_shape *s, const char *arg, char *err, size_t errlen) {
  char why[200];
  if (ms_shape_parse(s, arg, strlen(arg), why, sizeof why)) return true;
  snprintf(err, errlen, "cannot parse shape '%.60s': %.150s", arg, why);
  return false;
}

/* Parses one argument into the case; false with a reason in err. */
static bool parse_arg(bcase *bc, const char *arg, char *err, size_t errlen) {
  const char *v;
  if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
    bc->help = true;
  } else if (!strcmp(arg, "--strict")) {
    bc->opts.strict = true;
  } else if (!strcmp(arg, "--batch")) {
    bc->batch = true;
  } else if (!strcmp(arg, "--tensor-only")) {
    bc->opts.tensor_only = true;
  } else if (!strcmp(arg, "--equal-ranks")) {
    bc->opts.equal_ranks = true;
  } else if (opt_value(arg, "--rule", &v)) {
    if (!ms_rule_from_name(v, strlen(v), &bc->rule)) {
      snprintf(err, errlen, "unknown rule '%.40s' (try --help)", v);
      return false;
    }
  } else if (opt_value(arg, "--axis", &v)) {
    bc->opts.has_axis = true;
    if (!parse_int(v, &bc->opts.axis)) {
      snprintf(err, errlen, "bad --axis '%.40s'", v);
      return false;
    }
  } else if (opt_value(arg, "--broadcast-dimensions", &v)) {
    return parse_dims_list(v, &bc->opts, err, errlen);
  } else if (opt_value(arg, "--result", &v)) {
    bc->has_result = true;
    return parse_shape_arg(&bc->result, v, err, errlen);
  } else if (arg[0] == '-' && arg[1] == '-') {
    snprintf(err, errlen, "unknown option '%.40s' (try --help)", arg);
    return false;
  } else {
    if (bc->nshapes > MS_MAX_OPERANDS) {
      snprintf(err, errlen, "too many shapes (at most %d)", MS_MAX_OPERANDS + 1);
      return false;
    }
    return parse_shape_arg(&bc->shapes[bc->nshapes++], arg, err, errlen);
  }
  return true;
}

/* xla-in-dim takes its result as the second shape when --result is absent. */
static bool finish_case(bcase *bc, char *err, size_t errlen) {
  if (bc->rule == MS_RULE_XLA_IN_DIM && !bc->has_result && bc->nshapes == 2) {
    bc->result = bc->shapes[--bc->nshapes];
    bc->has_result = true;
  }
  if (bc->nshapes == 0) {
    snprintf(err, errlen, "no shapes given (try --help)");
    return false;
  }
  if (bc->nshapes > MS_MAX_OPERANDS) {
    snprintf(err, errlen, "too many shapes (at most %d)", MS_MAX_OPERANDS);
    return false;
  }
  return true;
}

static bool uses_types(const bcase *bc) {
  for (int i = 0; i < bc->nshapes; i++)
    if (bc->shapes[i].kind != MS_TYPE_NONE) return true;
  return bc->has_result && bc->result.kind != MS_TYPE_NONE;
}

static void format_result(const bcase *bc, const ms_broadcast_result *r, char *buf, size_t n) {
  ms_shape s = r->inferred;
  if (uses_types(bc) && s.kind == MS_TYPE_NONE) {
    /* Operands were types but only the result carried the kind. */
    s.kind = bc->has_result ? bc->result.kind : MS_TYPE_TENSOR;
    memcpy(s.elem, bc->result.elem, sizeof s.elem);
  }
  if (uses_types(bc))
    ms_shape_format_type(&s, buf, n);
  else
    ms_shape_format(&s, buf, n);
}

static bool run(const bcase *bc, ms_broadcast_result *r) {
  return ms_broadcast_check(bc->rule, &bc->opts, bc->shapes, bc->nshapes, NULL,
                            bc->has_result ? &bc->result : NULL, bc->has_result ? 1 : 0, NULL, r);
}

static const char *severity_word(ms_severity s) {
  switch (s) {
  case MS_SEVERITY_ERROR: return "error";
  case MS_SEVERITY_WARNING: return "warning";
  case MS_SEVERITY_INFORMATION: return "note";
  default: return "hint";
  }
}

static int run_single(const bcase *bc) {
  static ms_broadcast_result r;
  bool ok = run(bc, &r);
  for (int i = 0; i < r.nfindings; i++)
    fprintf(stderr, "%s: %s [%s]\n", severity_word(r.findings[i].severity),
            r.findings[i].message, r.findings[i].code);
  if (!ok) return 1;
  char buf[512];
  format_result(bc, &r, buf, sizeof buf);
  printf("%s\n", buf);
  return 0;
}

/* Splits a line in place on whitespace; returns the token count. */
static int split(char *line, char **tok, int max) {
  int n = 0;
  for (char *p = strtok(line, " \t\r\n"); p && n < max; p = strtok(NULL, " \t\r\n")) tok[n++] = p;
  return n;
}

static int run_batch(const bcase *base) {
  static ms_broadcast_result r;
  char line[4096];
  int status = 0;
  while (fgets(line, sizeof line, stdin)) {
    size_t n_read = strlen(line);
    if (n_read == sizeof line - 1 && line[n_read - 1] != '\n') {
      /* A line too long for one case: refuse it whole, not as pieces. */
      int ch;
      while ((ch = getchar()) != EOF && ch != '\n') {}
      printf("invalid: line longer than %zu bytes\n", sizeof line - 2);
      status = 2;
      continue;
    }
    bcase bc = *base;
    bc.batch = false;
    char err[256] = "";
    char *tok[64];
    int n = split(line, tok, 64);
    bool valid = true;
    for (int i = 0; i < n && valid; i++) valid = parse_arg(&bc, tok[i], err, sizeof err);
    if (valid) valid = finish_case(&bc, err, sizeof err);
    if (!valid) {
      printf("invalid: %s\n", err);
      status = 2;
      continue;
    }
    if (run(&bc, &r)) {
      char buf[512];
      format_result(&bc, &r, buf, sizeof buf);
      printf("%s\n", buf);
      continue;
    }
    const char *msg = "not broadcastable";
    for (int i = 0; i < r.nfindings; i++)
      if (r.findings[i].severity == MS_SEVERITY_ERROR) {
        msg = r.findings[i].message;
        break;
      }
    printf("error: %s\n", msg);
    if (status == 0) status = 1;
  }
  fflush(stdout);
  return status;
}

int ms_cmd_broadcast(int argc, char **argv) {
  static bcase bc;
  memset(&bc, 0, sizeof bc);
  bc.rule = MS_RULE_MLIR;
  char err[256];
  for (int i = 1; i < argc; i++) {
    if (!parse_arg(&bc, argv[i], err, sizeof err)) {
      fprintf(stderr, "mlir-shape broadcast: %s\n", err);
      return 2;
    }
  }
  if (bc.help) {
    fputs(usage, stdout);
    return 0;
  }
  if (bc.batch) return run_batch(&bc);
  if (!finish_case(&bc, err, sizeof err)) {
    fprintf(stderr, "mlir-shape broadcast: %s\n", err);
    return 2;
  }
  return run_single(&bc);
}

/* ------------------------------------------------------------------ */
/* The calculator as JSON (the language server's mlir-shape.broadcast)  */

static bool json_arg(bcase *bc, const char *arg, char *err, size_t errlen) {
  return parse_arg(bc, arg, err, errlen);
}

/* {shapes, rule, result, strict, axis, broadcastDimensions, tensorOnly,
** equalRanks} into the case, through the command line's parser. */
static bool json_case(bcase *bc, const cJSON *o, char *err, size_t errlen) {
  char buf[512];
  const cJSON *v;
  if (cJSON_IsArray(o)) { /* command-line words */
    cJSON_ArrayForEach(v, o) {
      if (!cJSON_IsString(v)) {
        snprintf(err, errlen, "arguments must be strings");
        return false;
      }
      if (!json_arg(bc, v->valuestring, err, errlen)) return false;
    }
    return true;
  }
  if (!cJSON_IsObject(o)) {
    snprintf(err, errlen, "expected an object {shapes, rule, ...} or an array of command-line words");
    return false;
  }
  const cJSON *rule = cJSON_GetObjectItemCaseSensitive(o, "rule");
  if (cJSON_IsString(rule)) {
    snprintf(buf, sizeof buf, "--rule=%.400s", rule->valuestring);
    if (!json_arg(bc, buf, err, errlen)) return false;
  }
  const cJSON *result = cJSON_GetObjectItemCaseSensitive(o, "result");
  if (cJSON_IsString(result)) {
    snprintf(buf, sizeof buf, "--result=%.400s", result->valuestring);
    if (!json_arg(bc, buf, err, errlen)) return false;
  }
  const cJSON *axis = cJSON_GetObjectItemCaseSensitive(o, "axis");
  if (cJSON_IsNumber(axis)) {
    snprintf(buf, sizeof buf, "--axis=%lld", (long long)axis->valuedouble);
    if (!json_arg(bc, buf, err, errlen)) return false;
  }
  const cJSON *bd = cJSON_GetObjectItemCaseSensitive(o, "broadcastDimensions");
  if (cJSON_IsArray(bd)) {
    int n = snprintf(buf, sizeof buf, "--broadcast-dimensions=");
    int k = 0;
    cJSON_ArrayForEach(v, bd) if (cJSON_IsNumber(v) && n < (int)sizeof buf - 24)
      n += snprintf(buf + n, sizeof buf - (size_t)n, "%s%lld", k++ ? "," : "", (long long)v->valuedouble);
    if (!json_arg(bc, buf, err, errlen)) return false;
  }
  if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "strict"))) bc->opts.strict = true;
  if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "tensorOnly"))) bc->opts.tensor_only = true;
  if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "equalRanks"))) bc->opts.equal_ranks = true;
  const cJSON *shapes = cJSON_GetObjectItemCaseSensitive(o, "shapes");
  if (!cJSON_IsArray(shapes)) {
    snprintf(err, errlen, "\"shapes\" must be an array of shapes (\"2x?x3\", \"tensor<4xf32>\")");
    return false;
  }
  cJSON_ArrayForEach(v, shapes) {
    if (!cJSON_IsString(v) || v->valuestring[0] == '-') {
      snprintf(err, errlen, "every shape must be a string such as \"2x3\"");
      return false;
    }
    if (!json_arg(bc, v->valuestring, err, errlen)) return false;
  }
  return true;
}

cJSON *ms_broadcast_json(const cJSON *args, char *err, size_t errlen) {
  static bcase bc;
  memset(&bc, 0, sizeof bc);
  bc.rule = MS_RULE_MLIR;
  if (!json_case(&bc, args, err, errlen) || !finish_case(&bc, err, errlen)) return NULL;
  if (bc.batch || bc.help) {
    snprintf(err, errlen, "--batch and --help are not for the JSON calculator");
    return NULL;
  }
  static ms_broadcast_result r;
  bool ok = run(&bc, &r);
  cJSON *out = cJSON_CreateObject();
  cJSON_AddBoolToObject(out, "ok", ok);
  cJSON_AddStringToObject(out, "rule", ms_rule_name(bc.rule));
  if (ok) {
    char buf[512];
    format_result(&bc, &r, buf, sizeof buf);
    cJSON_AddStringToObject(out, "shape", buf);
  } else {
    cJSON_AddNullToObject(out, "shape");
  }
  cJSON *findings = cJSON_AddArrayToObject(out, "findings");
  for (int i = 0; i < r.nfindings; i++) {
    cJSON *f = cJSON_CreateObject();
    cJSON_AddStringToObject(f, "severity", severity_word(r.findings[i].severity));
    cJSON_AddStringToObject(f, "code", r.findings[i].code);
    cJSON_AddStringToObject(f, "message", r.findings[i].message);
    cJSON_AddItemToArray(findings, f);
  }
  return out;
}
