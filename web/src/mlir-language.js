// mlir-language.js: MLIR highlighting for CodeMirror 6, a stream
// tokenizer after the token classes of grammar/queries/highlights.scm:
// comments, value ids (%x), block labels (^bb0), symbols (@f), attribute
// aliases (#map) and dialect attributes, types (tensor<...>, !dialect.t<...>,
// f32, i8, index), op names (generic "tf.Mul" and pretty arith.addf),
// strings, numbers and the arrow/colon/equals punctuation.
import { StreamLanguage, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

const BUILTIN_TYPE = /^(?:[su]?i\d+|f(?:16|32|64|80|128)|bf16|tf32|f8E\w+|f4E\w+|f6E\w+|index|none)\b/;
const SHAPED = /^(?:tensor|vector|memref|complex|tuple)</;
const ID = /^[A-Za-z_$.\-0-9]+/;

// Consumes a balanced <...> run starting at '<' (types and attributes
// nest: tensor<4x!quant.uniform<i8:f32, 0.1>>).
function skipAngles(stream) {
  let depth = 0;
  while (!stream.eol()) {
    const c = stream.next();
    if (c === '<') depth++;
    else if (c === '>' && stream.string[stream.pos - 2] !== '-' && --depth === 0) return;
    else if (c === '"') stream.skipTo('"') && stream.next();
  }
}

const mlir = {
  name: 'mlir',
  startState: () => ({}),
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^%[A-Za-z_$.\-0-9]+(?:#\d+)?/) || stream.match(/^%"[^"]*"/)) return 'variableName';
    if (stream.match(/^\^[A-Za-z_$.\-0-9]+/)) return 'labelName';
    if (stream.match(/^@[A-Za-z_$.\-0-9]+/) || stream.match(/^@"[^"]*"/)) return 'variableName.special';
    if (stream.match(/^#[A-Za-z_$.\-0-9]+/)) {
      if (stream.peek() === '<') skipAngles(stream);
      return 'meta';
    }
    if (stream.match(/^![A-Za-z_$.\-0-9]+/)) {
      if (stream.peek() === '<') skipAngles(stream);
      return 'typeName';
    }
    if (stream.match(SHAPED, false)) {
      stream.match(/^[a-z]+/);
      skipAngles(stream);
      return 'typeName';
    }
    if (stream.match(BUILTIN_TYPE)) return 'typeName';
    if (stream.peek() === '"') {
      stream.next();
      while (!stream.eol()) {
        const c = stream.next();
        if (c === '\\') stream.next();
        else if (c === '"') break;
      }
      // A string followed by '(' is a generic op's name.
      return /^\s*\(/.test(stream.string.slice(stream.pos)) ? 'keyword' : 'string';
    }
    if (stream.match(/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/) || stream.match(/^0x[0-9a-fA-F]+/)) return 'number';
    if (stream.match(/^(?:true|false|dense|array|affine_map|loc|unit)\b/)) return 'atom';
    if (stream.match(/^[a-z_][A-Za-z_0-9]*\.[A-Za-z_0-9.]+/)) return 'keyword';
    if (stream.match(/^(?:return|module|func)\b/)) return 'keyword';
    if (stream.match('->') || stream.match(/^[=:]/)) return 'operator';
    if (stream.match(ID)) return null;
    stream.next();
    return 'punctuation';
  },
};

export const mlirLanguage = StreamLanguage.define(mlir);

// Colours for the token classes above (GitHub's light palette).
export const mlirHighlighting = syntaxHighlighting(
  HighlightStyle.define([
    { tag: t.comment, color: '#6e7781', fontStyle: 'italic' },
    { tag: t.variableName, color: '#8250df' },
    { tag: t.special(t.variableName), color: '#0550ae' },
    { tag: t.labelName, color: '#953800' },
    { tag: t.typeName, color: '#116329' },
    { tag: t.keyword, color: '#cf222e' },
    { tag: t.string, color: '#0a3069' },
    { tag: t.number, color: '#0550ae' },
    { tag: t.atom, color: '#0550ae' },
    { tag: t.meta, color: '#6639ba' },
    { tag: t.operator, color: '#57606a' },
  ]),
);
