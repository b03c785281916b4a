// <math.h> alone (see module.modulemap): sin, cos, tan and their inverses, exp, log, log10,
// pow, fmod.
#include <math.h>
