/*
** walk.c: depth-first traversal with a cursor (see walk.h).
**
** The loop holds one invariant: the cursor sits on a node whose enter has
** been called; `descend` says whether its children are still to visit.
*/
#include "walk.h"

#include <assert.h>

void ms_walk(TSNode root, const ms_walk_visitor *v, void *ctx) {
  assert(v && v->enter);
  TSTreeCursor c = ts_tree_cursor_new(root);
  uint32_t depth = 0;
  bool descend = v->enter(ctx, root, 0);
  for (;;) {
    if (descend && ts_tree_cursor_goto_first_child(&c)) {
      depth++;
      descend = v->enter(ctx, ts_tree_cursor_current_node(&c), depth);
      continue;
    }
    /* The current node is done: a leaf of the walk, or entered and empty. */
    if (descend && v->leave) v->leave(ctx, ts_tree_cursor_current_node(&c), depth);
    /* Next sibling, else climb, leaving each parent (all were entered with
    ** descend, or the walk would not be below them). */
    for (;;) {
      if (depth == 0) {
        ts_tree_cursor_delete(&c);
        return;
      }
      if (ts_tree_cursor_goto_next_sibling(&c)) {
        descend = v->enter(ctx, ts_tree_cursor_current_node(&c), depth);
        break;
      }
      ts_tree_cursor_goto_parent(&c);
      depth--;
      if (v->leave) v->leave(ctx, ts_tree_cursor_current_node(&c), depth);
    }
  }
}
