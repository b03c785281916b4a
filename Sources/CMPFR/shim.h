// MPFR for Swift (Debian: libmpfr-dev; libmpfr.a for the static release link): correctly
// rounded elementary functions at any precision, built on the GMP of CGMP. Its functions reach
// Swift under their own names (`mpfr_sin`); the macro forms (`mpfr_init_set`) do not import.
#include <mpfr.h>
