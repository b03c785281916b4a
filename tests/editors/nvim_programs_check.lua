-- Programs (issue 10) in headless Neovim (0.7+) with editors/neovim against `rpn lsp`: what
-- the user sees while typing a definition. Run by tests/editors/test_neovim_programs.py:
--   RPN_PLUGIN=editors/neovim RPN_BIN=... RPN_FILE=x.rpn \
--   timeout 60 nvim --headless -u NONE -i NONE -n -c "luafile tests/editors/nvim_programs_check.lua"
-- RPN_FILE holds `: hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;` and `3 4 hyp`. The script hovers on the
-- call (through the client and with the K key), types a definition in insert mode (one with
-- unbalanced branches, then fixed, then called), asks for the inlay hints, jumps to a
-- definition and renames a word through the editor.
-- Every result is one JSON object per line on stdout; the Python test asserts on them. Exit
-- status: 0 when the script ran to the end, 2 on a Lua error or a step that timed out.

local support = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'nvim_support.lua')
local emit, fail, lines, request = support.emit, support.fail, support.lines, support.request
local hover_text, float_text = support.hover_text, support.float_text

-- The diagnostics Neovim holds for the buffer (byte columns), in order.
local function vim_diagnostics(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    out[#out + 1] = { lnum = d.lnum, col = d.col, end_col = d.end_col, severity = d.severity,
                      message = d.message,
                      code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or vim.NIL }
  end
  table.sort(out, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  return out
end

local function main()
  local plugin = assert(os.getenv('RPN_PLUGIN'), 'RPN_PLUGIN not set')
  local bin = assert(os.getenv('RPN_BIN'), 'RPN_BIN not set')
  local file = assert(os.getenv('RPN_FILE'), 'RPN_FILE not set')
  vim.opt.runtimepath:prepend(plugin)
  vim.cmd('filetype plugin on')
  vim.cmd('syntax on')

  local server_exit = nil
  local published = {} -- every publishDiagnostics, in order
  local default_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
  require('rpn').setup({
    cmd = { bin, 'lsp' },
    on_exit = function(code, signal) server_exit = { code = code, signal = signal } end,
    -- diagnostics while typing, without leaving insert mode
    flags = { debounce_text_changes = 20 },
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
        published[#published + 1] = result
        return default_publish(err, result, ctx, config)
      end,
    },
  })
  vim.diagnostic.config({ update_in_insert = true })

  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local client = nil
  vim.wait(10000, function()
    for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
      if c.name == 'rpn' and c.initialized ~= false then client = c end
    end
    return client ~= nil
  end, 20)
  if not client then fail('open', 'no initialized rpn client attached to the buffer within 10s') end
  if not vim.wait(10000, function() return #published > 0 end, 20) then
    fail('diagnostics', 'no publishDiagnostics within 10s')
  end
  emit({ event = 'opened', diagnostics = published[#published].diagnostics })

  -- 1. hover on the call `hyp` of line 1, through the client and with K
  vim.api.nvim_win_set_cursor(0, { 2, 4 })
  local params = vim.lsp.util.make_position_params()
  local result, err = request(client, bufnr, 'textDocument/hover', params)
  emit({ event = 'hover', position = params.position, text = hover_text(result), err = err or vim.NIL })
  vim.api.nvim_feedkeys('K', 'x', false)
  vim.wait(5000, function() return float_text() ~= nil end, 20)
  local shown, win = float_text()
  emit({ event = 'K', text = shown or vim.NIL })
  if win then vim.api.nvim_win_close(win, true) end

  -- 2. typing a definition at the end, in insert mode, as a user does
  local codes
  local function wait_for(pred, what)
    if not vim.wait(5000, function() return pred(published[#published]) end, 20) then
      fail('typing', 'no diagnostics ' .. what .. ' within 5s; last: ' .. codes(published[#published])
           .. ' in ' .. vim.fn.json_encode(lines(bufnr)))
    end
  end
  codes = function(params)
    local out = {}
    for _, d in ipairs(params.diagnostics) do out[#out + 1] = d.code end
    table.sort(out)
    return table.concat(out, ',')
  end
  vim.api.nvim_win_set_cursor(0, { 2, 0 })
  vim.api.nvim_feedkeys('Go: f 0 > if 1 2 else 3 then ;', 'xt', false)
  wait_for(function(p) return codes(p) == 'unbalanced-branches' end, 'with unbalanced-branches')
  emit({ event = 'unbalanced', lines = lines(bufnr), published = published[#published],
         diagnostics = vim_diagnostics(bufnr) })
  -- the fix: the else part pushes two as well
  vim.api.nvim_feedkeys('0f3i4 \27', 'xt', false)
  wait_for(function(p) return codes(p) == 'unused-word' end, 'with only unused-word')
  emit({ event = 'fixed', lines = lines(bufnr), diagnostics = vim_diagnostics(bufnr) })
  vim.api.nvim_feedkeys('o5 f\27', 'xt', false)
  wait_for(function(p) return codes(p) == '' end, 'without any')
  emit({ event = 'called', lines = lines(bufnr), diagnostics = vim_diagnostics(bufnr) })

  -- 3. the inlay hints of the whole buffer (Neovim 0.10 shows them; 0.7 can ask)
  local hints = request(client, bufnr, 'textDocument/inlayHint', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = #lines(bufnr), character = 0 } },
  })
  local labels = {}
  for _, h in ipairs(hints or {}) do
    labels[#labels + 1] = { line = h.position.line, character = h.position.character, label = h.label }
  end
  emit({ event = 'hints', hints = labels })

  -- 4. go to the definition of the call on line 1, then rename the word through the editor
  vim.api.nvim_win_set_cursor(0, { 2, 5 })
  vim.lsp.buf.definition()
  vim.wait(5000, function() return vim.api.nvim_win_get_cursor(0)[1] == 1 end, 20)
  emit({ event = 'definition', cursor = vim.api.nvim_win_get_cursor(0) })
  vim.api.nvim_win_set_cursor(0, { 2, 5 })
  local before = table.concat(lines(bufnr), '\n')
  vim.lsp.buf.rename('hypotenuse')
  vim.wait(5000, function() return table.concat(lines(bufnr), '\n') ~= before end, 20)
  emit({ event = 'renamed', lines = lines(bufnr) })

  client.stop()
  vim.wait(5000, function() return server_exit ~= nil end, 20)
  emit({ event = 'exit', server_exit = server_exit or vim.NIL })
  return 0
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  emit({ event = 'error', error = type(err) == 'table' and err or tostring(err) })
  io.stdout:flush()
  vim.cmd('2cquit!')
else
  io.stdout:flush()
  vim.cmd('qall!')
end
