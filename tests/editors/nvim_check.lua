-- Drives headless Neovim (0.7+) with the plugin in editors/neovim against `rpn lsp`.
-- Run by tests/editors/test_neovim.py:
--   RPN_PLUGIN=editors/neovim RPN_BIN=... RPN_FILE=x.rpn RPN_MODE=main|glyphs|indent|evaluate|readme \
--   timeout 60 nvim --headless -u NONE -i NONE -n -c "luafile tests/editors/nvim_check.lua"
-- Modes: main (the example document against the real server), glyphs (formatting with
-- glyphs = unicode), indent (formatting with indentWidth = 4 in the setup options), evaluate (the evaluate key against the stand-in server whose command
-- line is the JSON list RPN_FAKE_CMD), readme (RPN_SNIPPET, the README's set-up code, run as
-- a user's init.lua would, with `rpn` found on PATH).
-- Every result is one JSON object per line on stdout; the Python test asserts on them.
-- Exit status: 0 when the script ran to the end (the checks are made in Python), 2 on a Lua
-- error or a step that timed out.

local support = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'nvim_support.lua')
local emit, fail, lines, request = support.emit, support.fail, support.lines, support.request
local hover_text, float_text = support.hover_text, support.float_text

local function finish(code)
  io.stdout:flush()
  if code == 0 then vim.cmd('qall!') else vim.cmd(code .. 'cquit!') end
end

-- The buffer-local normal-mode mapping of lhs in bufnr (vim.NIL when there is none).
local function buffer_mapping(bufnr, lhs)
  local found = vim.NIL
  vim.api.nvim_buf_call(bufnr, function()
    local m = vim.fn.maparg(lhs, 'n', false, true)
    if type(m) == 'table' and m.buffer == 1 then
      found = { lhs = m.lhs, desc = m.desc or vim.NIL, callback = m.callback ~= nil }
    end
  end)
  return found
end

local function buffer_keys(bufnr)
  local scratch = vim.api.nvim_create_buf(false, true)
  local keys = { event = 'keys', omnifunc = vim.api.nvim_buf_get_option(bufnr, 'omnifunc'),
                 other_buffer_omnifunc = vim.api.nvim_buf_get_option(scratch, 'omnifunc'),
                 hover = buffer_mapping(bufnr, 'K'), evaluate = buffer_mapping(bufnr, '<leader>=') }
  vim.api.nvim_buf_delete(scratch, { force = true })
  return keys
end

-- The message history (:messages), one entry per line.
local function messages()
  local out = vim.api.nvim_exec('messages', true)
  return out == '' and {} or vim.split(out, '\n', { plain = true })
end

local function main()
  local plugin = assert(os.getenv('RPN_PLUGIN'), 'RPN_PLUGIN not set')
  local bin = assert(os.getenv('RPN_BIN'), 'RPN_BIN not set')
  local file = assert(os.getenv('RPN_FILE'), 'RPN_FILE not set')
  local mode = os.getenv('RPN_MODE') or 'main'
  local v = vim.version()
  emit({ event = 'version', nvim = string.format('%d.%d.%d', v.major, v.minor, v.patch),
         has_lsp_start = vim.lsp.start ~= nil })

  -- The plugin as a user installs it: on the runtimepath, filetype detection on.
  vim.opt.runtimepath:prepend(plugin)
  vim.cmd('filetype plugin on')
  vim.cmd('syntax on')

  local server_exit = nil
  local raw_diagnostics = {} -- version-less list of every publishDiagnostics, in order
  local default_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
  -- Only what the mode is about: the plugin's defaults fill in the rest (indentWidth in main).
  local init_options = ({ glyphs = { formatting = { glyphs = 'unicode' } },
                          indent = { formatting = { indentWidth = 4 } } })[mode]
    or { formatting = { glyphs = 'keep' } }
  -- Neovim 0.10+ has vim.lsp.inlay_hint; 0.7 does not: a stand-in records what the plugin asks.
  local inlay_hint_calls = {}
  if mode == 'main' and not vim.lsp.inlay_hint then
    vim.lsp.inlay_hint = { enable = function(enable, filter)
      inlay_hint_calls[#inlay_hint_calls + 1] = { enable = enable, filter = filter or vim.NIL }
    end }
  end
  if mode == 'readme' then
    -- the README's code as a user's init.lua runs it; `rpn` comes from PATH
    dofile(assert(os.getenv('RPN_SNIPPET'), 'RPN_SNIPPET not set'))
  else
    local cmd = { bin, 'lsp' }
    if mode == 'evaluate' then cmd = vim.fn.json_decode(assert(os.getenv('RPN_FAKE_CMD'))) end
    require('rpn').setup({
      cmd = cmd,
      init_options = init_options,
      on_exit = function(code, signal) server_exit = { code = code, signal = signal } end,
      handlers = {
        ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
          raw_diagnostics[#raw_diagnostics + 1] = result
          return default_publish(err, result, ctx, config)
        end,
      },
    })
  end

  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  if os.getenv('RPN_NO_SERVER') then -- rpn is not on PATH: what does the user see?
    vim.wait(500, function() return false end, 20)
    emit({ event = 'no_server', filetype = vim.bo.filetype, messages = messages(),
           clients = #vim.lsp.buf_get_clients(bufnr) })
    return 0
  end
  -- Neovim 0.7 lists a client for the buffer only once `initialize` has been answered.
  local client = nil
  vim.wait(10000, function()
    for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
      if c.name == 'rpn' and c.initialized ~= false then client = c end
    end
    return client ~= nil
  end, 20)
  emit({ event = 'open', filetype = vim.bo.filetype, commentstring = vim.bo.commentstring,
         syntax = vim.bo.syntax, client = client ~= nil })
  if not client then fail('open', 'no initialized rpn client attached to the buffer within 10s') end
  emit({ event = 'initialized', offset_encoding = client.offset_encoding,
         capabilities = client.server_capabilities or client.resolved_capabilities,
         init_options = client.config.init_options or vim.NIL })
  emit(buffer_keys(bufnr))

  if mode == 'readme' then
    emit({ event = 'readme', cmd = client.config.cmd,
           update_in_insert = vim.diagnostic.config().update_in_insert or false })
  elseif mode == 'evaluate' then
    -- <leader>= (the default leader is a backslash) with the cursor on the √ of each line
    for row, text in ipairs(lines(bufnr)) do
      local at = text:find('√', 1, true)
      if at then
        vim.api.nvim_win_set_cursor(0, { row, at - 1 })
        vim.cmd('messages clear')
        vim.api.nvim_feedkeys('\\=', 'x', false)
        vim.wait(5000, function()
          for _, m in ipairs(messages()) do
            if m:find('2.8284271247461903', 1, true) then return true end
          end
          return false
        end, 20)
        vim.wait(500, function() return false end, 20) -- a showMessage sent after the answer
        emit({ event = 'evaluated', line = row - 1, messages = messages() })
      end
    end
  elseif mode == 'glyphs' or mode == 'indent' then
    -- formatting with the initializationOptions of the mode
    if not vim.wait(10000, function() return #raw_diagnostics > 0 end, 20) then
      fail('diagnostics', 'no publishDiagnostics within 10s')
    end
    if vim.lsp.buf.format then vim.lsp.buf.format({ timeout_ms = 5000, bufnr = bufnr })
    else vim.lsp.buf.formatting_sync(nil, 5000) end
    emit({ event = 'formatted', lines = lines(bufnr) })
  else
    -- 1. diagnostics of the opened file, as published and as Neovim stores them (byte columns)
    if not vim.wait(10000, function() return #raw_diagnostics > 0 end, 20) then
      fail('diagnostics', 'no publishDiagnostics within 10s')
    end
    vim.wait(300, function() return false end, 20) -- a second publish would arrive by now
    emit({ event = 'published', params = raw_diagnostics[#raw_diagnostics], count = #raw_diagnostics })
    local vd = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      vd[#vd + 1] = { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
                      severity = d.severity, message = d.message, source = d.source,
                      code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) }
    end
    emit({ event = 'vim_diagnostics', items = vd })

    -- 2. hover through the editor's own position conversion (cursor is (1-based row, byte col))
    local function hover_at(row, bytecol)
      vim.api.nvim_win_set_cursor(0, { row + 1, bytecol })
      local params = vim.lsp.util.make_position_params()
      local result, err = request(client, bufnr, 'textDocument/hover', params)
      emit({ event = 'hover', line = row, byte = bytecol, position = params.position,
             text = hover_text(result), kind = result and type(result.contents) == 'table'
               and result.contents.kind or vim.NIL, err = err })
    end
    hover_at(1, 0)                                           -- √
    local l3 = lines(bufnr)[4]
    hover_at(3, (l3:find('+', 1, true)) - 1)                 -- the + of N M 3 5 + ×
    hover_at(3, (l3:find('×', 1, true)) - 1)                 -- the ×
    -- the K key on √ opens the hover in a floating window
    vim.api.nvim_win_set_cursor(0, { 2, 0 })
    local ok_k, k_err = pcall(vim.api.nvim_feedkeys, 'K', 'x', false)
    vim.wait(5000, function() return float_text() ~= nil end, 20)
    local text, win = float_text()
    emit({ event = 'K', text = text or vim.NIL, err = ok_k and vim.NIL or tostring(k_err) })
    if win then vim.api.nvim_win_close(win, true) end
    emit({ event = 'inlay_hints', calls = inlay_hint_calls })

    -- 3. completion at the end of line 3
    vim.api.nvim_win_set_cursor(0, { 4, #l3 })
    local cparams = vim.lsp.util.make_position_params()
    local cresult, cerr = request(client, bufnr, 'textDocument/completion', cparams)
    local items = cresult and (cresult.items or cresult) or {}
    local out = {}
    for _, it in ipairs(items) do
      local doc = it.documentation
      if type(doc) == 'table' then doc = doc.value end
      out[#out + 1] = { label = it.label, kind = it.kind, detail = it.detail,
                        documentation = doc, insertText = it.insertText,
                        textEdit = it.textEdit }
    end
    -- documentation may come from completionItem/resolve instead
    local resolved = vim.NIL
    for _, it in ipairs(items) do
      if it.label == 'sqrt' then
        if it.documentation == nil then
          local r = request(client, bufnr, 'completionItem/resolve', it)
          if r then
            local doc = r.documentation
            resolved = type(doc) == 'table' and doc.value or doc
          end
        end
      end
    end
    emit({ event = 'completion', position = cparams.position, items = out, err = cerr,
           resolved_sqrt_doc = resolved })

    -- 4. rename: prepareRename on the store's name, refused names, then the editor's rename
    local uri = vim.uri_from_bufnr(bufnr)
    local l2 = lines(bufnr)[3]
    local nbyte = #l2 - 1                                    -- the N of →N (last character)
    local nchar = vim.str_utfindex(l2, nbyte)
    local prep, perr = request(client, bufnr, 'textDocument/prepareRename',
      { textDocument = { uri = uri }, position = { line = 2, character = nchar } })
    emit({ event = 'prepare_rename', character = nchar, result = prep, err = perr })
    for _, bad in ipairs({ 'sqrt', '3x' }) do
      local r, e = request(client, bufnr, 'textDocument/rename',
        { textDocument = { uri = uri }, position = { line = 3, character = 0 }, newName = bad })
      emit({ event = 'rename_refused', new_name = bad, result = r, err = e })
    end
    local r, e = request(client, bufnr, 'textDocument/rename',
      { textDocument = { uri = uri }, position = { line = 3, character = 0 }, newName = 'total' })
    emit({ event = 'rename_edit', result = r, err = e })
    vim.api.nvim_win_set_cursor(0, { 4, 0 })
    local before = table.concat(lines(bufnr), '\n')
    vim.lsp.buf.rename('total')
    vim.wait(5000, function() return table.concat(lines(bufnr), '\n') ~= before end, 20)
    emit({ event = 'renamed', lines = lines(bufnr) })

    -- 5. incremental changes, positions after multi-byte characters: 0 ÷ -> 2 ÷ on line 1
    --    (byte column 12 is UTF-16 column 8), text appended after the emoji of line 0.
    local n_before = #raw_diagnostics
    local l1 = lines(bufnr)[2]
    local zero = l1:find(' 0 ', 1, true)
    vim.api.nvim_buf_set_text(bufnr, 1, zero, 1, zero + 1, { '2' })
    local l0 = lines(bufnr)[1]
    vim.api.nvim_buf_set_text(bufnr, 0, #l0, 0, #l0, { ' more' })
    vim.api.nvim_buf_set_lines(bufnr, -1, -1, false, { '  3   4+5×  # x' })
    local function has_div0()
      local last = raw_diagnostics[#raw_diagnostics]
      for _, d in ipairs(last.diagnostics) do
        if d.code == 'division-by-zero' then return true end
      end
      return false
    end
    vim.wait(5000, function() return #raw_diagnostics > n_before and not has_div0() end, 20)
    vim.wait(500, function() return false end, 20)
    emit({ event = 'changed', lines = lines(bufnr), params = raw_diagnostics[#raw_diagnostics] })

    -- 6. formatting through the editor (applies the server's TextEdits)
    if vim.lsp.buf.format then vim.lsp.buf.format({ timeout_ms = 5000, bufnr = bufnr })
    else vim.lsp.buf.formatting_sync(nil, 5000) end
    emit({ event = 'formatted', lines = lines(bufnr) })
  end

  -- 7. shutdown + exit, the server's exit status
  client.stop()
  vim.wait(5000, function() return server_exit ~= nil end, 20)
  emit({ event = 'exit', server_exit = server_exit or vim.NIL })
  return 0
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  emit({ event = 'error', error = type(err) == 'table' and err or tostring(err) })
  finish(2)
else
  finish(0)
end
