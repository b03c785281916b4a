" Vim syntax file for RPN programs (*.rpn); mirrors grammar/rpn.tmLanguage.json.
if exists('b:current_syntax')
  finish
endif

" Built-in names are case-insensitive (ASCII).
syntax case ignore

" Order matters: later rules win when several match at the same column.
syntax match rpnVariable  /\%(^\|[ \t]\|[-+−*×\/÷^√±π→<>=≤≥≠:;]\)\@<=[[:alpha:]_][[:alnum:]_]*?\=/
syntax keyword rpnOperator pow mod rem xor and or
syntax keyword rpnFunction sqrt sin cos tan asin acos atan ln log exp abs neg chs
syntax keyword rpnFunction idiv gcd lcm comb perm root hypot atan2 min max fact floor ceil round
syntax keyword rpnFunction trunc ip fp sign inv sq cbrt exp10 log2 sinh cosh tanh asinh acosh atanh not
syntax keyword rpnFunction powmod isprime nextprime prevprime rat torad todeg
syntax keyword rpnFunction re im conj arg cplx reim
" Issue 19: analysis over a free variable
syntax keyword rpnFunction solve integrate der taylor
" Constants are case-sensitive: PI and E are variables.
syntax case match
syntax keyword rpnConstant pi e
syntax case ignore
syntax keyword rpnStack    dup drop swap over rot clear depth pick roll rolld nip tuck dup2 drop2
syntax keyword rpnStack    dupn dropn last lastx
syntax keyword rpnDirective deg rad unset float exact digits complex real
syntax keyword rpnKeyword  if else then for next step begin until include
" The quoted file name right after include on its line.
syntax match rpnPath      /\c\%(\<include[ \t]\+\)\@<="[^"]*"/
syntax match rpnFunction  /[√±!~∂∫]/
" After the functions, so that != wins over ! at the same column.
syntax match rpnOperator  /[-+−*×\/÷^%&|<>=≤≥≠]\|<<\|>>\|<=\|>=\|==\|!=/
" After the operators, so that %ch wins over % when a delimiter follows it.
syntax match rpnFunction  /%ch\ze\%([ \t#+\-−*×\/÷^√π±→%&|~!<>=≤≥≠:;]\|$\)/
syntax match rpnConstant  /π/
syntax match rpnNumber    /\%(^\|[ \t]\)\@<=-\=\%(\d\+\%(\.\d*\)\=\|\.\d\+\)\%([eE][-+]\=\d\+\)\=i\=\ze\%([ \t#+\-−*×\/÷^√π±→<>=≤≥≠:;]\|$\)/
syntax match rpnNumber    /\%([-+−*×\/÷^√±π<>=≤≥≠:;]\)\@<=\%(\d\+\%(\.\d*\)\=\|\.\d\+\)\%([eE][-+]\=\d\+\)\=i\=\ze\%([ \t#+\-−*×\/÷^√π±→<>=≤≥≠:;]\|$\)/
syntax match rpnStore     /\%(->\|→\)[[:alpha:]_][[:alnum:]_]*?\=/
" Definitions: `: NAME … ;`. The identifier after a : on its line is the word being defined,
" even one that is a built-in word (nextgroup wins over keywords).
syntax match rpnDefine    /:/ nextgroup=rpnWordName skipwhite
syntax match rpnDefine    /;/
syntax match rpnWordName  /[[:alpha:]_][[:alnum:]_]*?\=\ze\%([ \t#+\-−*×\/÷^√π±→%&|~!<>=≤≥≠:;]\|$\)/ contained
" ( … -- … ) on one line, where a token starts: a stack effect (a comment where no definition
" begins). The names standing alone before the -- standing alone are its parameters.
syntax region rpnStackEffect start=/\%(^\|[ \t]\|[-+−*×\/÷^√±π→%&|~!<>=≤≥≠:;]\)\@<=(\ze\%([^)]*[ \t]\)\=--\%([ \t][^)]*\)\=)/ end=/)/ oneline contains=rpnParameter,rpnStackEffectOutputs
" From the first -- to the ): the outputs, free text.
syntax match rpnStackEffectOutputs /\%([ \t(]\)\@<=--\%([ \t)]\)\@=[^)]*/ contained transparent contains=NONE
syntax match rpnParameter /\%([ \t(]\)\@<=[[:alpha:]_][[:alnum:]_]*?\=\%([ \t]\)\@=\%([^)]*[ \t]--[ \t)]\)\@=/ contained
syntax match rpnComment   /#.*$/ contains=@Spell

highlight default link rpnComment     Comment
highlight default link rpnNumber      Number
highlight default link rpnOperator    Operator
highlight default link rpnFunction    Function
highlight default link rpnConstant    Constant
highlight default link rpnStack       Statement
highlight default link rpnDirective   PreProc
highlight default link rpnStore       StorageClass
highlight default link rpnVariable    Identifier
highlight default link rpnKeyword     Conditional
highlight default link rpnPath        String
highlight default link rpnDefine      Define
highlight default link rpnWordName    Function
highlight default link rpnStackEffect SpecialComment
highlight default link rpnParameter   Identifier

let b:current_syntax = 'rpn'
