-- init.lua: checks of `mlir-shape lsp` through Neovim's built-in LSP client
-- (vim.lsp, Neovim 0.7.2 as in Debian bookworm), headless, no plugins.
-- tests/nvim/run.sh starts it with MLIR_SHAPE (the binary) and MS_FILE (the
-- example) in the environment. Prints one line per check, then
-- "N passed, M failed", and quits with status 1 when a check failed.

local server = os.getenv('MLIR_SHAPE')
local file = os.getenv('MS_FILE')
local dataflow = os.getenv('MS_DATAFLOW')
local TIMEOUT = 10000

local tap = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'tap.lua')
local say, check, finish = tap.say, tap.check, tap.finish

-- 0.7 has no 'OFF' level.
if not pcall(vim.lsp.set_log_level, 'OFF') then pcall(vim.lsp.set_log_level, 'ERROR') end

-- The result of a request to the one client, or nil.
local function request(bufnr, client_id, method, params)
  local resp = vim.lsp.buf_request_sync(bufnr, method, params, TIMEOUT)
  return resp and resp[client_id] and resp[client_id].result
end

-- Shapes flowing through values: hover on a use shows the inferred type
-- and the op it came from; "Refine all types in this function" applied by
-- Neovim's own workspace-edit code leaves a file with no finding and
-- nothing left to refine.
local function check_dataflow(client_id, state)
  vim.cmd('silent edit ' .. vim.fn.fnameescape(dataflow))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'mlir'
  vim.lsp.buf_attach_client(bufnr, client_id)
  local uri = vim.uri_from_bufnr(bufnr)
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  vim.wait(TIMEOUT, function() return state.by_uri[uri] ~= nil end, 10)
  local use = select(1, string.find(lines[3], '%0', 1, true))
  local r = request(bufnr, client_id, 'textDocument/hover', { textDocument = { uri = uri }, position = { line = 2, character = use } })
  local text = r and r.contents and r.contents.value or ''
  check('value hover: declared type', text:find('`%0`: `tensor<*xf32>`', 1, true) ~= nil, text)
  check('value hover: inferred type', text:find('Inferred: `tensor<2x3xf32>`', 1, true) ~= nil, text)
  check('value hover: producer link', text:find('[tf.AddV2 at 2:8](' .. uri .. '#L2)', 1, true) ~= nil, text)

  local actions = request(bufnr, client_id, 'textDocument/codeAction', {
    textDocument = { uri = uri },
    range = { start = { line = 2, character = use }, ['end'] = { line = 2, character = use } },
    context = { diagnostics = {} },
  }) or {}
  local one, all
  for _, a in ipairs(actions) do
    if a.title == 'Refine type of %0 to tensor<2x3xf32>' then one = a end
    if a.title == 'Refine all types in this function' then all = a end
  end
  check('refine action offered', one ~= nil, vim.inspect(actions))
  check('refine all offered', all ~= nil, vim.inspect(actions))
  if not all then return end
  local before = #state.by_uri[uri]
  vim.lsp.util.apply_workspace_edit(all.edit, 'utf-16')
  local got = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  check('refined line', got[3] == '  %1 = "tf.Mul"(%0, %c) : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>', got[3])
  check('refined signature', got[1]:find('-> tensor<2x3xf32> {', 1, true) ~= nil, got[1])
  vim.wait(TIMEOUT, function() return #state.by_uri[uri] > before end, 10)
  local last = state.by_uri[uri][#state.by_uri[uri]]
  check('no finding after refining', #state.by_uri[uri] > before and #last.diagnostics == 0, vim.inspect(last.diagnostics))
  local left = request(bufnr, client_id, 'textDocument/codeAction', {
    textDocument = { uri = uri },
    range = { start = { line = 2, character = use }, ['end'] = { line = 2, character = use } },
    context = { diagnostics = {} },
  }) or {}
  local refines = 0
  for _, a in ipairs(left) do
    if a.title:find('Refine', 1, true) == 1 then refines = refines + 1 end
  end
  check('nothing left to refine', refines == 0, vim.inspect(left))
end

local function run()
  vim.cmd('silent edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'mlir'
  local uri = vim.uri_from_bufnr(bufnr)
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)

  local state = { init = nil, publishes = {}, by_uri = {}, exited = false, exit_code = nil }
  local default_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
  local client_id = vim.lsp.start_client({
    name = 'mlir-shape',
    cmd = { server, 'lsp' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
    on_init = function(_, result) state.init = result end,
    on_exit = function(code) state.exited = true; state.exit_code = code end,
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
        pcall(default_publish, err, result, ctx, config)
        if result and result.uri == uri then table.insert(state.publishes, result) end
        if result then
          state.by_uri[result.uri] = state.by_uri[result.uri] or {}
          table.insert(state.by_uri[result.uri], result)
        end
      end,
    },
  })
  check('start_client', client_id ~= nil)
  if not client_id then return end
  vim.lsp.buf_attach_client(bufnr, client_id)

  vim.wait(TIMEOUT, function() return state.init ~= nil or state.exited end, 10)
  check('initialize', state.init ~= nil and state.init.serverInfo.name == 'mlir-shape')
  check('incremental sync offered', state.init and state.init.capabilities.textDocumentSync.change == 2)

  vim.wait(TIMEOUT, function() return #state.publishes > 0 end, 10)
  local diags = (state.publishes[#state.publishes] or {}).diagnostics or {}
  check('one diagnostic on open', #diags == 1, vim.inspect(diags))
  local d = diags[1] or { range = { start = {}, ['end'] = {} } }
  check('message', d.message == 'operands %a and %b are not broadcast-compatible: dim 0 is 3 in %a but 2 in %b', d.message)
  check('code and source', d.code == 'incompatible-dims' and d.source == 'mlir-shape')
  -- The second operand's type in the op's signature.
  local col = select(1, string.find(lines[2], 'tensor<2xi32>)', 1, true)) - 1
  check('range', d.range.start.line == 1 and d.range.start.character == col and d.range['end'].line == 1
    and d.range['end'].character == col + #'tensor<2xi32>', vim.inspect(d.range))
  check('relatedInformation', d.relatedInformation and #d.relatedInformation == 1)
  local nd = vim.diagnostic.get(bufnr)
  check('vim.diagnostic has it', #nd == 1 and nd[1].lnum == 1 and nd[1].col == col, vim.inspect(nd))

  -- Hover on the second op: the inferred type (its result is declared ?).
  local hcol = select(1, string.find(lines[3], 'test.broadcastable', 1, true))
  local resp = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover',
    { textDocument = { uri = uri }, position = { line = 2, character = hcol } }, TIMEOUT)
  local r = resp and resp[client_id] and resp[client_id].result
  local text = r and r.contents and r.contents.value or ''
  check('hover has the inferred type', text:find('Inferred result: `tensor<3xi32>`', 1, true) ~= nil, text)
  check('hover has the table', text:find('| dim | %a | %a | inferred | declared | verdict |', 1, true) ~= nil, text)

  -- Inlay hint (a plain request: 0.7 does not show them).
  resp = vim.lsp.buf_request_sync(bufnr, 'textDocument/inlayHint',
    { textDocument = { uri = uri }, range = { start = { line = 0, character = 0 }, ['end'] = { line = 5, character = 0 } } }, TIMEOUT)
  local hints = resp and resp[client_id] and resp[client_id].result or {}
  check('inlay hint', #hints == 1 and hints[1].label == '⇒ tensor<3xi32>' and hints[1].position.line == 2, vim.inspect(hints))

  -- Edit the buffer (Neovim sends incremental didChange): make %b a
  -- tensor<3xi32> in both places; the diagnostic goes away.
  local before = #state.publishes
  local a0 = select(1, string.find(lines[1], '2xi32', 1, true)) - 1
  vim.api.nvim_buf_set_text(bufnr, 0, a0, 0, a0 + 1, { '3' })
  vim.api.nvim_buf_set_text(bufnr, 1, col + 7, 1, col + 8, { '3' })
  vim.wait(TIMEOUT, function()
    local last = state.publishes[#state.publishes]
    return #state.publishes > before and last and #last.diagnostics == 0
  end, 10)
  local last = state.publishes[#state.publishes] or {}
  check('no diagnostic after the edits', #state.publishes > before and #(last.diagnostics or { 1 }) == 0,
    vim.inspect(last.diagnostics))
  check('version of the last publish', last.version == vim.lsp.util.buf_versions[bufnr],
    tostring(last.version) .. ' vs ' .. tostring(vim.lsp.util.buf_versions[bufnr]))

  -- Neovim 0.7 cannot pull diagnostics (no textDocument.diagnostic
  -- capability): the server keeps pushing and announces no pull.
  check('no diagnosticProvider for a push-only client', state.init.capabilities.diagnosticProvider == nil)

  -- Rename through Neovim's own rename (prepareRename, then rename, then
  -- the WorkspaceEdit applied to the buffer): %a at its definition and uses.
  local cur = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local acol = select(1, string.find(cur[1], '%a', 1, true))
  vim.api.nvim_win_set_cursor(0, { 1, acol })
  vim.lsp.buf.rename('lhs')
  vim.wait(TIMEOUT, function()
    return vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1]:find('%lhs', 1, true) ~= nil
  end, 10)
  local renamed = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local count = 0
  for _, l in ipairs(renamed) do
    for _ in l:gmatch('%%lhs') do count = count + 1 end
  end
  check('rename: definition and the 3 uses', count == 4 and not table.concat(renamed, '\n'):find('%a', 1, true),
    table.concat(renamed, '\n'))
  check('rename: other values untouched', renamed[2]:find('(%lhs, %b)', 1, true) ~= nil, renamed[2])
  -- prepareRename on an op name is refused with a message.
  local ocol = select(1, string.find(renamed[2], 'test.broadcastable', 1, true))
  resp = vim.lsp.buf_request_sync(bufnr, 'textDocument/prepareRename',
    { textDocument = { uri = uri }, position = { line = 1, character = ocol + 2 } }, TIMEOUT)
  local perr = resp and resp[client_id] and (resp[client_id].err or resp[client_id].error)
  check('prepareRename refuses an op name', perr ~= nil and tostring(perr.message):find('renames SSA values', 1, true) ~= nil,
    vim.inspect(resp))

  -- The dataflow checks open a buffer of their own: after the checks on this one.
  if dataflow then check_dataflow(client_id, state) end
  vim.lsp.get_client_by_id(client_id).stop()
  vim.wait(TIMEOUT, function() return state.exited end, 10)
  check('shutdown and exit code 0', state.exited and state.exit_code == 0, tostring(state.exit_code))
end

tap.run_on_enter(run)
