;;; emacs_mode_check.el --- report what editors/emacs/rpn-mode.el does, as JSON lines -*- lexical-binding: t -*-
;;
;; RPN_MODE_EL=editors/emacs/rpn-mode.el RPN_SAMPLE="3 4 + ..." \
;;   timeout 60 emacs -Q --batch -l tests/editors/emacs_mode_check.el
;; Writes one JSON object per line to stdout; tests/editors/test_emacs_mode.py asserts on them.

(require 'json)

(defun rpn-check--emit (&rest plist)
  (princ (concat (json-encode plist) "\n")))

(condition-case err
    (progn
      (load (expand-file-name (getenv "RPN_MODE_EL")) nil t)
      (rpn-check--emit :event "loaded"
                       :feature (featurep 'rpn-mode)
                       :auto_mode (symbol-name (or (assoc-default "/tmp/x.rpn" auto-mode-alist
                                                                  #'string-match)
                                                   'none)))
      (with-temp-buffer
        (insert (getenv "RPN_SAMPLE"))
        (rpn-mode)
        (font-lock-ensure)
        (rpn-check--emit :event "mode" :major_mode (symbol-name major-mode)
                         :comment_start comment-start
                         :hash_syntax (string (char-syntax ?#)))
        ;; one record per whitespace-separated word: its text and the face of each character
        (goto-char (point-min))
        (while (re-search-forward "[^ \t\n]+" nil t)
          (let ((faces nil))
            (dotimes (i (- (match-end 0) (match-beginning 0)))
              (let ((f (get-text-property (+ (match-beginning 0) i) 'face)))
                (push (if f (format "%s" f) "none") faces)))
            (rpn-check--emit :event "word" :text (match-string-no-properties 0)
                             :line (1- (line-number-at-pos (match-beginning 0)))
                             :faces (vconcat (nreverse faces)))))
        ;; comment-dwim / comment-region use the mode's comment syntax
        (erase-buffer)
        (insert "3 4 +")
        (comment-region (point-min) (point-max))
        (rpn-check--emit :event "commented" :text (buffer-string)))
      ;; eglot registration (Debian's elpa-eglot; -Q needs the package directory)
      (unless (require 'eglot nil t)
        (require 'package)
        (add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
        (package-initialize)
        (require 'eglot))
      (let ((entry (assq 'rpn-mode eglot-server-programs)))
        (rpn-check--emit :event "eglot"
                         :registered (and entry t)
                         :contact (let ((c (cdr entry)))
                                    (format "%S" (if (functionp c) (funcall c nil) c)))))
      (kill-emacs 0))
  (error (rpn-check--emit :event "error" :error (format "%S" err))
         (kill-emacs 2)))
