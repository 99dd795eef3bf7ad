//! The MLIR grammar of mlir-shape for [tree-sitter](https://tree-sitter.github.io/).
//!
//! ```
//! let mut parser = tree_sitter::Parser::new();
//! parser.set_language(tree_sitter_mlir_shape::language()).expect("ABI 14");
//! let tree = parser.parse("%0 = arith.addf %a, %b : f32\n", None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```

use tree_sitter::Language;

extern "C" {
    fn tree_sitter_mlir() -> Language;
}

/// The tree-sitter [`Language`] for MLIR.
pub fn language() -> Language {
    unsafe { tree_sitter_mlir() }
}

/// The content of the [`node-types.json`][] file for this grammar.
///
/// [`node-types.json`]: https://tree-sitter.github.io/tree-sitter/using-parsers#static-node-types
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");

/// The syntax highlighting query.
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../queries/highlights.scm");
/// The local-variable query (SSA values and block labels).
pub const LOCALS_QUERY: &str = include_str!("../../queries/locals.scm");
/// The language injection query.
pub const INJECTIONS_QUERY: &str = include_str!("../../queries/injections.scm");
/// The folding query.
pub const FOLDS_QUERY: &str = include_str!("../../queries/folds.scm");
/// The text-object query (Neovim and Helix names).
pub const TEXTOBJECTS_QUERY: &str = include_str!("../../queries/textobjects.scm");

#[cfg(test)]
mod tests {
    #[test]
    fn test_can_load_grammar() {
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(super::language()).expect("Error loading MLIR parser");
    }

    #[test]
    fn test_queries_compile() {
        for q in [
            super::HIGHLIGHTS_QUERY,
            super::LOCALS_QUERY,
            super::INJECTIONS_QUERY,
            super::FOLDS_QUERY,
            super::TEXTOBJECTS_QUERY,
        ] {
            tree_sitter::Query::new(super::language(), q).expect("query compiles");
        }
    }
}
