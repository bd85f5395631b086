-- A maintainer's session in Neovim 0.7 (headless), driven by test/lsp-neovim.test.ts: start the spec's language
-- server as any Neovim user would (vim.lsp.start_client), open an RFC, type a slip, wait for its diagnostic, undo,
-- wait for it to clear. Each step records what Neovim itself saw; the test reads the record (a JSON file) and
-- judges it. A new step is one more function in `steps`: a hover is vim.lsp.buf_request_sync(buf,
-- 'textDocument/hover', vim.lsp.util.make_position_params(), 5000) with its result put in `record`; a quick fix is
-- the same with 'textDocument/codeAction' and the diagnostics at the cursor in its context, then
-- vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16') and a wait for the diagnostic to clear.
local out_path = os.getenv('NVIM_LSP_RECORD')
local rfc = os.getenv('NVIM_LSP_RFC')
local record = { steps = {} }

local function save()
  local f = assert(io.open(out_path, 'w'))
  f:write(vim.fn.json_encode(record))
  f:close()
end

local function diagnostics(buf)
  local seen = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(seen, { code = d.code, lnum = d.lnum, col = d.col, end_col = d.end_col, severity = d.severity, source = d.source, message = d.message })
  end
  return seen
end

-- Waits up to `ms` for `ok`; records how long it took, or that it never happened.
local function wait_for(name, ms, ok)
  local started = vim.loop.hrtime()
  local met = vim.wait(ms, ok, 20)
  table.insert(record.steps, { name = name, met = met, ms = math.floor((vim.loop.hrtime() - started) / 1e6) })
  return met
end

local client_id = vim.lsp.start_client({
  name = 'element-spec',
  cmd = { os.getenv('NVIM_LSP_NODE'), os.getenv('NVIM_LSP_BIN'), 'lsp', '--stdio' },
  root_dir = os.getenv('NVIM_LSP_ROOT'),
})
record.client = client_id ~= nil

vim.cmd('edit ' .. vim.fn.fnameescape(rfc))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client_id)

local steps = {
  function()
    wait_for('initialized', 20000, function()
      local c = vim.lsp.get_client_by_id(client_id)
      return c ~= nil and c.initialized == true
    end)
  end,
  function()
    -- Type the slip where a maintainer would: on the Element row's Kind cell, `record` -> `recrd`.
    local line = vim.fn.search('^| `Element` | 4.1 | record |', 'w')
    record.slip_line = line
    local kind = string.find(vim.api.nvim_get_current_line(), '| record |', 1, true) + 1
    vim.api.nvim_win_set_cursor(0, { line, kind })
    vim.cmd('normal! cwrecrd')
    record.typed = vim.api.nvim_get_current_line()
    wait_for('slip diagnosed', 20000, function() return #vim.diagnostic.get(buf) > 0 end)
    vim.wait(300)
    record.after_slip = diagnostics(buf)
  end,
  function()
    vim.cmd('normal! u')
    record.undone = vim.api.nvim_get_current_line()
    wait_for('slip cleared', 20000, function() return #vim.diagnostic.get(buf) == 0 end)
    record.after_undo = diagnostics(buf)
  end,
}

local ok, err = pcall(function()
  for _, step in ipairs(steps) do step() end
end)
record.error = ok and vim.NIL or tostring(err)
vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
save()
vim.cmd('qa!')
