-- tap.lua: what the headless Neovim checks (init.lua, treesitter.lua) share:
-- one line per check ("ok - name" or "FAIL - name: detail"), then
-- "N passed, M failed", quitting with status 1 when a check failed (or none
-- ran). Loaded with dofile from the checks' own directory.

local M = { passed = 0, failed = 0 }

function M.say(text)
  io.stdout:write(text, '\n')
  io.stdout:flush()
end

function M.check(name, ok, detail)
  if ok then
    M.passed = M.passed + 1
    M.say('ok - ' .. name)
  else
    M.failed = M.failed + 1
    M.say('FAIL - ' .. name .. (detail and (': ' .. detail) or ''))
  end
end

function M.finish()
  M.say(string.format('%d passed, %d failed', M.passed, M.failed))
  vim.cmd(M.failed == 0 and M.passed > 0 and 'qall!' or 'cquit 1')
end

-- Runs fn once Neovim has started; a Lua error is a failed check; then finish.
function M.run_on_enter(fn)
  vim.api.nvim_create_autocmd('VimEnter', {
    once = true,
    callback = function()
      local ok, err = pcall(fn)
      if not ok then M.check('no Lua error', false, tostring(err)) end
      M.finish()
    end,
  })
end

return M
