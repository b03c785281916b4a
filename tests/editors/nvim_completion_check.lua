-- Completion through Neovim's own omnifunc (<C-x><C-o>, vim.lsp.omnifunc) with the plugin in
-- editors/neovim against `rpn lsp`: Neovim 0.7 takes where the completed text starts from the
-- items' textEdit and inserts each item's newText there, so what lands in the buffer is what
-- the server's edits mean. Run by tests/editors/test_neovim_completion.py:
--   RPN_PLUGIN=editors/neovim RPN_BIN=... RPN_FILE=x.rpn RPN_PICKS='[[line, [labels]], ...]' \
--   timeout 60 nvim --headless -u NONE -i NONE -n -c "luafile tests/editors/nvim_completion_check.lua"
-- For each pick: the cursor at the end of that (0-based) line, <C-x><C-o>, the first of the
-- labels given that is in the menu chosen; one JSON line with the line as it then reads.

local support = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'nvim_support.lua')
local emit = support.emit

local function main()
  vim.opt.runtimepath:prepend(assert(os.getenv('RPN_PLUGIN'), 'RPN_PLUGIN not set'))
  vim.cmd('filetype plugin on')
  require('rpn').setup({ cmd = { assert(os.getenv('RPN_BIN'), 'RPN_BIN not set'), 'lsp' } })
  local file = assert(os.getenv('RPN_FILE'), 'RPN_FILE not set')
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local client = nil
  vim.wait(10000, function()
    for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
      if c.name == 'rpn' and c.initialized ~= false then client = c end
    end
    return client ~= nil
  end, 20)
  if not client then error('no initialized rpn client attached to the buffer within 10s') end
  vim.bo.omnifunc = 'v:lua.vim.lsp.omnifunc' -- as editors/neovim/README.md says to

  local picks = assert(os.getenv('RPN_PICKS'), 'RPN_PICKS not set')
  for _, pick in ipairs(vim.fn.json_decode(picks)) do
    local line, labels = pick[1], pick[2]
    local result = { event = 'completed', line = line, menu = {} }
    vim.api.nvim_win_set_cursor(0, { line + 1, 0 })
    -- In Insert mode (feedkeys with 'x!' returns when it ends): wait for the menu, choose,
    -- read the line, leave Insert mode.
    local deadline = vim.loop.now() + 5000
    local function choose()
      local items = vim.fn.complete_info({ 'items' }).items
      if #items == 0 and vim.loop.now() < deadline then
        vim.defer_fn(choose, 20)
        return
      end
      local position = {}
      for i, item in ipairs(items) do
        result.menu[i] = item.abbr
        position[item.abbr] = position[item.abbr] or i
      end
      for _, label in ipairs(labels) do
        if position[label] then
          result.chosen = label
          vim.api.nvim_select_popupmenu_item(position[label] - 1, true, true, {})
          break
        end
      end
      vim.defer_fn(function()
        result.text = vim.api.nvim_get_current_line()
        vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<Esc>', true, false, true), 'n', false)
      end, 100)
    end
    vim.defer_fn(choose, 20)
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('A<C-x><C-o>', true, false, true), 'x!', false)
    emit(result)
  end
  return 0
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  emit({ event = 'error', error = tostring(err) })
  io.stdout:flush()
  vim.cmd('2cquit!')
else
  io.stdout:flush()
  vim.cmd('qall!')
end
