/// Gives memory that has been freed back to the system. glibc's malloc keeps freed memory for
/// reuse: after a large document is closed, or a large answer is sent, the process would
/// otherwise stay as large as it ever was. `malloc_trim` is in <malloc.h>, which the C
/// library's Swift module does not include, hence the declaration by name.
public enum MemoryRelease {
    public static func releaseFreedMemory() {
        #if canImport(Glibc)
        _ = mallocTrim(0)
        #endif
    }
}

#if canImport(Glibc)
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
#endif
