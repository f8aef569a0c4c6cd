/// The navigations one request went through as guards redirected it, and the rule that ends a
/// loop: the one redirect loop of the synchronous and the asynchronous paths.
///
/// A chain grows by one navigation a redirect; it fails when it grows past the coordinator's
/// `maximumRedirects`, or when a guard redirects to a navigation already in it.
struct RedirectChain {
    /// The navigations tried so far, oldest first.
    private(set) var tried: [ApplicationTransitionType] = []

    /// Whether no guard has redirected yet.
    var isEmpty: Bool { tried.isEmpty }

    /// Records that a guard redirected `current` (when it is a transition; a link is not
    /// repeated by name) to `next`.
    ///
    /// - Parameter limit: The most redirects the chain may go through, read at each redirect
    ///   (the app may change it while an asynchronous guard decides).
    /// - Throws: ``NavigationError/GuardFailure/redirectLoop(chain:)`` when the chain grows past `limit` or
    ///   `next` is already in it.
    mutating func follow(
        from current: ApplicationTransitionType?, to next: ApplicationTransitionType, limit: Int
    ) throws(NavigationError) {
        if let current { tried.append(current) }
        guard tried.count <= limit, !tried.contains(next) else {
            throw .guarded(.redirectLoop(chain: tried + [next]))
        }
    }
}
