" Vim syntax file for RPN programs (*.rpn); mirrors grammar/rpn.tmLanguage.json.
if exists('b:current_syntax')
  finish
endif

" Built-in names are case-insensitive (ASCII).
syntax case ignore

" Order matters: later rules win when several match at the same column.
" A word no valid token begins (2x, $[, x$): invalid to the next delimiter, brackets and all
" ({ } [ ] ' end only valid words), no group of its own; every valid token wins over it.
syntax match rpnInvalid   /\%(^\|[ \t]\|[-+−*×\/÷^√±π→%&|~!<>=≤≥≠∂∫ΣΠ:;{}\[\]']\)\@<=[^ \t#+\-−*×\/÷^√π±→%&|~!<>=≤≥≠∂∫ΣΠ:;]\+/ transparent contains=NONE
syntax match rpnVariable  /\%(^\|[ \t]\|[-+−*×\/÷^√±π→%&|~!<>=≤≥≠∂∫ΣΠ:;{}\[\]']\)\@<=[[:alpha:]_][[:alnum:]_]*?\=\ze\%([ \t#+\-−*×\/÷^√π±→%&|~!<>=≤≥≠∂∫ΣΠ:;{}\[\]']\|$\)/
syntax keyword rpnOperator pow mod rem xor and or
syntax keyword rpnFunction sqrt sin cos tan asin acos atan ln log exp abs neg chs
syntax keyword rpnFunction idiv gcd lcm comb perm root hypot atan2 min max fact floor ceil round
syntax keyword rpnFunction trunc ip fp sign inv sq cbrt exp10 log2 sinh cosh tanh asinh acosh atanh not
syntax keyword rpnFunction powmod isprime nextprime prevprime rat torad todeg
syntax keyword rpnFunction re im conj arg cplx reim
" Issue 19: analysis over a free variable
syntax keyword rpnFunction solve integrate der taylor
" Issue 19: lists and quotations
syntax keyword rpnFunction size rev sort head tail sum prod mean median mode var sdev pvar psdev
syntax keyword rpnFunction minimum maximum get concat seq map filter cov corr quantile histogram put fold
" Constants are case-sensitive: PI and E are variables.
syntax case match
syntax keyword rpnConstant pi e
syntax case ignore
syntax keyword rpnStack    dup drop swap over rot clear depth pick roll rolld nip tuck dup2 drop2
syntax keyword rpnStack    dupn dropn last lastx
" Issue 19 (→list and list→ are matches, below)
syntax keyword rpnStack    linreg times call
syntax keyword rpnDirective deg rad unset float exact digits complex real
syntax keyword rpnKeyword  if else then for next step begin until include
" The quoted file name right after include on its line.
syntax match rpnPath      /\c\%(\<include[ \t]\+\)\@<="[^"]*"/
" Case-sensitive (\C): Π (prod) is π (the constant) in another case.
syntax match rpnFunction  /\C[√±!~∂∫ΣΠ]/
" After the functions, so that != wins over ! at the same column.
syntax match rpnOperator  /[-+−*×\/÷^%&|<>=≤≥≠]\|<<\|>>\|<=\|>=\|==\|!=/
" After the operators, so that %ch wins over % when a delimiter follows it.
syntax match rpnFunction  /%ch\ze\%([ \t#+\-−*×\/÷^√π±→%&|~!<>=≤≥≠∂∫ΣΠ:;{}\[\]']\|$\)/
syntax match rpnConstant  /\Cπ/
" Numbers: decimal (2i imaginary), or an integer in base 16, 8 or 2 (0x1F, 0o17, 0b1011).
syntax match rpnNumber    /\%(^\|[ \t]\)\@<=-\=\%(0x\x\+\|0o\o\+\|0b[01]\+\|\%(\d\+\%(\.\d*\)\=\|\.\d\+\)\%([eE][-+]\=\d\+\)\=i\=\)\ze\%([ \t#+\-−*×\/÷^√π±→%&|~!<>=≤≥≠∂∫ΣΠ:;{}\[\]']\|$\)/
syntax match rpnNumber    /\%([-+−*×\/÷^√±π%&|~!<>=≤≥≠∂∫ΣΠ:;{}\[\]']\)\@<=\%(0x\x\+\|0o\o\+\|0b[01]\+\|\%(\d\+\%(\.\d*\)\=\|\.\d\+\)\%([eE][-+]\=\d\+\)\=i\=\)\ze\%([ \t#+\-−*×\/÷^√π±→%&|~!<>=≤≥≠∂∫ΣΠ:;{}\[\]']\|$\)/
syntax match rpnStore     /\%(->\|→\)[[:alpha:]_][[:alnum:]_]*?\=/
" →list and list→ (->list, list->): stack words, not stores; list→x is list→ then x.
syntax match rpnStack     /\%(->\|→\)list\ze\%([ \t#+\-−*×\/÷^√π±→%&|~!<>=≤≥≠∂∫ΣΠ:;{}\[\]']\|$\)/
syntax match rpnStack     /\%(^\|[ \t]\|[-+−*×\/÷^√±π→%&|~!<>=≤≥≠∂∫ΣΠ:;{}\[\]']\)\@<=list\%(->\|→\)/
" { } (a list), [ ] (a quotation), ' (a word as a quotation): keywords of one character.
syntax match rpnKeyword   /[{}\[\]']/
" Definitions: `: NAME … ;`. The identifier after a : on its line is the word being defined,
" even one that is a built-in word (nextgroup wins over keywords).
syntax match rpnDefine    /:/ nextgroup=rpnWordName skipwhite
syntax match rpnDefine    /;/
syntax match rpnWordName  /[[:alpha:]_][[:alnum:]_]*?\=\ze\%([ \t#+\-−*×\/÷^√π±→%&|~!<>=≤≥≠∂∫ΣΠ:;{}\[\]']\|$\)/ contained
" ( … -- … ) on one line, where a token starts: a stack effect (a comment where no definition
" begins). The names standing alone before the -- standing alone are its parameters.
syntax region rpnStackEffect start=/\%(^\|[ \t]\|[-+−*×\/÷^√±π→%&|~!<>=≤≥≠∂∫ΣΠ:;{}\[\]']\)\@<=(\ze\%([^)]*[ \t]\)\=--\%([ \t][^)]*\)\=)/ end=/)/ oneline contains=rpnParameter,rpnStackEffectOutputs
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
