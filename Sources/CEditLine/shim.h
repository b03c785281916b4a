// libedit's native API for Swift: the variadic el_set/el_get/history are wrapped in plain
// functions (Swift cannot call C variadics), and C globals get accessors (Swift 6 refuses
// mutable C globals).
#include <stdio.h>
#include <locale.h>
#include <histedit.h>

static inline int shim_el_set_prompt(EditLine *el, char *(*fn)(EditLine *)) { return el_set(el, EL_PROMPT, fn); }
static inline int shim_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int shim_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int shim_el_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int shim_el_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
static inline void *shim_el_get_clientdata(EditLine *el) { void *data = NULL; el_get(el, EL_CLIENTDATA, &data); return data; }
static inline int shim_el_addfn(EditLine *el, const char *name, const char *help,
                                unsigned char (*fn)(EditLine *, int)) { return el_set(el, EL_ADDFN, name, help, fn); }
static inline int shim_el_bind(EditLine *el, const char *key, const char *fn) { return el_set(el, EL_BIND, key, fn, NULL); }

static inline int shim_history_setsize(History *h, HistEvent *ev, int size) { return history(h, ev, H_SETSIZE, size); }
static inline int shim_history_setunique(History *h, HistEvent *ev, int on) { return history(h, ev, H_SETUNIQUE, on); }
static inline int shim_history_enter(History *h, HistEvent *ev, const char *line) { return history(h, ev, H_ENTER, line); }
static inline int shim_history_load(History *h, HistEvent *ev, const char *path) { return history(h, ev, H_LOAD, path); }
static inline int shim_history_save(History *h, HistEvent *ev, const char *path) { return history(h, ev, H_SAVE, path); }

static inline FILE *shim_stdin(void) { return stdin; }
static inline FILE *shim_stdout(void) { return stdout; }
static inline FILE *shim_stderr(void) { return stderr; }
