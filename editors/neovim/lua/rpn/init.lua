-- rpn.nvim: starts the RPN language server (`rpn lsp`) for buffers of filetype `rpn`.
--
--   require("rpn").setup({
--     cmd = { "rpn", "lsp" },                       -- the server command (rpn on PATH)
--     init_options = { formatting = { glyphs = "keep",     -- "keep" | "unicode" | "ascii"
--                                     indentWidth = 2 } },  -- spaces a level, 0 to 8
--     keys = { hover = "K", evaluate = "<leader>=" },       -- false: map no keys
--     inlay_hints = true,                           -- Neovim 0.10+: show them in rpn buffers
--   })
--
-- Works with the built-in client of Neovim 0.7 (vim.lsp.start_client + buf_attach_client)
-- and 0.8+ (vim.lsp.start). Any other key of the options (on_attach, on_exit, handlers,
-- capabilities, settings, flags, root_dir, ...) is passed to the client unchanged; the
-- user's on_attach runs after the plugin's, so its mappings win.
local evaluate = require('rpn.evaluate')

local M = {}

M.defaults = {
  name = 'rpn',
  cmd = { 'rpn', 'lsp' },
  -- The server's formatting settings; indentWidth, not Neovim's 'shiftwidth', sets the indentation.
  init_options = { formatting = { glyphs = 'keep', indentWidth = 2 } },
  -- Files that mark the root of a project; without one, the file's directory is the root.
  root_markers = { '.git', '.hg', 'Package.swift' },
  -- Buffer-local normal-mode keys set when the server attaches (a key set to false is not mapped).
  keys = { hover = 'K', evaluate = '<leader>=' },
  -- Neovim 0.10+ (vim.lsp.inlay_hint): show the server's inlay hints (⇒ description = value).
  inlay_hints = true,
}

M.config = nil
-- root directory -> client id (Neovim 0.7, where vim.lsp.start does not exist)
local clients_by_root = {}

local function find_root(bufnr, markers)
  local name = vim.api.nvim_buf_get_name(bufnr)
  local dir = name ~= '' and vim.fn.fnamemodify(name, ':p:h') or vim.loop.cwd()
  local found = vim.fs and vim.fs.find and vim.fs.find(markers, { path = dir, upward = true })[1]
  if not found and not (vim.fs and vim.fs.find) then
    for _, marker in ipairs(markers) do
      local hit = vim.fn.finddir(marker, dir .. ';')
      if hit == '' then hit = vim.fn.findfile(marker, dir .. ';') end
      if hit ~= '' then found = vim.fn.fnamemodify(hit, ':p'):gsub('/$', ''); break end
    end
  end
  if found then return vim.fn.fnamemodify(found, ':h') end
  return dir
end

-- What the plugin does in each buffer the server attaches to.
local function plugin_on_attach(client, bufnr)
  vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc' -- <C-x><C-o>
  local keys = M.config.keys or {}
  if keys.hover then
    vim.keymap.set('n', keys.hover, vim.lsp.buf.hover,
                   { buffer = bufnr, desc = 'rpn: stack effect, description and value' })
  end
  if keys.evaluate then
    vim.keymap.set('n', keys.evaluate, function() evaluate.at_cursor(bufnr, client.name) end,
                   { buffer = bufnr, desc = 'rpn: evaluate the program through the cursor' })
  end
  if M.config.inlay_hints and vim.lsp.inlay_hint and client.server_capabilities
      and client.server_capabilities.inlayHintProvider then
    pcall(vim.lsp.inlay_hint.enable, true, { bufnr = bufnr })
  end
end

local function client_config(bufnr)
  local cfg = vim.deepcopy(M.config)
  local markers = cfg.root_markers
  cfg.root_markers = nil
  cfg.inlay_hints = nil
  cfg.keys = nil
  if type(cfg.root_dir) == 'function' then
    cfg.root_dir = cfg.root_dir(bufnr)
  end
  cfg.root_dir = cfg.root_dir or find_root(bufnr, markers)
  cfg.workspace_folders = cfg.workspace_folders or {
    { uri = vim.uri_from_fname(cfg.root_dir), name = cfg.root_dir },
  }
  -- deepcopy does not copy functions' identity issues away, but keep the user's callbacks
  for _, key in ipairs({ 'on_attach', 'on_exit', 'on_init', 'before_init', 'on_error' }) do
    cfg[key] = M.config[key]
  end
  local user_on_attach = cfg.on_attach
  cfg.on_attach = function(client, b)
    plugin_on_attach(client, b)
    if user_on_attach then user_on_attach(client, b) end
  end
  cfg.handlers = cfg.handlers or {}
  for key, handler in pairs((M.config.handlers or {})) do cfg.handlers[key] = handler end
  cfg.handlers['window/showMessage'] = evaluate.show_message_handler(cfg.handlers['window/showMessage'])
  return cfg
end

--- Starts (or reuses) the server for `bufnr` and attaches it. Returns the client id.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if not M.config then M.setup() end
  if vim.fn.executable(M.config.cmd[1]) ~= 1 then
    local message = 'rpn: server not found: ' .. tostring(M.config.cmd[1]) .. ' (scripts/install puts rpn '
      .. 'in ~/.local/bin, which must be on PATH; or set cmd to the full path)'
    -- scheduled: an error message written while the FileType autocommand runs is never shown
    vim.schedule(function() vim.notify(message, vim.log.levels.ERROR) end)
    return nil
  end
  local cfg = client_config(bufnr)
  if vim.lsp.start then -- Neovim 0.8+: start or reuse by name + root_dir, and attach
    return vim.lsp.start(cfg, { bufnr = bufnr })
  end
  -- Neovim 0.7
  local id = clients_by_root[cfg.root_dir]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client.is_stopped() then
    id = vim.lsp.start_client(cfg)
    if not id then return nil end
    clients_by_root[cfg.root_dir] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

--- Evaluates the program of `bufnr` (default: the current buffer) through the cursor with the
--- server's rpn.evaluate command and shows the result. What the evaluate key does.
function M.evaluate(bufnr)
  evaluate.at_cursor(bufnr, (M.config or M.defaults).name)
end

--- Configures the plugin; attaches every `rpn` buffer (open now or later) to the server.
function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(M.defaults), opts or {})
  -- tbl_deep_extend merges list-like tables too: let the user's cmd replace the default
  if opts and opts.cmd then M.config.cmd = opts.cmd end
  if opts and opts.root_markers then M.config.root_markers = opts.root_markers end
  if opts and opts.keys == false then M.config.keys = false end

  local group = vim.api.nvim_create_augroup('rpn_lsp', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'rpn',
    callback = function(args) M.attach(args.buf) end,
  })
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(b) and vim.bo[b].filetype == 'rpn' then M.attach(b) end
  end
end

return M
