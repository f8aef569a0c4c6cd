public import CoreModule

extension AppCoordinator {
    /// Waits until the held link that a screen or flow leaving started to open has been opened
    /// or has failed; returns at once when none is being opened.
    ///
    /// The opening itself runs on its own, and its outcome reaches observers; tests and scripts
    /// await this to read the tree after it.
    ///
    /// ```swift
    /// signIn.finish()                      // the sign-in screen leaves: the held link opens
    /// await coordinator.waitForHeldLink()
    /// #expect(coordinator.tree.visibleScreen?.scene == "Order")
    /// ```
    public func waitForHeldLink() async {
        await heldLinkOpening?.value
    }
}
