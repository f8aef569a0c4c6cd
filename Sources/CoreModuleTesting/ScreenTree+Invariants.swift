public import CoreModule

extension ScreenTree {
    /// The rules of a well-formed tree that this tree breaks, as sentences naming the offending
    /// values; empty when the tree is well formed.
    ///
    /// Every tree the coordinator holds is well formed; a randomized test or a fuzzer of an app's
    /// navigation calls this after every step as an oracle, so that a broken tree is caught where
    /// it first appears:
    ///
    /// ```swift
    /// try coordinator.navigate(step)
    /// #expect(coordinator.tree.structuralProblems() == [])
    /// ```
    ///
    /// - Returns: One sentence per broken rule.
    public func structuralProblems() -> [String] {
        invariantViolations()
    }
}
