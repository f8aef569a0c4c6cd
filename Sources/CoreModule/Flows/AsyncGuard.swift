/// A guard that decides asynchronously: it may ask a server whether the session is still valid
/// before a scene is shown.
///
/// An asynchronous guard has two parts. `appliesTo` says, at once, whether the guard has a say
/// on an attempt (a scene of the account area, say); `decide` then answers, possibly after
/// awaiting: allow, reject, or redirect (to a sign-in screen).
///
/// ```swift
/// coordinator.addGuard(
///     AsyncNavigationGuard("session", appliesTo: { $0.scene.rawValue.hasPrefix("Account") }) {
///         _ in
///         try await server.sessionIsValid() ? .allow : .redirect(.present(scene: "SignIn"))
///     })
/// try await coordinator.navigateWhenAllowed(.push(scene: "AccountHome"))
/// ```
///
/// Asynchronous guards apply to the asynchronous entry points only,
/// ``AppCoordinator/navigateWhenAllowed(_:force:)`` and
/// ``AppCoordinator/openWhenAllowed(_:force:)``: the synchronous
/// ``AppCoordinator/navigate(_:)`` cannot wait, so it fails with
/// ``NavigationError/GuardFailure/asynchronousGuard(name:kind:scene:)`` for an attempt that an asynchronous
/// guard applies to, and changes nothing. They are asked about the scenes a navigation would show
/// (each new scene, each screen of a link, the top screen of a tab being selected), never about
/// screens leaving: leaving is decided at once, by the synchronous guards and the vetoes.
///
/// While a guard decides, the navigation is *pending* (see
/// ``AppCoordinator/pendingNavigation``): at most one is, and a newer request cancels it. An
/// answer that does not come within the coordinator's `guardTimeLimit`, measured on its
/// `guardClock` (both given at creation:
/// ``AppCoordinator/init(container:services:payloadTypes:guardTimeLimit:guardClock:)``), fails
/// the navigation with
/// ``NavigationError/GuardFailure/guardTimedOut(name:kind:scene:limit:)``; the guard's task is cancelled and
/// its late answer is dropped. A guard that throws rejects the navigation, with the error's text
/// as the reason.
@MainActor
public struct AsyncNavigationGuard {
    /// The guard's name, used in errors and to remove it.
    package let name: String
    let applies: @MainActor (NavigationGuard.Attempt) -> Bool
    let decide: @MainActor (NavigationGuard.Attempt) async throws -> NavigationGuard.Decision

    /// Creates an asynchronous guard.
    ///
    /// - Parameters:
    ///   - name: The guard's name, for errors and removal.
    ///   - appliesTo: Whether the guard has a say on an attempt; asked at once, also by the
    ///     synchronous `navigate`, which fails where it returns `true`. Never called for a
    ///     screen leaving.
    ///   - decide: Decides on each attempt the guard applies to. It runs in a task that is
    ///     cancelled when the navigation is cancelled or times out; a guard that awaits should
    ///     honour cancellation, so that what it holds is released.
    public init(
        _ name: String, appliesTo: @escaping @MainActor (NavigationGuard.Attempt) -> Bool,
        decide:
            @escaping @MainActor (NavigationGuard.Attempt) async throws -> NavigationGuard.Decision
    ) {
        self.name = name
        self.applies = appliesTo
        self.decide = decide
    }
}
