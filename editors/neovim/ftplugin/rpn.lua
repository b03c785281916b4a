-- Buffer settings for RPN programs.
if vim.b.did_ftplugin then return end
vim.b.did_ftplugin = 1

vim.bo.commentstring = '# %s'
vim.bo.comments = ':#'
-- Words may contain letters, digits and _; the arrow of a store (→M) is not part of the word
-- so that * and rename-by-word work on the variable name. Latin-1 letters are word characters,
-- × (215) and ÷ (247) are operators: `dup×` is dup and ×.
vim.opt_local.iskeyword = { '@', '48-57', '_', '192-214', '216-246', '248-255' }
vim.bo.expandtab = true

vim.b.undo_ftplugin = 'setlocal commentstring< comments< iskeyword< expandtab<'
