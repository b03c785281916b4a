// The C library, imported here once for every module above the core: the other modules import
// `Platform` and get it with the helpers beside this file. The core (RPNCore) imports only
// `PlatformMath`, which has <math.h> and no I/O.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
