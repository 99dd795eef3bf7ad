-- treesitter.lua: the grammar (grammar/) and its queries through Neovim's
-- built-in tree-sitter (Neovim 0.7.2 as in Debian bookworm), headless, no
-- plugins. tests/nvim/run.sh starts it with MS_RUNTIME (a directory holding
-- parser/mlir.so and queries/mlir/, as docs/editors.md has users set up) and
-- MS_FILE (the sample, highlight.mlir). Prints one line per check, then "N passed, M
-- failed", and quits with status 1 when a check failed.

local runtime = os.getenv('MS_RUNTIME')
local file = os.getenv('MS_FILE')

local tap = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'tap.lua')
local say, check, finish = tap.say, tap.check, tap.finish

-- 0.7 has vim.treesitter.query.get_query; later versions vim.treesitter.query.get.
local function get_query(name)
  local q = vim.treesitter.query
  return (q.get or q.get_query)('mlir', name)
end

-- Capture names of the innermost captured node(s) at (row, col), 0-based.
local function captures_at(query, root, bufnr, row, col)
  local best, names = nil, {}
  for id, node in query:iter_captures(root, bufnr, row, row + 1) do
    local sr, sc, er, ec = node:range()
    local inside = (sr < row or (sr == row and sc <= col)) and (er > row or (er == row and ec > col))
    if inside then
      local size = select(3, node:end_()) - select(3, node:start()) -- bytes
      if not best or size < best then
        best, names = size, {}
      end
      if size == best then names[query.captures[id]] = true end
    end
  end
  return names
end

local function keys(t)
  local out = {}
  for k in pairs(t) do table.insert(out, k) end
  table.sort(out)
  return table.concat(out, ' ')
end

local function run()
  vim.opt.runtimepath:prepend(runtime)
  vim.cmd('silent edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'mlir'
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)

  -- The parser from parser/mlir.so in the runtimepath.
  local ok, err = pcall(vim.treesitter.require_language, 'mlir')
  check('parser/mlir.so loads', ok, tostring(err))
  if not ok then return end
  local parser = vim.treesitter.get_parser(bufnr, 'mlir')
  local tree = parser:parse()[1]
  local root = tree:root()
  check('the example parses without errors', root:type() == 'source_file' and not root:has_error(), root:sexpr())

  -- Every query file from queries/mlir/ compiles.
  local queries = {}
  for _, name in ipairs({ 'highlights', 'locals', 'folds', 'injections', 'textobjects' }) do
    local qok, q = pcall(get_query, name)
    check(name .. '.scm loads', qok and q ~= nil, tostring(q))
    queries[name] = qok and q or nil
  end
  local hl = queries.highlights
  if not hl then return end

  -- Captures at chosen positions: {line (1-based), text on it, offset in the
  -- text, expected capture}.
  local function at(lnum, text, offset, want)
    local s = select(1, string.find(lines[lnum], text, 1, true))
    if not s then
      check(want .. ' at ' .. text, false, 'text not found on line ' .. lnum)
      return
    end
    local names = captures_at(hl, root, bufnr, lnum - 1, s - 1 + offset)
    check(string.format('@%s on %q (line %d)', want, text, lnum), names[want] ~= nil, 'captured: ' .. keys(names))
  end
  at(1, 'func.func', 0, 'keyword.function')
  at(1, '@f', 0, 'function')
  at(1, '%a', 0, 'variable.parameter')
  at(1, 'tensor<3xi32>', 0, 'type')
  at(1, '->', 0, 'operator')
  at(1, '{', 0, 'punctuation.bracket')
  at(2, '%0', 0, 'variable')
  at(2, 'arith.addi', 0, 'namespace')
  at(2, 'arith.addi', 0, 'module')
  at(2, 'arith.addi', 5, 'punctuation.delimiter')
  at(2, 'arith.addi', 6, 'function.call')
  at(2, '%b', 0, 'variable')
  at(2, ':', 0, 'punctuation.delimiter')
  at(3, '"test.broadcastable"', 1, 'function.call')
  at(3, '(%0', 1, 'variable')
  at(4, 'return', 0, 'keyword.return')

  -- Neovim 0.7's highlighter maps the captures to highlight groups.
  local hlr_ok, highlighter = pcall(vim.treesitter.highlighter.new, parser)
  check('highlighter starts', hlr_ok, tostring(highlighter))
  if hlr_ok then
    local hq = highlighter:get_query('mlir')
    local function group_of(id)
      local group = hq:_get_hl_from_capture(id)
      return group ~= 0 and group or nil
    end
    local unmapped = {}
    for id, name in ipairs(hl.captures) do
      if not group_of(id) then table.insert(unmapped, name) end
    end
    -- Names of the other editors' sets (Helix, Neovim 0.8+) have no group
    -- in 0.7's table; every capture has a name that does.
    local needed = { 'comment', 'keyword', 'keyword.function', 'keyword.return', 'function', 'function.call',
      'type', 'type.builtin', 'label', 'string', 'number', 'boolean', 'property', 'operator',
      'punctuation.bracket', 'punctuation.delimiter', 'parameter' }
    local missing = {}
    for _, name in ipairs(needed) do
      for id, cname in ipairs(hl.captures) do
        if cname == name and not group_of(id) then table.insert(missing, name) end
      end
    end
    check('0.7 highlight groups for the main captures', #missing == 0, table.concat(missing, ' '))
    say('# captures without a 0.7 group (other editors\' names): ' .. table.concat(unmapped, ' '))
  end

  -- Locals, folds and text objects capture on the example.
  local function count(q, cname)
    local n = 0
    if not q then return 0 end
    for id in q:iter_captures(root, bufnr, 0, -1) do
      if q.captures[id] == cname then n = n + 1 end
    end
    return n
  end
  check('locals: @local.scope', count(queries.locals, 'local.scope') >= 2)
  check('locals: @local.definition (results and arguments)', count(queries.locals, 'local.definition') >= 4)
  check('locals: @local.reference', count(queries.locals, 'local.reference') >= 5)
  check('folds: @fold', count(queries.folds, 'fold') >= 2)
  check('textobjects: @function.outer', count(queries.textobjects, 'function.outer') == 1)
  check('textobjects: @statement.outer', count(queries.textobjects, 'statement.outer') == 3)
end

tap.run_on_enter(run)
