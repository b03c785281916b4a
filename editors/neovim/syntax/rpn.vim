" Vim syntax file for RPN programs (*.rpn); mirrors grammar/rpn.tmLanguage.json.
if exists('b:current_syntax')
  finish
endif

" Built-in names are case-insensitive (ASCII).
syntax case ignore

" Order matters: later rules win when several match at the same column.
syntax match rpnVariable  /\%(^\|[ \t]\|[-+−*×\/÷^√±π→<>=≤≥≠]\)\@<=[[:alpha:]_][[:alnum:]_]*/
syntax keyword rpnOperator pow mod rem xor and or
syntax keyword rpnFunction sqrt sin cos tan asin acos atan ln log exp abs neg chs
syntax keyword rpnFunction idiv gcd lcm comb perm root hypot atan2 min max fact floor ceil round
syntax keyword rpnFunction trunc ip fp sign inv sq cbrt exp10 log2 sinh cosh tanh asinh acosh atanh not
" Constants are case-sensitive: PI and E are variables.
syntax case match
syntax keyword rpnConstant pi e
syntax case ignore
syntax keyword rpnStack    dup drop swap over rot clear depth pick roll rolld nip tuck dup2 drop2
syntax keyword rpnStack    dupn dropn last lastx
syntax match rpnFunction  /[√±!~]\|%ch/
" After the functions, so that != wins over ! at the same column.
syntax match rpnOperator  /[-+−*×\/÷^%&|<>=≤≥≠]\|<<\|>>\|<=\|>=\|==\|!=/
syntax match rpnConstant  /π/
syntax match rpnNumber    /\%(^\|[ \t]\)\@<=-\=\%(\d\+\%(\.\d*\)\=\|\.\d\+\)\%([eE][-+]\=\d\+\)\=\ze\%([ \t#+\-−*×\/÷^√π±→<>=≤≥≠]\|$\)/
syntax match rpnNumber    /\%([-+−*×\/÷^√±π<>=≤≥≠]\)\@<=\%(\d\+\%(\.\d*\)\=\|\.\d\+\)\%([eE][-+]\=\d\+\)\=\ze\%([ \t#+\-−*×\/÷^√π±→<>=≤≥≠]\|$\)/
syntax match rpnStore     /\%(->\|→\)[[:alpha:]_][[:alnum:]_]*/
syntax match rpnComment   /#.*$/ contains=@Spell

highlight default link rpnComment  Comment
highlight default link rpnNumber   Number
highlight default link rpnOperator Operator
highlight default link rpnFunction Function
highlight default link rpnConstant Constant
highlight default link rpnStack    Statement
highlight default link rpnStore    StorageClass
highlight default link rpnVariable Identifier

let b:current_syntax = 'rpn'
