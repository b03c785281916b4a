;;; rpn-mode.el --- Major mode for RPN programs, with the rpn language server  -*- lexical-binding: t -*-

;; Version: 0.1
;; Package-Requires: ((emacs "26.1"))
;; Keywords: languages

;;; Commentary:

;; A major mode for `*.rpn' files (reverse Polish notation programs of the `rpn' tool):
;; `#' comments, highlighting of numbers, operators, functions, constants, stack words,
;; directives, stores (→M, ->M), definitions (`: NAME ( a b -- c ) … ;'), their stack
;; effects and parameters, the keywords of branches and loops, and the brackets of lists
;; and quotations ({ } [ ] ').  Built-in names are case-insensitive.
;;
;; With eglot, `M-x eglot' (or `eglot-ensure' in `rpn-mode-hook') starts the language server
;; `rpn lsp' for the buffer: diagnostics, hover, completion, rename and formatting.  In
;; rpn-mode, C-c C-e shows the value of the program up to point (the server's rpn.evaluate
;; command) and C-c C-r renames a variable, refusing built-in words at once.
;;
;;   (add-to-list 'load-path "/path/to/rpn/editors/emacs")
;;   (require 'rpn-mode)
;;   (setq rpn-server-command '("rpn" "lsp"))   ; rpn on PATH, or its full path
;;   (add-hook 'rpn-mode-hook #'eglot-ensure)

;;; Code:

(defgroup rpn nil
  "Reverse Polish notation programs."
  :group 'languages
  :prefix "rpn-")

(defcustom rpn-server-command '("rpn" "lsp")
  "Command (program and arguments) of the rpn language server, for eglot.
\"rpn\" is looked up on `exec-path' (from PATH); `scripts/install' puts it
in ~/.local/bin.  Give the full path of the binary if Emacs does not find it."
  :type '(repeat string)
  :group 'rpn)

(defconst rpn--run-delimiters " \t\n\r\v\f#+−*×/÷^√π±→%&|~!<>=≤≥≠∂∫ΣΠ:;-"
  "Characters that end every word, an invalid one too (the contents of a regexp
character class or of a `skip-chars-forward' set; - last).")

(defconst rpn--brackets "][{}'"
  "The keyword tokens of one character: { } (a list), [ ] (a quotation) and '
(a word as a quotation).  They end a valid word ({1 2}, [dup]), but an invalid
word runs on through them (2x], $[).  The contents of a regexp character
class; ] first.")

(defconst rpn--delimiters (concat rpn--brackets rpn--run-delimiters)
  "Characters that end a valid word.
The contents of a regexp character class; ] first, - last.")

(defconst rpn--word-end (concat "\\(?:[" rpn--delimiters "]\\|$\\)")
  "What may follow a word: a delimiter or the end of the line.")

(defconst rpn--word-start (concat "\\(?:^\\|[" rpn--delimiters "]\\)")
  "What may precede a word.")

(defconst rpn-functions
  '("sqrt" "sin" "cos" "tan" "asin" "acos" "atan" "ln" "log" "exp" "abs" "neg" "chs"
    "idiv" "gcd" "lcm" "comb" "perm" "root" "hypot" "atan2" "min" "max" "fact" "floor" "ceil"
    "round" "trunc" "ip" "fp" "sign" "inv" "sq" "cbrt" "exp10" "log2" "sinh" "cosh" "tanh"
    "asinh" "acosh" "atanh" "not"
    "powmod" "isprime" "nextprime" "prevprime" "rat" "torad" "todeg"
    "re" "im" "conj" "arg" "cplx" "reim"
    ;; Issue 19: analysis over a free variable
    "solve" "integrate" "der" "taylor"
    ;; Issue 19: lists and quotations
    "size" "rev" "sort" "head" "tail" "sum" "prod" "mean" "median" "mode" "var" "sdev"
    "pvar" "psdev" "minimum" "maximum" "get" "concat" "seq" "map" "filter" "cov" "corr"
    "quantile" "histogram" "put" "fold")
  "Built-in functions (one operand or two).")

(defconst rpn-constants '("pi" "e")
  "Built-in constants, case-sensitive: PI and E are variables.")

(defconst rpn-stack-words '("dup" "drop" "swap" "over" "rot" "clear" "depth" "pick" "roll" "rolld"
                                "nip" "tuck" "dup2" "drop2" "dupn" "dropn" "last" "lastx"
                                ;; Issue 19 (→list and list→ have rules of their own)
                                "linreg" "times" "call")
  "Built-in stack words.")

(defconst rpn-operator-words '("pow" "mod" "rem" "xor" "and" "or")
  "Built-in operators spelled as words.")

(defconst rpn-directives '("deg" "rad" "unset" "float" "exact" "digits" "complex" "real")
  "Built-in words that change the machine rather than the stack.")

(defconst rpn-keywords '("if" "else" "then" "for" "next" "step" "begin" "until" "include")
  "The keywords of branches and loops, and include.")

(defun rpn--keyword-matcher (words &optional case-sensitive)
  "A font-lock matcher for WORDS as whole words, in any case unless CASE-SENSITIVE.
The word is group 1."
  (let ((re (concat rpn--word-start "\\(" (regexp-opt words) "\\)" rpn--word-end)))
    (lambda (limit)
      (let ((case-fold-search (not case-sensitive))
            (found nil))
        (while (and (not found) (re-search-forward re limit t))
          (setq found (rpn--token-start-p (match-beginning 1)))
          ;; leave point right after the word: the delimiter may start the next word
          (goto-char (match-end 1)))
        found))))

(defconst rpn--number-body-re
  (concat "\\(?:0[xX][0-9a-fA-F]+\\|0[oO][0-7]+\\|0[bB][01]+"
          "\\|\\(?:[0-9]+\\(?:\\.[0-9]*\\)?\\|\\.[0-9]+\\)\\(?:[eE][-+]?[0-9]+\\)?i?\\)")
  "A number without its sign.
Decimal (an i after it: 2i), or an integer in base 16, 8 or 2 (0x1F,
0o17, 0b1011).")

(defconst rpn--number-re
  (concat "\\(?:^\\|[ \t\v\f]\\)\\(-?" rpn--number-body-re "\\)" rpn--word-end)
  "A number at the start of a word (a leading - belongs to it).")

(defconst rpn--operator-number-re
  (concat "[][{}'+−*×/÷^√±π<>=≤≥≠%&|~!∂∫ΣΠ:;-]\\(" rpn--number-body-re "\\)" rpn--word-end)
  "A number directly after an operator character or a bracket (3+4, 3+4i, {1 2}).")

(defun rpn--regexp-matcher (re)
  "A font-lock matcher for RE whose text is group 1; resumes right after group 1."
  (lambda (limit)
    (when (re-search-forward re limit t)
      (goto-char (match-end 1))
      t)))

(defun rpn--case-sensitive-matcher (re)
  "A font-lock matcher for RE, whatever `font-lock-keywords-case-fold-search' says."
  (lambda (limit)
    (let ((case-fold-search nil))
      (re-search-forward re limit t))))

(defun rpn--token-matcher (re)
  "A font-lock matcher for RE whose text, group 1, is a token.
Not one inside an invalid word (see `rpn--token-start-p').  Resumes right
after group 1."
  (lambda (limit)
    (let ((found nil))
      (while (and (not found) (re-search-forward re limit t))
        (setq found (rpn--token-start-p (match-beginning 1)))
        (goto-char (match-end 1)))
      found)))

(defface rpn-number '((t :inherit font-lock-constant-face))
  "Face of numbers." :group 'rpn)
(defface rpn-operator '((t :inherit font-lock-keyword-face))
  "Face of operators: + - − * × / ÷ ^ pow, comparisons < = ≠ …, and, or." :group 'rpn)
(defface rpn-function '((t :inherit font-lock-builtin-face))
  "Face of built-in functions: √ sqrt sin … ± chs." :group 'rpn)
(defface rpn-constant '((t :inherit font-lock-constant-face))
  "Face of built-in constants: π pi e." :group 'rpn)
(defface rpn-stack-word '((t :inherit font-lock-preprocessor-face))
  "Face of stack words: dup drop swap over rot clear." :group 'rpn)
(defface rpn-store '((t :inherit font-lock-variable-name-face))
  "Face of stores: →M, ->M." :group 'rpn)
(defface rpn-directive '((t :inherit font-lock-preprocessor-face))
  "Face of directives: deg rad unset float exact digits complex real." :group 'rpn)
(defface rpn-keyword '((t :inherit font-lock-keyword-face))
  "Face of the keywords of branches and loops: if else then for next step begin until; include."
  :group 'rpn)
(defface rpn-path '((t :inherit font-lock-string-face))
  "Face of the quoted file name after include: \"lib.rpn\" in `include \"lib.rpn\"'." :group 'rpn)
(defface rpn-definition '((t :inherit font-lock-keyword-face))
  "Face of : and ;, which begin and end a definition." :group 'rpn)
(defface rpn-word-name '((t :inherit font-lock-function-name-face))
  "Face of the name a definition defines: sq in `: sq dup × ;'." :group 'rpn)
(defface rpn-stack-effect '((t :inherit font-lock-doc-face))
  "Face of a stack effect `( a b -- c )' (a comment where no definition begins)."
  :group 'rpn)
(defface rpn-parameter '((t :inherit font-lock-variable-name-face))
  "Face of the parameters of a stack effect: a and b in `( a b -- c )'." :group 'rpn)

(defconst rpn--identifier-re "[[:alpha:]_][[:alnum:]_]*\\??"
  "An identifier: the name of a variable, a parameter or a word of one's own.")

(defconst rpn--valid-word-re
  (concat "\\(" rpn--number-body-re "\\|" rpn--identifier-re "\\)" rpn--word-end)
  "A number or a name (group 1), then what ends it: a valid word starting
with no delimiter.")

(defun rpn--token-start-p (pos)
  "Whether a token starts at POS, rather than POS being inside an invalid word.
The brackets { } [ ] ' end a valid word but not an invalid one (2x], $[, ->3]):
the words between the last character of `rpn--run-delimiters' and POS are read
again, as the grammar does, to see whether one of them is invalid."
  (save-excursion
    (save-match-data
      (goto-char pos)
      (skip-chars-backward (concat "^" rpn--run-delimiters))
      ;; a stack effect or the file name of an include, highlighted first, ends a token
      ;; where no delimiter does: ( a -- b )}
      (let ((run-start (point)))
        (goto-char pos)
        (while (and (> (point) run-start)
                    (not (memq (get-text-property (1- (point)) 'face)
                               '(rpn-stack-effect rpn-path))))
          (backward-char)))
      (let ((case-fold-search t)
            ;; after the arrow of a store (not of list→) only a name is valid: ->3] is invalid
            (word-re (if (and (looking-back "\\(?:->\\|→\\)" (max (point-min) (- (point) 2)))
                              (not (looking-back (concat rpn--word-start "list\\(?:->\\|→\\)")
                                                 (line-beginning-position))))
                         (concat "\\(" rpn--identifier-re "\\)" rpn--word-end)
                       rpn--valid-word-re)))
        (while (and (< (point) pos)
                    (cond ((memq (char-after) '(?{ ?} ?\[ ?\] ?'))
                           (forward-char 1)
                           t)
                          ((looking-at word-re)
                           (goto-char (match-end 1))
                           (setq word-re rpn--valid-word-re)
                           t))))
        (= (point) pos)))))

(defconst rpn--definition-name-re
  (concat ":[ \t\v\f]*\\(" rpn--identifier-re "\\)" rpn--word-end)
  "The name after a `:' on its line, the word a definition defines (group 1).")

(defvar rpn--parameters-end nil
  "Where the inputs of the stack effect being highlighted end (the `--').")

(defvar rpn--stack-effect-end nil
  "Where the stack effect being highlighted ends (after its `)').")

(defun rpn--match-stack-effect (limit)
  "Find the next stack effect ( … -- … ) before LIMIT, outside comments.
Group 1 is the stack effect: a `(' that starts a token (not sqrt(2)), a `--'
standing alone and the next `)' on the line.  A `(' without them is no token."
  (let ((re (concat "\\(?:^\\|[" rpn--delimiters "]\\)"
                    "\\((\\(?:[^)\n]*[ \t]\\)?--\\(?:[ \t][^)\n]*\\)?)\\)"))
        (found nil))
    (while (and (not found) (re-search-forward re limit t))
      (goto-char (match-end 1))
      (unless (save-match-data (nth 4 (syntax-ppss (match-beginning 1))))
        (setq found t)))
    found))

(defun rpn--stack-effect-parameters ()
  "Before the parameters of the stack effect just matched: find its inputs.
They are the words before a `--' standing alone; without one there are none.
Leaves point at the `(' and returns nil (`rpn--match-parameter' has its end)."
  (let ((start (match-beginning 1))
        (end (match-end 1)))
    (setq rpn--stack-effect-end end)
    (goto-char start)
    (setq rpn--parameters-end
          (and (re-search-forward "[ \t(]\\(--\\)[ \t)]" end t) (match-beginning 1)))
    (goto-char start)
    nil))

(defun rpn--match-parameter (_limit)
  "Find the next parameter of the stack effect being highlighted (group 1)."
  (when (and rpn--parameters-end
             (re-search-forward (concat "[ \t(]\\(" rpn--identifier-re "\\)[ \t]")
                                rpn--parameters-end t))
    (goto-char (match-end 1))
    t))

(defconst rpn-font-lock-keywords
  `(;; include "lib.rpn": the quoted name right after include on its line, first: what is
    ;; inside the quotes is no number or word
    (,(rpn--regexp-matcher "\\(?:[Ii][Nn][Cc][Ll][Uu][Dd][Ee][ \t]+\\)\\(\"[^\"\n]*\"\\)") 1 'rpn-path)
    ;; ( a b -- c ), with the parameters a and b
    (rpn--match-stack-effect
     (1 'rpn-stack-effect)
     (rpn--match-parameter (rpn--stack-effect-parameters) (goto-char rpn--stack-effect-end)
                           (1 'rpn-parameter t)))
    ;; : NAME … ;
    (,(rpn--regexp-matcher rpn--definition-name-re) 1 'rpn-word-name)
    ("[:;]" 0 'rpn-definition)
    ;; →list and list→ (->list, list->): stack words, not stores; list→x is list→ then x
    (,(rpn--regexp-matcher (concat "\\(\\(?:->\\|→\\)list\\)" rpn--word-end)) 1 'rpn-stack-word)
    (,(rpn--token-matcher (concat rpn--word-start "\\(list\\(?:->\\|→\\)\\)")) 1 'rpn-stack-word)
    ;; stores: →M, ->rate
    ("\\(?:->\\|→\\)[[:alpha:]_][[:alnum:]_]*\\??" 0 'rpn-store)
    (,(rpn--regexp-matcher rpn--number-re) 1 'rpn-number)
    (,(rpn--token-matcher rpn--operator-number-re) 1 'rpn-number)
    ("%[cC][hH]" 0 'rpn-function)
    ;; the two-character operators first: != is not ! then =
    ("<<\\|>>\\|<=\\|>=\\|==\\|!=\\|[-+−*×/÷^%&|<>=≤≥≠]" 0 'rpn-operator)
    ;; case-sensitive: Π (prod) is π (the constant) in another case
    (,(rpn--case-sensitive-matcher "[√±!~∂∫ΣΠ]") 0 'rpn-function)
    (,(rpn--case-sensitive-matcher "π") 0 'rpn-constant)
    (,(rpn--keyword-matcher rpn-operator-words) 1 'rpn-operator)
    (,(rpn--keyword-matcher rpn-functions) 1 'rpn-function)
    (,(rpn--keyword-matcher rpn-constants t) 1 'rpn-constant)
    (,(rpn--keyword-matcher rpn-stack-words) 1 'rpn-stack-word)
    (,(rpn--keyword-matcher rpn-directives) 1 'rpn-directive)
    (,(rpn--keyword-matcher rpn-keywords) 1 'rpn-keyword)
    ;; { } [ ] ': keywords, except inside an invalid word (2x], $[)
    (,(rpn--token-matcher (concat "\\([" rpn--brackets "]\\)")) 1 'rpn-keyword))
  "Highlighting of RPN programs.
Stack effects and their parameters, definitions, stores, numbers, operators,
functions, constants, stack words, directives, keywords and brackets.")

(defvar rpn-mode-syntax-table
  (let ((st (make-syntax-table)))
    (modify-syntax-entry ?# "<" st)
    (modify-syntax-entry ?\n ">" st)
    (modify-syntax-entry ?_ "w" st)
    (dolist (c '(?+ ?- ?− ?* ?× ?/ ?÷ ?^ ?√ ?± ?→ ?> ?< ?= ?≤ ?≥ ?≠ ?∂ ?∫ ?Σ ?Π ?% ?& ?| ?~ ?! ?: ?\;))  ; > too: the arrow -> is no part of a name
      (modify-syntax-entry c "." st))
    (modify-syntax-entry ?π "w" st)
    ;; the brackets of lists and quotations end a name, and pair up
    (modify-syntax-entry ?{ "(}" st)
    (modify-syntax-entry ?} "){" st)
    (modify-syntax-entry ?\[ "(]" st)
    (modify-syntax-entry ?\] ")[" st)
    (modify-syntax-entry ?' "." st)
    (dolist (c '(?\( ?\) ?\"))
      (modify-syntax-entry c "_" st))
    st)
  "Syntax table of `rpn-mode'.
`#' starts a comment that runs to the end of the line.")

(defvar rpn-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-c C-e") #'rpn-evaluate-at-point)
    (define-key map (kbd "C-c C-r") #'rpn-rename)
    (define-key map [remap eglot-rename] #'rpn-rename)
    map)
  "Keymap of `rpn-mode'.")

;;;###autoload
(define-derived-mode rpn-mode prog-mode "RPN"
  "Major mode for RPN (reverse Polish notation) programs.

Start the language server with \\[eglot].  With the server:
\\[rpn-evaluate-at-point] shows the value of the program up to point,
\\[rpn-rename] renames the variable at point.

\\{rpn-mode-map}"
  :syntax-table rpn-mode-syntax-table
  :group 'rpn
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local comment-end "")
  (setq-local indent-tabs-mode nil)
  (setq-local font-lock-defaults '(rpn-font-lock-keywords nil t)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.rpn\\'" . rpn-mode))

(defcustom rpn-formatting-glyphs "keep"
  "How the language server formats operator glyphs.
\"keep\" leaves them, \"unicode\" writes × ÷ − √ π → ≤ ≥ ≠, \"ascii\" writes
* / - sqrt pi -> <= >= !=.  Sent to the server as initializationOptions."
  :type '(choice (const "keep") (const "unicode") (const "ascii"))
  :group 'rpn)

(defcustom rpn-formatting-indent-width 2
  "Spaces the language server's formatting indents each level by.
A level is a definition's body, a part of an if or a loop body; 0 to 8.
The server does not read `tab-width' or the client's tab size: this
setting, sent as initializationOptions, is the width."
  :type 'integer
  :group 'rpn)

(defun rpn-eglot-contact (&optional _interactive)
  "The eglot contact of the rpn server: `rpn-server-command' and its options.
A program that is not found is reported with what to do about it."
  (let ((program (car rpn-server-command)))
    (unless (or (file-remote-p default-directory) (executable-find program))
      (user-error (concat "rpn-mode: cannot find `%s' on exec-path: install rpn with "
                          "scripts/install (~/.local/bin must be on PATH) or set "
                          "`rpn-server-command' to its full path")
                  program)))
  (append rpn-server-command
          (list :initializationOptions
                (list :formatting (list :glyphs rpn-formatting-glyphs
                                        :indentWidth rpn-formatting-indent-width)))))

(defvar eglot-server-programs)
;;;###autoload
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(rpn-mode . rpn-eglot-contact)))

;;; Commands that talk to the server
;; The eglot internals named here exist from eglot 1.9 (Debian 12's) to at least 1.24.

(declare-function eglot-current-server "eglot")
(declare-function eglot-rename "eglot")
(declare-function eglot--TextDocumentPositionParams "eglot")
(declare-function eglot--signal-textDocument/didChange "eglot")
(declare-function jsonrpc-request "jsonrpc")

(defconst rpn--method-not-found -32601 "JSON-RPC error code of an unknown method.")

(defun rpn--error-message (err)
  "The server's words in the `jsonrpc-error' ERR (or the error's own message)."
  (or (alist-get 'jsonrpc-error-message (cdr-safe err))
      (error-message-string err)))

(defun rpn--server ()
  "The eglot connection of the buffer, or a `user-error' saying how to start one."
  (or (and (fboundp 'eglot-current-server) (eglot-current-server))
      (user-error "No rpn language server here: start it with M-x eglot")))

(defun rpn--position-params ()
  "The textDocument and position of point, for a request to the server."
  (rpn--server)
  (eglot--TextDocumentPositionParams))

(defun rpn--request (method params &optional what)
  "Send METHOD with PARAMS to the buffer's rpn server, after pending changes.
Return the result; a refusal by the server is a `user-error' in its words.
WHAT names the feature for a server too old to have it (default: METHOD)."
  (let ((server (rpn--server)))
    (when (fboundp 'eglot--signal-textDocument/didChange)
      (eglot--signal-textDocument/didChange))
    (condition-case err
        (jsonrpc-request server method params)
      (jsonrpc-error
       (if (eql (alist-get 'jsonrpc-error-code (cdr-safe err)) rpn--method-not-found)
           (user-error "This `rpn lsp' has no %s; update rpn (scripts/install)"
                       (or what (substring (symbol-name method) 1))) ; without the colon
         (user-error "%s" (rpn--error-message err)))))))

(defun rpn-evaluate-at-point ()
  "Show the value of the program up to point: `√(3+5) = 2.8284271247461903'.
The language server computes it (its rpn.evaluate command); variables
stored nowhere before point have no value.  Returns the text."
  (interactive)
  (let* ((at (rpn--position-params))
         (uri (plist-get (plist-get at :textDocument) :uri))
         (result (rpn--request
                  :workspace/executeCommand
                  (list :command "rpn.evaluate"
                        :arguments (vector (list :uri uri :position (plist-get at :position))))
                  "rpn.evaluate command"))
         (text (and (listp result) (plist-get result :text))))
    (unless (stringp text)
      (user-error "The rpn server sent no result: update rpn (scripts/install)"))
    (message "%s" text)
    text))

(defun rpn--rename-errors-in-words (rename &rest args)
  "Around `eglot-rename' (RENAME with ARGS): in `rpn-mode', say in words
why the server refused.  Eglot 1.9 shows the raw `jsonrpc-error' otherwise."
  (if (not (derived-mode-p 'rpn-mode))
      (apply rename args)
    (condition-case err
        (apply rename args)
      (jsonrpc-error (user-error "Cannot rename `%s': %s"
                                 (or (thing-at-point 'symbol t) "this")
                                 (rpn--error-message err))))))

;; Not autoloaded: the advice acts in rpn-mode buffers only, which load this file.
(with-eval-after-load 'eglot
  (advice-add 'eglot-rename :around #'rpn--rename-errors-in-words))

(defun rpn-rename (newname)
  "Rename the name at point to NEWNAME: a variable with its stores and uses,
or a word of one's own or a parameter with its definition and uses.
Asks the server first (textDocument/prepareRename, which eglot 1.9 does
not send), so that a built-in word is refused before a new name is read."
  (interactive
   (let* ((word (or (thing-at-point 'symbol t) "this"))
          (here (rpn--request :textDocument/prepareRename (rpn--position-params))))
     (unless here
       (user-error "Cannot rename `%s': %s" word  ; the server's words, apostrophe kept straight
                   "only variables, words of one's own and their parameters can be renamed"))
     (let ((name (or (plist-get here :placeholder) word)))
       (list (read-string (format "Rename `%s' to: " name) nil nil name)))))
  (eglot-rename newname))

(provide 'rpn-mode)

;;; rpn-mode.el ends here
