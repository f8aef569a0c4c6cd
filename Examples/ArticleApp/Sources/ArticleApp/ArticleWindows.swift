public import CoreModule
public import Foundation

/// The article app's windows: one registry of scenes and one link table for the whole app, and
/// one ``ArticleSession`` per window scene, each with its own navigation.
///
/// Make it once, at launch (the UIKit app keeps it beside its application delegate); each
/// window scene then opens its session by the scene session's identity, which stays the same
/// when the system reconnects the scene:
///
/// ```swift
/// let windows = try ArticleWindows()
/// let session = try windows.session(for: "main", restoring: savedState, layout: .split)
/// ```
@MainActor
public final class ArticleWindows {
    /// The registry of the app's scenes: A1, A2, B1, C1, and the iPad sidebar "Features".
    public let container: DependencyContainer
    /// The app's universal links.
    public let links: LinkTable
    /// One coordinator per open window.
    public let registry: WindowRegistry

    /// Registers the app's scenes and checks them, once for every window.
    ///
    /// - Throws: A ``StartUpFailure``: a programming error in the app's registration or link
    ///   table, which `ArticleAppTests` catch before the app ships.
    public init() throws(StartUpFailure) {
        container = DependencyContainer()
        do throws(NavigationError) {
            try DependencyInjection(container: container).configure()
            let features = FeaturesBuilder()
            try container.assemble(builder: features, for: features.sceneIdentifier)
        } catch {
            throw .registration(error)
        }
        do throws(NavigationError) {
            links = try ArticleLinks.makeTable()
        } catch {
            throw .linkTable(error)
        }
        let problems = ArticleSession.startUpProblems(
            container: container, routes: ArticleLinks.routes)
        guard problems.isEmpty else { throw .unregisteredScenes(problems) }
        registry = WindowRegistry(container: container)
    }

    /// The session of the window `id`: the open one when the system reconnects its scene, or a
    /// new window restored from `savedState`, or showing `layout` afresh.
    ///
    /// - Parameters:
    ///   - id: The window's identity: UIKit's scene session `persistentIdentifier`.
    ///   - savedState: What the window's ``ArticleSession/savedState()`` returned when it last
    ///     went to the background, or `nil`.
    ///   - layout: What a fresh window shows: a tab bar, or on iPad a split.
    /// - Returns: The window's session.
    /// - Throws: ``StartUpFailure/window(_:)`` for an identity that is not a window's;
    ///   ``StartUpFailure/firstScreen(_:)`` when the first screens cannot be shown.
    public func session(
        for id: WindowID, restoring savedState: Data?, layout: ArticleLayout
    ) throws(StartUpFailure) -> ArticleSession {
        if let open = try? registry.coordinator(for: id) {
            return ArticleSession(coordinator: open, windows: self, layout: layout)
        }
        let coordinator: AppCoordinator
        do throws(NavigationError) {
            coordinator = try registry.openWindow(id)
        } catch {
            throw .window(error)
        }
        let session = ArticleSession(coordinator: coordinator, windows: self, layout: layout)
        try session.restoreOrStart(savedState)
        return session
    }

    /// Closes the window `id`, when the system discards its scene for good (UIKit's
    /// `application(_:didDiscardSceneSessions:)`): its navigation, flows and held link go.
    ///
    /// - Parameter id: The window's identity.
    public func close(_ id: WindowID) {
        _ = try? registry.closeWindow(id)
    }
}

/// What a fresh window shows.
public enum ArticleLayout: Sendable, Equatable {
    /// A tab bar: one tab per feature module (iPhone).
    case tabs
    /// A split: the features in a sidebar, the selected one in the detail column (iPad, Mac).
    /// In a compact window (Slide Over, a narrow Split View) it collapses into one stack.
    case split
}
