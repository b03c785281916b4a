-- The value of the program through the cursor, from the server's `rpn.evaluate` command
-- (workspace/executeCommand, arguments { { uri, position } }; the answer's `text` is
-- "√(3+5) = 2.8284271247461903"). For editors without inlay hints (Neovim before 0.10) this is
-- how to see a value; it works on 0.10+ too.
--
-- The server also sends the text as window/showMessage. Neovim 0.7-0.9 writes that with
-- nvim_out_write, so together with our own message there would be two lines and a
-- "Press ENTER" prompt: `show_message_handler` holds back that one copy.
local M = {}

-- client id -> { pending = number of evaluations without an answer yet,
--                held = showMessage notifications that arrived meanwhile,
--                expected = the text of an answer whose showMessage has not arrived yet }
local states = {}

local function state(client_id)
  states[client_id] = states[client_id] or { pending = 0, held = {}, expected = nil }
  return states[client_id]
end

local INFO = vim.log.levels.INFO
local ERROR = vim.log.levels.ERROR

local function is_informational(result)
  -- MessageType: 1 Error, 2 Warning, 3 Info, 4 Log
  return type(result) == 'table' and type(result.message) == 'string' and (result.type or 3) >= 3
end

--- Wraps the window/showMessage handler `next_handler` (nil: Neovim's, looked up at call time)
--- so that the copy of an evaluation's text the server sends is not shown twice.
function M.show_message_handler(next_handler)
  local function forward(err, result, ctx, config)
    local handler = next_handler or vim.lsp.handlers['window/showMessage']
    return handler(err, result, ctx, config)
  end
  return function(err, result, ctx, config)
    if ctx and is_informational(result) then
      local s = state(ctx.client_id)
      if s.pending > 0 then -- wait for the answer: it says which message is its copy
        s.held[#s.held + 1] = { forward = forward, args = { err, result, ctx, config } }
        return nil
      end
      if s.expected == result.message then
        s.expected = nil
        return nil
      end
    end
    return forward(err, result, ctx, config)
  end
end

-- An answer arrived (`text` nil when it has none): drop the copy of its text, held or still
-- to come, and once no evaluation is pending show the other held messages.
local function release(client_id, text)
  local s = state(client_id)
  s.pending = math.max(s.pending - 1, 0)
  if text ~= nil then
    local copy = nil
    for i, held in ipairs(s.held) do
      if held.args[2].message == text then copy = i; break end
    end
    if copy then table.remove(s.held, copy) else s.expected = text end
  end
  if s.pending == 0 then
    local held = s.held
    s.held = {}
    for _, h in ipairs(held) do h.forward(unpack(h.args)) end
  end
end

-- The length of the UTF-8 sequence that starts with byte `b` (1 for a stray byte).
local function sequence_length(b)
  return b < 0x80 and 1 or b >= 0xF0 and 4 or b >= 0xE0 and 3 or b >= 0xC0 and 2 or 1
end

-- The number of `encoding` code units in the first `bytes` bytes of the UTF-8 `line`
-- (counted here: vim.str_utfindex changed its arguments in Neovim 0.11).
local function units(line, bytes, encoding)
  if encoding == 'utf-8' then return bytes end
  local count, i = 0, 1
  while i <= bytes do
    local len = sequence_length(line:byte(i))
    count = count + ((len == 4 and encoding ~= 'utf-32') and 2 or 1) -- a surrogate pair in UTF-16
    i = i + len
  end
  return count
end

-- The position just after the character under the cursor, in the client's encoding: the
-- program through the cursor (after typing, Esc leaves the cursor on the last character).
local function position_through_cursor(bufnr, offset_encoding)
  local row, col = unpack(vim.api.nvim_win_get_cursor(0))
  local line = vim.api.nvim_buf_get_lines(bufnr, row - 1, row, false)[1] or ''
  local byte = line:byte(col + 1)
  local after = byte and math.min(col + sequence_length(byte), #line) or col
  return { line = row - 1, character = units(line, after, offset_encoding) }
end

local function rpn_client(bufnr, name)
  if vim.lsp.get_clients then -- 0.10+ (buf_get_clients is deprecated there)
    return vim.lsp.get_clients({ bufnr = bufnr, name = name })[1]
  end
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == name then return client end
  end
  return nil
end

-- client:request on 0.11+ (where client.request is deprecated), client.request before.
local function request(client, method, params, handler, bufnr)
  if vim.fn.has('nvim-0.11') == 1 then return client:request(method, params, handler, bufnr) end
  return client.request(method, params, handler, bufnr)
end

local function offers_evaluate(client)
  local caps = client.server_capabilities or client.resolved_capabilities or {}
  local provider = caps.executeCommandProvider
  if type(provider) ~= 'table' then return false end
  return vim.tbl_contains(provider.commands or {}, 'rpn.evaluate')
end

--- Evaluates the program of `bufnr` through the cursor and shows the result (vim.notify).
function M.at_cursor(bufnr, client_name)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = rpn_client(bufnr, client_name or 'rpn')
  if not client then
    vim.notify('rpn: no rpn language server in this buffer', ERROR)
    return
  end
  if not offers_evaluate(client) then
    vim.notify("rpn: this 'rpn lsp' has no rpn.evaluate command; update rpn (scripts/install)", ERROR)
    return
  end
  local params = {
    command = 'rpn.evaluate',
    arguments = { { uri = vim.uri_from_bufnr(bufnr),
                    position = position_through_cursor(bufnr, client.offset_encoding) } },
  }
  local s = state(client.id)
  s.pending = s.pending + 1
  local sent = request(client, 'workspace/executeCommand', params, function(err, result)
    local text = type(result) == 'table' and result.text or nil
    release(client.id, text)
    if err then
      vim.notify('rpn: ' .. tostring(err.message or err), ERROR)
    elseif type(text) == 'string' then
      vim.notify(text, INFO)
    else
      vim.notify('rpn: the server sent no result', ERROR)
    end
  end, bufnr)
  if not sent then release(client.id, nil) end
end

return M
