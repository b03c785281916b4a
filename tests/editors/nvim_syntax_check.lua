-- Reports the syntax group of every character of a file in headless Neovim (0.7+) with the
-- syntax file of editors/neovim. Run by tests/editors/test_highlighting.py:
--   RPN_PLUGIN=editors/neovim RPN_FILE=x.rpn \
--   timeout 60 nvim --headless -u NONE -i NONE -n -c "luafile tests/editors/nvim_syntax_check.lua"
-- Writes one JSON object per line: {event = "word", line = 0-based line, text = the word,
-- groups = the syntax group of each of its characters ("" for none)} for every run of
-- characters other than space and tab, then {event = "done"}; {event = "error"} on a Lua error.

local function emit(tbl)
  io.stdout:write(vim.fn.json_encode(tbl) .. '\n')
  io.stdout:flush()
end

local ok, err = pcall(function()
  local plugin = assert(os.getenv('RPN_PLUGIN'), 'RPN_PLUGIN not set')
  local file = assert(os.getenv('RPN_FILE'), 'RPN_FILE not set')
  vim.opt.runtimepath:prepend(plugin)
  vim.cmd('filetype plugin on')
  vim.cmd('syntax on')
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  assert(vim.bo.syntax == 'rpn', 'the rpn syntax is not active: ' .. vim.bo.syntax)
  local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  for lnum, line in ipairs(lines) do
    local from = 1
    while true do
      local s, e = line:find('[^ \t]+', from)
      if not s then break end
      local word = line:sub(s, e)
      local groups = {}
      local col = s
      for _, char in ipairs(vim.fn.split(word, '\\zs')) do
        groups[#groups + 1] = vim.fn.synIDattr(vim.fn.synID(lnum, col, 1), 'name')
        col = col + #char
      end
      emit({ event = 'word', line = lnum - 1, text = word, groups = groups })
      from = e + 1
    end
  end
  emit({ event = 'done' })
end)
if not ok then
  emit({ event = 'error', error = tostring(err) })
  vim.cmd('2cquit!')
end
vim.cmd('qall!')
