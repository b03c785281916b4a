-- What the headless Neovim scripts share (nvim_check.lua, nvim_programs_check.lua,
-- nvim_completion_check.lua): loaded with
--   local support = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'nvim_support.lua')
-- Every result is one JSON object per line on stdout; the Python tests assert on them.
local M = {}

-- One result line.
function M.emit(tbl)
  io.stdout:write(vim.fn.json_encode(tbl) .. '\n')
  io.stdout:flush()
end

-- Stops the script at a step that went wrong; the scripts' xpcall reports it.
function M.fail(step, msg)
  error({ step = step, msg = msg })
end

function M.lines(bufnr)
  return vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
end

-- One synchronous request through the attached client; returns result, error.
function M.request(client, bufnr, method, params)
  local resp, err = client.request_sync(method, params, 5000, bufnr)
  if not resp then return nil, { message = 'no response: ' .. tostring(err) } end
  return resp.result, resp.err
end

-- A hover result's text, whichever of the protocol's shapes it has.
function M.hover_text(result)
  if not result then return vim.NIL end
  local c = result.contents
  if type(c) == 'string' then return c end
  if c.value then return c.value end
  local parts = {}
  for _, item in ipairs(c) do parts[#parts + 1] = type(item) == 'string' and item or item.value end
  return table.concat(parts, '\n')
end

-- The text of the floating windows open now (hover shows one), or nil.
function M.float_text()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      local buf = vim.api.nvim_win_get_buf(win)
      return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n'), win
    end
  end
  return nil
end

return M
