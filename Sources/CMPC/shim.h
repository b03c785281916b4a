// MPC for Swift (Debian: libmpc-dev; libmpc.a for the static release link): complex
// functions with each part correctly rounded at any precision, built on the MPFR of CMPFR.
// Its functions reach Swift under their own names (`mpc_sqrt`); the macro forms (`mpc_realref`,
// `MPC_RNDNN`) do not import.
#include <mpc.h>
