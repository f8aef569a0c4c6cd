/// LeakSanitizer's interface, for objects a fuzz target keeps for the whole process.
///
/// A target that builds its fixed world (a registry, coordinators it reuses) once per process
/// makes it inside ``ignoringAllocations(_:)``: LeakSanitizer then never reports those objects,
/// and scans them for references like globals, so what they point to later is not reported
/// either. Everything an input allocates outside it is still checked. See `Fuzz/README.md` for
/// why: LeakSanitizer finds references by scanning memory for pointers, and the Swift runtime
/// may keep a reference with tag bits set (an enum payload in a pointer's spare bits), which
/// such a scan does not recognize.
public enum LeakCheck {
    /// Runs `body` with LeakSanitizer's leak reports disabled for what it allocates (libFuzzer
    /// builds, where AddressSanitizer is linked); in a replay build it just runs `body`.
    ///
    /// - Parameter body: Makes the objects kept for the whole process.
    /// - Returns: What `body` returns.
    public static func ignoringAllocations<Result>(_ body: () -> Result) -> Result {
        #if FUZZING
            lsanDisable()
            defer { lsanEnable() }
        #endif
        return body()
    }
}

#if FUZZING
    /// `__lsan_disable`: allocations of this thread are not reported until `__lsan_enable`.
    @_silgen_name("__lsan_disable")
    private func lsanDisable()

    /// `__lsan_enable`: ends `__lsan_disable`.
    @_silgen_name("__lsan_enable")
    private func lsanEnable()
#endif
