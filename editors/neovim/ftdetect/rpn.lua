-- *.rpn files are RPN programs (sourced by :filetype on through runtimepath/ftdetect).
vim.cmd([[autocmd BufRead,BufNewFile *.rpn setfiletype rpn]])
