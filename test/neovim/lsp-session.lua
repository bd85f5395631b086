-- A maintainer's session in Neovim 0.7 (headless), driven by test/lsp/lsp-neovim.test.ts: start the spec's language
-- server as any Neovim user would (vim.lsp.start_client), open an RFC, type a slip, wait for its diagnostic, undo,
-- wait for it to clear; hover on a type, ask for completion in a Kind cell, type the slip again and take the quick
-- fix the server offers. Each step records what Neovim itself saw; the test reads the record (a JSON file) and
-- judges it. A new step is one more function in `steps`.
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

-- The first result of a request at the cursor, as Neovim's client received it.
local function request(method, params)
  local replies = vim.lsp.buf_request_sync(buf, method, params, 10000) or {}
  for _, reply in pairs(replies) do
    if reply.result ~= nil then return reply.result end
  end
  return nil
end

local function slip()
  local line = vim.fn.search('^| `Element` | 4.1 | record |', 'w')
  record.slip_line = line
  local kind = string.find(vim.api.nvim_get_current_line(), '| record |', 1, true) + 1
  vim.api.nvim_win_set_cursor(0, { line, kind })
  vim.cmd('normal! cwrecrd')
  return line
end

local steps = {
  function()
    wait_for('initialized', 20000, function()
      local c = vim.lsp.get_client_by_id(client_id)
      return c ~= nil and c.initialized == true
    end)
  end,
  function()
    -- Type the slip where a maintainer would: on the Element row's Kind cell, `record` -> `recrd`. `cw` empties the
    -- cell before it types, and the server may see that first: wait for the slip's own finding.
    slip()
    record.typed = vim.api.nvim_get_current_line()
    wait_for('slip diagnosed', 20000, function()
      local now = vim.diagnostic.get(buf)
      return #now > 0 and now[1].code == 'bad-cell'
    end)
    vim.wait(300)
    record.after_slip = diagnostics(buf)
  end,
  function()
    vim.cmd('normal! u')
    record.undone = vim.api.nvim_get_current_line()
    wait_for('slip cleared', 20000, function() return #vim.diagnostic.get(buf) == 0 end)
    record.after_undo = diagnostics(buf)
  end,
  function()
    -- Hover on the type's name in its row.
    local line = vim.fn.search('^| `Element` | 4.1 | record |', 'w')
    vim.api.nvim_win_set_cursor(0, { line, 4 })
    local hover = request('textDocument/hover', vim.lsp.util.make_position_params())
    record.hover = hover and vim.lsp.util.convert_input_to_markdown_lines(hover.contents) or vim.NIL
    -- Completion inside the Kind cell.
    local kind = string.find(vim.api.nvim_get_current_line(), '| record |', 1, true) + 1
    vim.api.nvim_win_set_cursor(0, { line, kind })
    local completion = request('textDocument/completion', vim.lsp.util.make_position_params())
    local labels = {}
    for _, item in ipairs((completion and (completion.items or completion)) or {}) do table.insert(labels, item.label) end
    record.completion = labels
  end,
  function()
    -- The slip again, and the quick fix the server offers for it, applied as Neovim applies any.
    local line = slip()
    -- `cw` empties the cell before it types, and the server may see that first: wait for the slip's own finding.
    wait_for('slip diagnosed again', 20000, function()
      local now = vim.diagnostic.get(buf)
      return #now == 1 and now[1].code == 'bad-cell'
    end)
    local params = vim.lsp.util.make_range_params()
    params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, line - 1) }
    local actions = request('textDocument/codeAction', params) or {}
    record.actions = {}
    for _, action in ipairs(actions) do table.insert(record.actions, action.title) end
    local fix = actions[1]
    if fix and fix.edit then vim.lsp.util.apply_workspace_edit(fix.edit, 'utf-16') end
    record.fixed = vim.api.nvim_buf_get_lines(buf, line - 1, line, false)[1]
    wait_for('fix cleared', 20000, function() return #vim.diagnostic.get(buf) == 0 end)
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
