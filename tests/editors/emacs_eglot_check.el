;;; emacs_eglot_check.el --- rpn-mode + eglot + flymake against `rpn lsp', in batch -*- lexical-binding: t -*-
;;
;; Run by tests/editors/test_emacs.py (Emacs 28 + Debian's elpa-eglot 1.9):
;;   RPN_MODE_EL=editors/emacs/rpn-mode.el RPN_BIN=... RPN_FILE=x.rpn \
;;   RPN_MODE=main|glyphs|indent|evaluate|readme|programs timeout 60 emacs -Q --batch -l tests/editors/emacs_eglot_check.el
;; Modes: main (the example document against the real server), glyphs (formatting with glyphs
;; = unicode), indent (formatting with `rpn-formatting-indent-width' 4), evaluate (C-c C-e against the stand-in server whose command line is the JSON
;; list RPN_FAKE_CMD), readme (RPN_SNIPPET, the README's first snippet, evaluated as a user's
;; init file would, with `rpn' found on PATH and eglot started by `eglot-ensure'), programs
;; (issue 10: typing a definition, hover on a call, rename of a word; see `rpn-check--programs').
;; Writes one JSON object per line to stdout (Emacs and eglot messages go to stderr); the
;; assertions are in Python. Exit status 0 when the script ran to the end, 2 on a Lisp error.

(unless (require 'eglot nil t)
  ;; -Q: Debian installs eglot under /usr/share/emacs/site-lisp/elpa
  (require 'package)
  (add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
  (package-initialize)
  (require 'eglot))
(require 'flymake)
(require 'json)
(require 'subr-x)
(require 'cl-lib)

(defun rpn-check--emit (&rest plist)
  (princ (concat (json-encode plist) "\n")))

(defun rpn-check--wait (pred seconds)
  "Process output until PRED is true or SECONDS pass; return PRED's value."
  (let ((deadline (+ (float-time) seconds)) (v nil))
    (while (and (not (setq v (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    v))

(defun rpn-check--pos (line col)
  "Move point to 0-based LINE and character column COL."
  (goto-char (point-min))
  (forward-line line)
  (forward-char col))

(defun rpn-check--lines ()
  (vconcat (split-string (buffer-substring-no-properties (point-min) (point-max)) "\n")))

(defun rpn-check--flymake ()
  "The flymake diagnostics of the buffer as plists of 0-based line and character columns."
  (vconcat
   (mapcar (lambda (d)
             (let ((beg (flymake-diagnostic-beg d)) (end (flymake-diagnostic-end d)))
               (list :line (1- (line-number-at-pos beg))
                     :col (save-excursion (goto-char beg) (current-column))
                     :end_line (1- (line-number-at-pos end))
                     :end_col (save-excursion (goto-char end) (current-column))
                     :type (symbol-name (flymake-diagnostic-type d))
                     :text (flymake-diagnostic-text d))))
           (sort (flymake-diagnostics) (lambda (a b) (< (flymake-diagnostic-beg a)
                                                        (flymake-diagnostic-beg b)))))))

(defvar rpn-check--published nil "Every publishDiagnostics params, newest first.")
(advice-add 'eglot-handle-notification :before
            (lambda (_server method &rest params)
              (when (eq method 'textDocument/publishDiagnostics)
                (push params rpn-check--published))))

(defun rpn-check--request (server method params)
  "A synchronous request; returns (:result R) or (:error MESSAGE CODE)."
  (condition-case err
      (list :result (jsonrpc-request server method params))
    (jsonrpc-error
     (list :error (alist-get 'jsonrpc-error-message (cdr err))
           :code (alist-get 'jsonrpc-error-code (cdr err))))))

(defun rpn-check--hover-text (hover)
  (let ((c (plist-get hover :contents)))
    (cond ((null hover) nil)
          ((stringp c) c)
          ((plist-get c :value))
          (t (format "%S" c)))))

(defvar rpn-check--messages nil "Every message shown in the echo area, newest first.")
(advice-add 'message :around
            (lambda (show format-string &rest args)
              (let ((text (apply show format-string args)))
                (when text (push (substring-no-properties text) rpn-check--messages))
                text)))

(defun rpn-check--seen (command &optional answers)
  "Run COMMAND as a key would; return what the user sees and the prompts it asked.
ANSWERS are what the minibuffer reads return, in order.  What the user sees is the
error message the command loop would print, or else the last message."
  (let ((prompts nil) (seen nil) (before rpn-check--messages))
    (cl-letf (((symbol-function 'read-from-minibuffer)
               (lambda (prompt &rest _) (push prompt prompts) (or (pop answers) "")))
              ((symbol-function 'read-string)
               (lambda (prompt &rest _) (push prompt prompts) (or (pop answers) ""))))
      (condition-case err
          (progn (call-interactively command)
                 (unless (eq rpn-check--messages before) (setq seen (car rpn-check--messages))))
        (error (setq seen (error-message-string err)))))
    (list :command (symbol-name command) :seen seen :prompts (vconcat (nreverse prompts)))))

(defun rpn-check--shutdown (server)
  "Orderly shutdown: `eglot-shutdown' would SIGKILL the server right after `exit', so send
shutdown + exit ourselves and report the process's own exit status."
  (let ((proc (jsonrpc--process server)))
    (setf (eglot--shutdown-requested server) t)
    (let ((r (rpn-check--request server :shutdown nil)))
      (jsonrpc-notify server :exit nil)
      (rpn-check--wait (lambda () (not (process-live-p proc))) 5)
      (rpn-check--emit :event "exit" :shutdown_result (plist-get r :result)
                       :shutdown_error (plist-get r :error)
                       :status (symbol-name (process-status proc))
                       :code (process-exit-status proc)))
    (when (process-live-p proc) (ignore-errors (eglot-shutdown server)))))

(defun rpn-check--evaluate ()
  "C-c C-e in rpn-mode against the stand-in server, point after the √ of line 0."
  (load (expand-file-name (getenv "RPN_MODE_EL")) nil t)
  (setq rpn-server-command (append (json-read-from-string (getenv "RPN_FAKE_CMD")) nil)
        eglot-sync-connect t eglot-connect-timeout 20 eglot-autoshutdown nil)
  (find-file (getenv "RPN_FILE"))
  (apply #'eglot (eglot--guess-contact))
  (let ((server (or (eglot-current-server) (error "eglot did not connect"))))
    (rpn-check--pos 0 7)
    (let ((command (key-binding (kbd "C-c C-e"))))
      (rpn-check--emit :event "evaluated"
                       :key_command (and command (symbol-name command))
                       :seen (if (commandp command)
                                 (progn
                                   (prog1 (rpn-check--seen command)
                                     ;; a showMessage sent after the answer
                                     (accept-process-output nil 0.5)))
                               (list :seen nil))
                       :messages (vconcat rpn-check--messages)))
    (rpn-check--emit :event "last_message" :text (car rpn-check--messages))
    (rpn-check--shutdown server)))

(defun rpn-check--readme ()
  "The README's first snippet, then a .rpn file: eglot-ensure must find `rpn' on PATH."
  (let ((forms (with-temp-buffer
                 (insert-file-contents (getenv "RPN_SNIPPET"))
                 (goto-char (point-min))
                 (let (all form)
                   (while (setq form (condition-case nil (read (current-buffer)) (end-of-file nil)))
                     (push form all))
                   (nreverse all)))))
    (dolist (form forms) (eval form t)))
  (setq eglot-sync-connect t eglot-connect-timeout 20 eglot-autoshutdown nil)
  (find-file (getenv "RPN_FILE"))
  ;; what the command loop does after the command that visited the file (it shows an
  ;; error of the hook as the message of the command)
  (rpn-check--emit :event "connect"
                   :seen (condition-case err (progn (run-hooks 'post-command-hook) nil)
                           (error (error-message-string err))))
  (if (not (rpn-check--wait #'eglot-current-server (if (getenv "RPN_NO_SERVER") 1 20)))
      (rpn-check--emit :event "readme" :major_mode (symbol-name major-mode) :command nil)
    (rpn-check--readme-connected)))

(defun rpn-check--readme-connected ()
  (let ((server (eglot-current-server)))
    (flymake-start nil t)
    (rpn-check--wait #'flymake-diagnostics 10)
    (rpn-check--emit :event "readme" :major_mode (symbol-name major-mode)
                     :command (vconcat (process-command (jsonrpc--process server)))
                     :flymake (rpn-check--flymake))
    (rpn-check--shutdown server)))

(defun rpn-check--main ()
  (let* ((bin (getenv "RPN_BIN"))
         (file (getenv "RPN_FILE"))
         (mode (or (getenv "RPN_MODE") "main")))
    (load (expand-file-name (getenv "RPN_MODE_EL")) nil t)
    ;; the user's configuration: the server binary, the glyph style and the indentation
    (setq rpn-server-command (list bin "lsp")
          rpn-formatting-glyphs (if (equal mode "glyphs") "unicode" "keep"))
    (when (equal mode "indent") (setq rpn-formatting-indent-width 4))
    (unless (executable-find bin) (error "server executable not found: %s" bin))
    (setq eglot-sync-connect t
          eglot-connect-timeout 20
          eglot-autoshutdown nil)
    (find-file file)
    ;; `eglot-ensure' connects from post-command-hook only, which never runs in batch
    (apply #'eglot (eglot--guess-contact))
    (let* ((server (eglot-current-server))
           (_ (unless server (error "eglot did not connect")))
           (proc (jsonrpc--process server)))
      (rpn-check--emit :event "open" :major_mode (symbol-name major-mode)
                       :emacs emacs-version
                       :server (plist-get (eglot--server-info server) :name)
                       :language_id (eglot--language-id server)
                       :command (vconcat (process-command proc)))
      (flymake-start nil t)
      (unless (rpn-check--wait (lambda () rpn-check--published) 10)
        (error "no publishDiagnostics within 10s"))
      (unless (or (member mode '("glyphs" "indent")) (rpn-check--wait #'flymake-diagnostics 5))
        (error "no diagnostics in flymake within 5s"))
      (if (member mode '("glyphs" "indent"))
          (progn
            (eglot-format-buffer)
            (rpn-check--emit :event "formatted" :lines (rpn-check--lines)))
        (accept-process-output nil 0.3)
        (rpn-check--emit :event "published" :params (car rpn-check--published))
        (rpn-check--emit :event "flymake" :items (rpn-check--flymake))

        ;; hover, positions converted by eglot (UTF-16 columns)
        (dolist (at '((1 0) (3 8) (3 10)))
          (rpn-check--pos (car at) (cadr at))
          (let* ((params (eglot--TextDocumentPositionParams))
                 (r (rpn-check--request server :textDocument/hover params)))
            (rpn-check--emit :event "hover" :position (plist-get params :position)
                             :text (rpn-check--hover-text (plist-get r :result))
                             :kind (plist-get (plist-get (plist-get r :result) :contents) :kind)
                             :error (plist-get r :error))))
        ;; eglot's own hover path (what M-x eldoc shows)
        (rpn-check--pos 1 0)
        (let ((info (condition-case err
                        (eglot--hover-info
                         (plist-get (jsonrpc-request server :textDocument/hover
                                                     (eglot--TextDocumentPositionParams))
                                    :contents))
                      (error (format "error: %S" err)))))
          (rpn-check--emit :event "hover_info" :text (substring-no-properties (or info ""))))

        ;; completion at the end of line 3
        (goto-char (point-min)) (forward-line 3) (end-of-line)
        (let* ((params (eglot--CompletionParams))
               (r (rpn-check--request server :textDocument/completion params))
               (res (plist-get r :result))
               (items (if (vectorp res) res (plist-get res :items)))
               ;; the documentation comes with completionItem/resolve, as eglot asks for it
               (sqrt (seq-find (lambda (it) (equal (plist-get it :label) "sqrt")) items))
               (resolved (and sqrt (plist-get (rpn-check--request server :completionItem/resolve sqrt) :result)))
               (resolved-doc (plist-get resolved :documentation)))
          (rpn-check--emit
           :event "completion" :position (plist-get params :position) :error (plist-get r :error)
           :resolved_sqrt_doc (if (stringp resolved-doc) resolved-doc (plist-get resolved-doc :value))
           :items (vconcat
                   (mapcar (lambda (it)
                             (let ((doc (plist-get it :documentation)))
                               (list :label (plist-get it :label) :kind (plist-get it :kind)
                                     :documentation (if (stringp doc) doc (plist-get doc :value)))))
                           items))))
        ;; eglot's completion-at-point table (what M-TAB / company use)
        (goto-char (point-min)) (forward-line 3) (end-of-line)
        (let* ((capf (eglot-completion-at-point))
               (table (nth 2 capf)))
          (rpn-check--emit :event "capf"
                           :candidates (vconcat (and table (all-completions "" table)))))

        ;; renaming what cannot be renamed, as the user does it: M-x eglot-rename (eglot 1.9
        ;; sends no prepareRename), the key rpn-mode remaps it to, C-c C-r
        (rpn-check--pos 1 2)                                   ; the π of line 1
        (rpn-check--emit :event "rename_builtin"
                         :mx (rpn-check--seen #'eglot-rename '("x"))
                         :remapped (let ((c (command-remapping #'eglot-rename)))
                                     (if c (rpn-check--seen c '("x")) (list :command nil)))
                         :key (let ((c (key-binding (kbd "C-c C-r"))))
                                (if (commandp c) (rpn-check--seen c '("x")) (list :command nil))))
        (rpn-check--pos 3 0)                                   ; N, renamed to a built-in's name
        (rpn-check--emit :event "rename_to_builtin"
                         :mx (rpn-check--seen #'eglot-rename '("sqrt")))
        (unless (equal (aref (rpn-check--lines) 3) "N M 3 5 + ×")
          (error "a refused rename changed the buffer: %S" (rpn-check--lines)))

        ;; rename: prepareRename on the name of →N, refused names, eglot-rename
        (let ((uri (eglot--path-to-uri file)))
          (rpn-check--pos 2 11)
          (let ((r (rpn-check--request server :textDocument/prepareRename
                                       (eglot--TextDocumentPositionParams))))
            (rpn-check--emit :event "prepare_rename" :result (plist-get r :result)
                             :error (plist-get r :error)))
          (dolist (bad '("sqrt" "3x"))
            (let ((r (rpn-check--request server :textDocument/rename
                                         `(:textDocument (:uri ,uri) :position (:line 3 :character 0)
                                                         :newName ,bad))))
              (rpn-check--emit :event "rename_refused" :new_name bad :result (plist-get r :result)
                               :error (plist-get r :error))))
          (rpn-check--pos 3 0)
          (let ((err (condition-case e (progn (eglot-rename "total") nil)
                       (error (format "%S" e)))))
            (rpn-check--emit :event "renamed" :lines (rpn-check--lines) :error err)))

        ;; incremental changes after multi-byte characters: 0 ÷ -> 2 ÷, text after the emoji,
        ;; a new messy line
        (let ((n (length rpn-check--published)))
          (rpn-check--pos 1 8) (delete-char 1) (insert "2")
          (goto-char (point-min)) (end-of-line) (insert " more")
          (goto-char (point-max)) (insert "  3   4+5×  # x")
          (eglot--signal-textDocument/didChange)
          (rpn-check--wait (lambda () (> (length rpn-check--published) n)) 5)
          (flymake-start nil t)
          (rpn-check--wait
           (lambda () (not (seq-some (lambda (d) (string= (flymake-diagnostic-text d) "division by zero"))
                                     (flymake-diagnostics))))
           3)
          (rpn-check--emit :event "changed" :lines (rpn-check--lines)
                           :params (car rpn-check--published)
                           :flymake (rpn-check--flymake)))

        ;; formatting through eglot
        (eglot-format-buffer)
        (rpn-check--emit :event "formatted" :lines (rpn-check--lines)))

      (rpn-check--shutdown server))))

(defun rpn-check--codes ()
  "The codes of the latest publishDiagnostics, sorted, as one string."
  (mapconcat #'identity
             (sort (mapcar (lambda (d) (plist-get d :code))
                           (append (plist-get (car rpn-check--published) :diagnostics) nil))
                   #'string<)
             ","))

(defun rpn-check--type (text codes)
  "Insert TEXT at point as typed, tell the server, and wait until the diagnostics published
have exactly CODES (a string, see `rpn-check--codes') and flymake shows them."
  (let ((n (length rpn-check--published)))
    (insert text)
    (eglot--signal-textDocument/didChange)
    (unless (rpn-check--wait (lambda () (and (> (length rpn-check--published) n)
                                             (equal (rpn-check--codes) codes)))
                             5)
      (error "no diagnostics %S after typing %S (last: %S)" codes text (rpn-check--codes)))
    (flymake-start nil t)
    (rpn-check--wait (lambda () (= (length (flymake-diagnostics))
                                   (length (plist-get (car rpn-check--published) :diagnostics))))
                     3)))

(defun rpn-check--programs ()
  "Programs (issue 10): hover on a call, typing a definition with unbalanced branches, its
fix and its call, the inlay hints, the definition of a call, renaming a word.  RPN_FILE
holds `: hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;' and `3 4 hyp'."
  (load (expand-file-name (getenv "RPN_MODE_EL")) nil t)
  (setq rpn-server-command (list (getenv "RPN_BIN") "lsp")
        eglot-sync-connect t eglot-connect-timeout 20 eglot-autoshutdown nil)
  (find-file (getenv "RPN_FILE"))
  (apply #'eglot (eglot--guess-contact))
  (let ((server (or (eglot-current-server) (error "eglot did not connect"))))
    (flymake-start nil t)
    (unless (rpn-check--wait (lambda () rpn-check--published) 10)
      (error "no publishDiagnostics within 10s"))
    (rpn-check--emit :event "opened" :params (car rpn-check--published))
    ;; hover on the call, as requested and as eldoc shows it
    (rpn-check--pos 1 4)
    (let* ((params (eglot--TextDocumentPositionParams))
           (r (rpn-check--request server :textDocument/hover params)))
      (rpn-check--emit :event "hover" :position (plist-get params :position)
                       :text (rpn-check--hover-text (plist-get r :result)) :error (plist-get r :error))
      (rpn-check--emit :event "hover_info"
                       :text (substring-no-properties
                              (or (eglot--hover-info (plist-get (plist-get r :result) :contents)) ""))))
    ;; typing a definition at the end: unbalanced, fixed, called
    (goto-char (point-max))
    (rpn-check--type ": f 0 > if 1 2 else 3 then ;" "unbalanced-branches")
    (rpn-check--emit :event "unbalanced" :lines (rpn-check--lines) :params (car rpn-check--published)
                     :flymake (rpn-check--flymake))
    (search-backward "3 then")
    (rpn-check--type "4 " "unused-word")
    (rpn-check--emit :event "fixed" :lines (rpn-check--lines) :flymake (rpn-check--flymake))
    (goto-char (point-max))
    (rpn-check--type "\n5 f" "")
    (rpn-check--emit :event "called" :lines (rpn-check--lines) :flymake (rpn-check--flymake))
    ;; the inlay hints of the whole buffer (eglot 1.9 does not show them; it can ask)
    (let ((r (rpn-check--request server :textDocument/inlayHint
                                 `(:textDocument (:uri ,(eglot--path-to-uri (buffer-file-name)))
                                   :range (:start (:line 0 :character 0) :end (:line 9 :character 0))))))
      (rpn-check--emit :event "hints" :result (plist-get r :result) :error (plist-get r :error)))
    ;; the definition of the call, then renaming the word with eglot
    (rpn-check--pos 1 5)
    (let ((r (rpn-check--request server :textDocument/definition (eglot--TextDocumentPositionParams))))
      (rpn-check--emit :event "definition" :result (plist-get r :result) :error (plist-get r :error)))
    (rpn-check--pos 1 5)
    (let ((err (condition-case e (progn (eglot-rename "hypotenuse") nil) (error (format "%S" e)))))
      (rpn-check--emit :event "renamed" :lines (rpn-check--lines) :error err))
    (rpn-check--shutdown server)))

(condition-case err
    (progn (pcase (getenv "RPN_MODE")
             ("evaluate" (rpn-check--evaluate))
             ("readme" (rpn-check--readme))
             ("programs" (rpn-check--programs))
             (_ (rpn-check--main)))
           (kill-emacs 0))
  (error (rpn-check--emit :event "error" :error (format "%S" err))
         (kill-emacs 2)))
