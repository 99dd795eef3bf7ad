/*
** attr.h: parsers of MLIR attribute value text.
**
** The analyzer hands the rule catalog (catalog.h) the raw text of an
** attribute's value as written in the source ("array<i64: 1, 2>",
** "dense<[3, 4]> : tensor<2xi64>", "1 : si64", "\"numpy\""). These pure
** functions turn that text into numbers or strings for the broadcast options
** (broadcast.h), and read a target shape from a constant's `value`. No
** allocation, no I/O. Every function returns false on malformed input and then
** writes a one-line reason to err (when err is not NULL and errlen > 0).
*/
#ifndef MS_ATTR_H
#define MS_ATTR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* An integer: "-1", "2 : i64", "1 : si64", "0x10 : i32", "true"/"false"
** (as 1/0). Floats and non-integer types (": f32") are errors. */
bool ms_attr_parse_int(const char *text, size_t len, int64_t *out, char *err, size_t errlen);

/* A list of integers: "array<i64: 1, 2>", "array<i64>" (empty), "[1, 2]",
** "[]", "dense<[1, 2]> : tensor<2xi64>", "dense<1> : tensor<3xi64>" (a splat,
** repeated to the tensor's element count), "dense<> : tensor<0xi64>",
** "dense<\"0x0100000000000000\"> : tensor<1xi64>" (hex, little endian).
** Writes at most max values to out and their count to *n; more is an error. */
bool ms_attr_parse_int_list(const char *text, size_t len, int64_t *out, int max, int *n,
                            char *err, size_t errlen);

/* A string: "\"numpy\"" (escapes \" \\ \n \t and \XX hex are decoded), an
** enum attribute "#ov<numpy>" or "#chlo<comparison_direction EQ>" (the last
** identifier: "numpy", "EQ"), or a bare identifier "numpy". Writes a NUL
** terminated copy to out; a value that does not fit is an error. */
bool ms_attr_parse_string(const char *text, size_t len, char *out, size_t outlen,
                          char *err, size_t errlen);

/* The target shape held by a constant's value attribute: a dense integer
** elements attribute with its type, e.g. "dense<[3, 4]> : tensor<2xi64>" ->
** {3, 4}; "dense<2> : tensor<3xi64>" -> {2, 2, 2}; the hex form
** "dense<\"0x0300000000000000\"> : tensor<1xi64>" (little endian elements of
** the type's width: i8/i16/i32/i64, signed or not). The type is required; a
** non-integer element type or a negative extent is an error. Writes at most
** max dims and their count to *rank. */
bool ms_attr_parse_dense_shape(const char *text, size_t len, int64_t *dims, int max, int *rank,
                               char *err, size_t errlen);

/* The f32 values of a dense float elements attribute with its type:
** "dense<[5.000000e-01, 2.0]> : tensor<2xf32>", a splat "dense<2.0> :
** tensor<3xf32>" (repeated to the element count), as their IEEE bit
** patterns in out (each read as strtof reads it: MLIR's rounding to f32).
** One-dimensional only; another element type, hex text, a non-finite
** value or more than max values is an error. */
bool ms_attr_parse_f32_list(const char *text, size_t len, uint32_t *out, int max, int *n);

#endif
