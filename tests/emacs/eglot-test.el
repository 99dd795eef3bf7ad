;;; eglot-test.el --- `mlir-shape lsp' through Emacs's eglot, in batch mode  -*- lexical-binding: t -*-

;; tests/emacs/run.sh runs it as `emacs --batch -Q -l eglot-test.el', with
;; MLIR_SHAPE (the binary) and MS_FILE (the example) in the environment.
;; Set up as docs/editors.md tells users: a major mode for .mlir files and an
;; entry in `eglot-server-programs'. Then eglot connects, the example's
;; diagnostic arrives through Flymake, and a hover on an op comes back
;; through ElDoc's hover function. Prints one line per check, then
;; "N passed, M failed"; exit status 1 when a check failed.

(require 'package)
;; Debian's elpa-eglot and its dependencies (site-start, skipped by -Q,
;; would add this directory).
(add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
(package-initialize)
(require 'eglot)
(require 'flymake)

(defvar ms-passed 0)
(defvar ms-failed 0)
(defconst ms-timeout 15.0)

(defun ms-check (name ok &optional detail)
  (if ok
      (progn (setq ms-passed (1+ ms-passed)) (princ (format "ok - %s\n" name)))
    (setq ms-failed (1+ ms-failed))
    (princ (format "FAIL - %s%s\n" name (if detail (format ": %s" detail) "")))))

(defun ms-wait (pred)
  "Runs timers and process output until PRED holds or the timeout passes."
  (let ((deadline (+ (float-time) ms-timeout)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall pred)))

;; The user's setup (docs/editors.md).
(define-derived-mode mlir-mode prog-mode "MLIR"
  "A minimal major mode for MLIR."
  (setq-local comment-start "// "))
(add-to-list 'auto-mode-alist '("\\.mlir\\'" . mlir-mode))
(add-to-list 'eglot-server-programs
             `(mlir-mode . (,(getenv "MLIR_SHAPE") "lsp" :initializationOptions (:strict :json-false))))

(defun ms-run ()
  (find-file (getenv "MS_FILE"))
  (switch-to-buffer (current-buffer))
  (ms-check "mlir-mode for .mlir" (eq major-mode 'mlir-mode))
  ;; What M-x eglot (or eglot-ensure) does, without its prompt.
  (let* ((contact (eglot--guess-contact))
         (server (apply #'eglot contact)))
    (ms-check "eglot connects" (and server (ms-wait (lambda () (eglot-current-server))))))
  (let ((server (eglot-current-server)))
    (ms-check "server name" (and server (equal (plist-get (eglot--server-info server) :name) "mlir-shape"))
              (and server (format "%S" (eglot--server-info server))))
    (ms-check "eglot manages the buffer" (bound-and-true-p eglot--managed-mode))
    ;; The diagnostic, through Flymake.
    (flymake-start)
    (ms-wait (lambda () (flymake-diagnostics)))
    (let* ((diags (flymake-diagnostics))
           (d (car diags))
           (text (and d (flymake-diagnostic-text d))))
      (ms-check "one diagnostic" (= (length diags) 1) (format "%S" diags))
      (ms-check "its message"
                (and text (string-match-p "operands %a and %b are not broadcast-compatible" text)
                     (string-match-p "incompatible-dims" text))
                text)
      (ms-check "an error" (and d (eq (flymake-diagnostic-type d) 'eglot-error)))
      (ms-check "on line 2, at the second operand's type"
                (and d (save-excursion
                         (goto-char (flymake-diagnostic-beg d))
                         (and (= (line-number-at-pos) 2) (looking-at-p "tensor<2xi32>"))))))
    ;; Hover on the second op's name, through ElDoc's hover function.
    (goto-char (point-min))
    (forward-line 2)
    (search-forward "test.broadcastable")
    (backward-char 5)
    (let ((doc nil))
      (ms-check "hover requested" (eglot-hover-eldoc-function (lambda (info &rest _) (setq doc (or info "")))))
      (ms-wait (lambda () doc))
      (ms-check "hover has the inferred type"
                (and (stringp doc) (string-match-p "Inferred result: tensor<3xi32>\\|Inferred result: `tensor<3xi32>`" doc))
                (format "%S" doc)))
    ;; Shut down.
    (when server
      (let ((eglot-autoreconnect nil))
        (eglot-shutdown server)))
    (ms-check "shut down" (not (eglot-current-server)))))

(condition-case err
    (ms-run)
  (error (ms-check "no Lisp error" nil (error-message-string err))))
(princ (format "%d passed, %d failed\n" ms-passed ms-failed))
(kill-emacs (if (and (= ms-failed 0) (> ms-passed 0)) 0 1))
