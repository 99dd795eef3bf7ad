// inferred.js: turns the server's answers (the `mlirShape/inferredShape`
// result or a hover) into the one-line text of a notification plus the full
// markdown for the "Details" view. Kept free of `vscode` so it stays pure.
'use strict';

/**
 * @typedef {object} InferredShape result of `mlirShape/inferredShape`
 * @property {string} [type] inferred result type, e.g. tensor<2x3xi32>
 * @property {string} [rule] name of the rule that inferred it
 * @property {string} [markdown] derivation, as in the hover
 */

/**
 * @param {InferredShape} r
 * @returns {{text: string | undefined, markdown: string | undefined}}
 */
function inferredToText(r) {
  if (!r || typeof r.type !== 'string' || !r.type) return { text: undefined, markdown: undefined };
  const text = r.rule ? `inferred result ${r.type} (rule ${r.rule})` : `inferred result ${r.type}`;
  return { text, markdown: r.markdown || text };
}

/**
 * Plain text of a markdown string, squeezed onto one line: notifications
 * do not render markdown.
 * @param {string} md
 * @returns {string}
 */
function squeeze(md) {
  return md
    .replace(/```[a-z]*\n?/g, '')
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, '') // table separator rows
    .replace(/[`*_|#]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * @param {any} contents LSP Hover.contents: MarkupContent, MarkedString or MarkedString[]
 * @returns {{text: string | undefined, markdown: string | undefined}}
 */
function hoverToText(contents) {
  /** @type {any[]} */
  const parts = Array.isArray(contents) ? contents : [contents];
  const markdown = parts
    .map((p) => (typeof p === 'string' ? p : p && p.language ? '```' + p.language + '\n' + p.value + '\n```' : p && p.value))
    .filter((s) => typeof s === 'string' && s.length > 0)
    .join('\n\n');
  if (!markdown) return { text: undefined, markdown: undefined };
  const plain = squeeze(markdown);
  return { text: plain.length > 300 ? plain.slice(0, 297) + '...' : plain, markdown };
}

module.exports = { inferredToText, hoverToText, squeeze };
