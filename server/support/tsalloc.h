/*
** tsalloc.h: a per-thread allocator for tree-sitter in `check`.
**
** Parsing a piece allocates a node for every token and rule, and deleting
** its tree frees them all again: with glibc's malloc a tenth of `check`'s
** time went into malloc, free and their consolidation. This allocator keeps
** one free list per size class (8-byte steps up to 512 bytes) per thread,
** carved from 256 KB slabs; larger blocks go to malloc. Every block starts
** with an 8-byte header holding its class.
**
** The contract that makes it safe: a tree-sitter object is freed by the
** thread that allocated it (check's workers parse, analyse and delete their
** trees themselves; each worker owns its parser), and a thread calls
** ms_tsalloc_thread_end only after freeing everything it allocated. The
** language server does not install it (its trees move between threads).
** Built with a sanitizer, install does nothing, so ASan and TSan still see
** every allocation.
*/
#ifndef MS_TSALLOC_H
#define MS_TSALLOC_H

#include <stdbool.h>

/* Makes tree-sitter allocate through this allocator. Call before the
** process makes any tree-sitter object; never undone. */
void ms_tsalloc_install(void);

/* Returns the calling thread's slabs to malloc. */
void ms_tsalloc_thread_end(void);

/* An arena: everything tree-sitter allocates on this thread from
** ms_tsalloc_arena_begin to ms_tsalloc_arena_end is freed at the end at
** once, however it is linked, instead of node by node (ts_tree_delete walks
** every node of a tree: a twentieth of check's time). The caller must not
** use any tree-sitter object made inside the arena after its end, nor free
** inside it one made before (check makes a parser per piece inside). Not
** nested. Returns false, and starts nothing, when the allocator is not
** installed (sanitizer builds): then free as usual. */
bool ms_tsalloc_arena_begin(void);
void ms_tsalloc_arena_end(void);

#endif
