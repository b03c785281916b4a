// GMP for Swift. Its names reach Swift as the library's own symbols (`__gmpz_add` for
// `mpz_add`): the `#define` aliases do not import. Macros over struct fields (mpz_sgn,
// mpz_odd_p) are read in Swift from `_mp_size` and `_mp_d` directly.
#include <gmp.h>
