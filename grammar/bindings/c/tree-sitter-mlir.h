#ifndef TREE_SITTER_MLIR_H_
#define TREE_SITTER_MLIR_H_

typedef struct TSLanguage TSLanguage;

#ifdef __cplusplus
extern "C" {
#endif

/* The MLIR language, for ts_parser_set_language (parser ABI 14). */
const TSLanguage *tree_sitter_mlir(void);

#ifdef __cplusplus
}
#endif

#endif /* TREE_SITTER_MLIR_H_ */
