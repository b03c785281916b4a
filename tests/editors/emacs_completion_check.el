;;; emacs_completion_check.el --- completion through eglot's capf against `rpn lsp', in batch -*- lexical-binding: t -*-
;;
;; Run by tests/editors/test_emacs_completion.py (Emacs 28 + Debian's elpa-eglot 1.9):
;;   RPN_MODE_EL=editors/emacs/rpn-mode.el RPN_BIN=... RPN_FILE=x.rpn \
;;   RPN_PICKS='[[line, [labels]], ...]' timeout 60 emacs -Q --batch -l tests/editors/emacs_completion_check.el
;; For each pick, at the end of that (0-based) line: the candidates of `eglot-completion-at-point'
;; for the text it completes (what M-TAB, company or corfu list), then the first of the labels
;; given that is listed, chosen as `completion-at-point' chooses one (the region replaced by
;; it, then eglot's exit function, which applies the item's textEdit). One JSON line each.
;; Exit status 0 when the script ran to the end, 2 on a Lisp error.

(unless (require 'eglot nil t)
  (require 'package)
  (add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
  (package-initialize)
  (require 'eglot))
(require 'json)
(require 'seq)
(require 'subr-x)

(defun rpn-completion--emit (&rest plist)
  (princ (concat (json-encode plist) "\n")))

(defun rpn-completion--line-text ()
  (buffer-substring-no-properties (line-beginning-position) (line-end-position)))

(defun rpn-completion--pick (line labels)
  (goto-char (point-min))
  (forward-line line)
  (end-of-line)
  (let* ((capf (eglot-completion-at-point))
         (beg (nth 0 capf)) (end (nth 1 capf)) (table (nth 2 capf))
         (exit (plist-get (nthcdr 3 capf) :exit-function))
         (probe (buffer-substring-no-properties beg end))
         (candidates (all-completions probe table))
         ;; (eglot shows insertText, which the server pads to the typed length: `√ ' for `sq')
         (shown (mapcar (lambda (c) (string-trim-right (substring-no-properties c))) candidates))
         (label (seq-find (lambda (l) (member l shown)) labels))
         (choice (and label (nth (seq-position shown label) candidates))))
    (when choice
      (delete-region beg end)
      (goto-char beg)
      (insert choice)
      (funcall exit choice 'finished))
    (rpn-completion--emit :event "completed" :line line :probe probe
                          :candidates (vconcat (mapcar (lambda (c) (string-trim-right (substring-no-properties c)))
                                                       candidates))
                          :chosen (and choice (substring-no-properties choice))
                          :text (rpn-completion--line-text))))

(defun rpn-completion--main ()
  (load (expand-file-name (getenv "RPN_MODE_EL")) nil t)
  (setq rpn-server-command (list (getenv "RPN_BIN") "lsp"))
  (unless (executable-find (getenv "RPN_BIN")) (error "server executable not found"))
  (setq eglot-sync-connect t eglot-connect-timeout 20 eglot-autoshutdown nil)
  (find-file (getenv "RPN_FILE"))
  (apply #'eglot (eglot--guess-contact))
  (let* ((server (or (eglot-current-server) (error "eglot did not connect")))
         (proc (jsonrpc--process server)))
    (seq-doseq (pick (json-read-from-string (getenv "RPN_PICKS")))
      (rpn-completion--pick (aref pick 0) (append (aref pick 1) nil)))
    ;; send shutdown + exit ourselves: `eglot-shutdown' would kill the server after `exit'
    (setf (eglot--shutdown-requested server) t)
    (ignore-errors (jsonrpc-request server :shutdown nil))
    (jsonrpc-notify server :exit nil)
    (let ((deadline (+ (float-time) 5)))
      (while (and (process-live-p proc) (< (float-time) deadline)) (accept-process-output nil 0.05)))))

(condition-case err
    (progn (rpn-completion--main) (kill-emacs 0))
  (error (rpn-completion--emit :event "error" :error (format "%S" err))
         (kill-emacs 2)))
