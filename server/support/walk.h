/*
** walk.h: depth-first traversal of a tree-sitter subtree without recursion.
**
** MLIR nests without limit (regions in regions, brackets in attributes),
** and a language server must not overflow its stack on a file someone
** generated with 100,000 levels. Every walk over a tree (analyzer.c,
** queries.c) goes through here: a TSTreeCursor keeps the path on the
** heap, and the visitor sees each node on the way down (enter) and, for
** the nodes it descended into, on the way up (leave).
*/
#ifndef MS_WALK_H
#define MS_WALK_H

#include <stdbool.h>
#include <stdint.h>
#include <tree_sitter/api.h>

typedef struct ms_walk_visitor {
  /* Called for root (depth 0) and for every child (named or not) of a node
  ** whose enter returned true, in document order. Returns true to visit the
  ** node's children. */
  bool (*enter)(void *ctx, TSNode node, uint32_t depth);
  /* Called once the children of a node whose enter returned true are done
  ** (also when it has none). May be NULL. */
  void (*leave)(void *ctx, TSNode node, uint32_t depth);
} ms_walk_visitor;

/* Walks root's subtree (root included) with v and ctx. Uses O(depth) heap
** memory (in the cursor) and constant stack. */
void ms_walk(TSNode root, const ms_walk_visitor *v, void *ctx);

#endif
