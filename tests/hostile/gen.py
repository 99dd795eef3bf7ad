#!/usr/bin/env python3
"""gen.py: writes the hostile inputs of tests/hostile/run.sh to stdout.

Usage: gen.py KIND [N]. Each KIND is one class of issue 21 (README of this
folder); N scales it (the count of nested brackets, lines, ops, entries).
Deterministic: the same KIND and N give the same bytes.
"""
import random
import sys

OP = '%0 = "tosa.add"(%a, %b) : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>'


def deep_regions(n):
    # n unclosed generic ops with a region each, then a well-formed error
    # before them (so the file's other findings still show).
    head = ('func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {\n  ' + OP +
            '\n  return\n}\n')
    return head + '"test.a"() ({\n' * n


def deep_parens(n):
    return 'func.func @f() {\n' + '(' * n + '\n'


def deep_brackets(n):
    return '"test.a"() {x = ' + '[' * n + '\n'


def unclosed_tensor(n):
    # one unclosed `tensor<` and n ordinary lines after it
    lines = ['func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {',
             '  %x = "test.op"() : () -> tensor<2x']
    lines += ['  %%v%d = "test.op"(%%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>' % i for i in range(n)]
    lines.append('}')
    return '\n'.join(lines) + '\n'


def unclosed_many(n):
    # n unclosed `tensor<` on one line, after 65,536 stray `)` (each scan
    # once ran to the end of the file: quadratic)
    return 'func.func @f(...) {\n' + ')' * 65536 + 'tensor<' * n + '!t = !t\n' * 768


def unclosed_lines(n):
    # n lines, each with an unclosed `tensor<` and no results to stop at
    return 'func.func @f() {\n' + '"a.b"() : () -> tensor<2x\n' * n


def custom_angles(n):
    # n lone `<` in one custom op's syntax on one line
    return 'func.func @f() {\n  %x = a.b %y ' + '< i32 ' * n + '\n}\n'


def nested_tensor(n):
    return ('func.func @f(%a: ' + 'tensor<' * n + 'f32' + '>' * n + ') {\n  return\n}\n')


def long_line_findings(n):
    # n mismatching ops on one line (a generic op's region on one line)
    body = ' '.join('%%r%d = "tosa.add"(%%a, %%b) : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>' % i
                    for i in range(n))
    return ('func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) { ' + body + ' return }\n')


def many_rules(n):
    ops = ',\n'.join('    {"match": "hostile.op%d", "description": "x", "rule": "numpy"}' % i for i in range(n))
    return '{\n  "version": 1,\n  "ops": [\n' + ops + '\n  ]\n}\n'


def random_bytes(n):
    r = random.Random(21)
    return bytes(r.getrandbits(8) for _ in range(n))


def noise_between(n):
    # n random bytes between two functions, each with a broadcast error
    f = ('func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {\n  ' + OP + '\n  return\n}\n').encode()
    return f + random_bytes(n) + b'\n' + f


def wide_op(n):
    operands = ', '.join('%%a%d' % (i % 10) for i in range(n))
    types = ', '.join('tensor<2xf32>' for _ in range(n))
    return ('func.func @f(' + ', '.join('%%a%d: tensor<2xf32>' % i for i in range(10)) + ') {\n'
            '  %r = "tosa.concat"(' + operands + ') {axis = 0 : i32} : (' + types + ') -> tensor<?xf32>\n'
            '  return\n}\n')


def wide_generic(n):
    # the case: one generic op with n operands (each a use of %0)
    # and n operand types, no results
    return ('func.func @f(%0: i32) {\n  "test.op"(' + ', '.join(['%0'] * n) + ') : (' + ', '.join(['i32'] * n) +
            ') -> ()\n  return\n}\n')


def wide_results(n):
    # one generic op with n results: `%r:n` and a result type list of n
    return ('func.func @f() {\n  %%r:%d = "test.op"() : () -> (' % n + ', '.join(['tensor<2xf32>'] * n) +
            ')\n  return\n}\n')


def alias_chain(n):
    lines = ['!t0 = tensor<2x3xf32>']
    lines += ['!t%d = !t%d' % (i, i - 1) for i in range(1, n + 1)]
    lines += ['func.func @f(%%a: !t%d, %%b: tensor<2x3xf32>) {' % n,
              '  %%c = "tosa.add"(%%a, %%b) : (!t%d, tensor<2x3xf32>) -> tensor<2x3xf32>' % n,
              '  return', '}']
    return '\n'.join(lines) + '\n'


def alias_cycle(n):
    lines = ['!t%d = !t%d' % (i, (i + 1) % n) for i in range(n)]
    lines += ['func.func @f(%a: !t0, %b: tensor<2x3xf32>) {',
              '  %c = "tosa.add"(%a, %b) : (!t0, tensor<2x3xf32>) -> tensor<2x3xf32>',
              '  return', '}']
    return '\n'.join(lines) + '\n'


def long_line_text(n):
    # one line of n bytes with a finding in its middle (text output trimming)
    pad = 'x' * (n // 2)
    return ('func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) { "test.pad"() {s = "' + pad + '"} : () -> () '
            + OP + ' "test.pad"() {s = "' + pad + '"} : () -> () return }\n')


def bench_file(n):
    # n ordinary functions (a plain, valid input of the speed guard)
    out = []
    for i in range(n):
        out.append('func.func @f%d(%%a: tensor<2x3xf32>, %%b: tensor<1x3xf32>) -> tensor<2x3xf32> {\n'
                   '  %%c = "tosa.add"(%%a, %%b) : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>\n'
                   '  return %%c : tensor<2x3xf32>\n}\n' % i)
    return ''.join(out)


KINDS = {
    'deep-regions': (deep_regions, 16000),
    'deep-parens': (deep_parens, 70000),
    'deep-brackets': (deep_brackets, 100000),
    'unclosed-tensor': (unclosed_tensor, 8000),
    'nested-tensor': (nested_tensor, 80000),
    'unclosed-many': (unclosed_many, 16000),
    'unclosed-lines': (unclosed_lines, 16000),
    'custom-angles': (custom_angles, 16000),
    'long-line-findings': (long_line_findings, 10000),
    'many-rules': (many_rules, 15000),
    'random-bytes': (random_bytes, 10 << 20),
    'wide-op': (wide_op, 2600000),
    'wide-generic': (wide_generic, 2600000),
    'wide-results': (wide_results, 1000000),
    'noise-between': (noise_between, 10 << 20),
    'alias-chain': (alias_chain, 64),
    'alias-cycle': (alias_cycle, 3),
    'long-line-text': (long_line_text, 84000),
    'bench': (bench_file, 1000),
}


def main():
    kind = sys.argv[1]
    fn, default = KINDS[kind]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else default
    data = fn(n)
    out = sys.stdout.buffer
    out.write(data if isinstance(data, bytes) else data.encode())


if __name__ == '__main__':
    main()
