public import CoreModule
public import CoreUI
public import Foundation

/// One window of the article app, as the iOS app runs it.
///
/// It holds the window's coordinator, over the registry and link table all the app's windows
/// share (``ArticleWindows``), and does start-up and state restoration. Plain Swift, so that the Linux tests run exactly the code the iOS app runs; the
/// SwiftUI and UIKit shells only show its tree.
///
/// ```swift
/// let session = try ArticleSession(restoring: savedState)  // nil on a first launch
/// session.open(url)                                        // from onOpenURL
/// savedState = session.savedState()                        // as the window goes to the background
/// ```
@MainActor
public final class ArticleSession {
    /// The registry of the app's scenes, shared by every window.
    public var container: DependencyContainer { windows.container }
    /// The window's coordinator.
    public let coordinator: AppCoordinator
    /// The app's universal links.
    public var links: LinkTable { windows.links }
    /// The app's windows, this one among them.
    public let windows: ArticleWindows
    /// What the window shows at a fresh start: a tab bar, or a split.
    public let layout: ArticleLayout
    /// Why the saved state was not restored, when there was one and it was not: the app then
    /// starts afresh (``start()``), and logs this.
    public private(set) var restorationProblem: NavigationError?

    /// The tab bar a fresh launch shows: one tab per feature module.
    public static let tabs = [
        TabItem("a", scene: "A1"), TabItem("b", scene: "B1"), TabItem("c", scene: "C1"),
    ]

    /// Registers the app's scenes, checks them, and shows the saved state or a fresh tab bar,
    /// in a window of its own: the app with one window.
    ///
    /// The start-up check runs first: every scene a screen's button opens, and every scene a
    /// link route opens, must be registered. A saved state that cannot be read or rebuilt (an
    /// older app wrote it, a scene was removed since) is not an error: the app starts afresh
    /// and ``restorationProblem`` says why. An app with several windows makes one
    /// ``ArticleWindows`` and asks it for each window's session instead.
    ///
    /// - Parameters:
    ///   - savedState: What ``savedState()`` returned when the window last went to the
    ///     background, or `nil` on a first launch.
    ///   - layout: What a fresh window shows; a tab bar by default.
    /// - Throws: A ``StartUpFailure``: a programming error in the app's registration or link
    ///   table, which `ArticleAppTests` catch before the app ships.
    public convenience init(restoring savedState: Data?, layout: ArticleLayout = .tabs)
        throws(StartUpFailure)
    {
        let windows = try ArticleWindows()
        let coordinator: AppCoordinator
        do throws(NavigationError) {
            coordinator = try windows.registry.openWindow("main")
        } catch {
            throw .window(error)
        }
        self.init(coordinator: coordinator, windows: windows, layout: layout)
        try restoreOrStart(savedState)
    }

    /// The session of `coordinator`, a window of `windows`.
    init(coordinator: AppCoordinator, windows: ArticleWindows, layout: ArticleLayout) {
        self.coordinator = coordinator
        self.windows = windows
        self.layout = layout
    }

    /// Restores `savedState`, or starts afresh when there is none or it does not restore.
    func restoreOrStart(_ savedState: Data?) throws(StartUpFailure) {
        if let savedState {
            do throws(NavigationError) {
                try coordinator.restore(TreeSnapshot.decode(savedState))
            } catch {
                restorationProblem = error
            }
        }
        if coordinator.tree.isEmpty {
            do throws(NavigationError) {
                try start()
            } catch {
                throw .firstScreen(error)
            }
        }
    }

    /// Shows what a fresh launch shows, in place of whatever is on screen: the tab bar, or for
    /// the split layout the features' sidebar with feature A selected.
    ///
    /// - Throws: What the coordinator throws; the tree is then as it was.
    public func start() throws(NavigationError) {
        switch layout {
        case .tabs: try coordinator.navigate(.tabs(Self.tabs, selected: "a"))
        case .split: try coordinator.navigate(.split(primary: "Features", detail: "A1"))
        }
    }

    /// What opening a link did.
    public enum LinkOutcome: Equatable, Sendable {
        /// The link changed the screen.
        case opened
        /// No route of the app handles the link (or none that a link from outside may open):
        /// a web link goes to the browser.
        case unhandled(NavigationError.UnhandledLink)
        /// A route handles the link, but opening it failed; the screen is as it was.
        case failed(NavigationError)
    }

    /// Opens a link that the system handed the app, as a link from outside.
    ///
    /// - Parameter url: The link, from `onOpenURL`, `scene(_:openURLContexts:)` or a user
    ///   activity's `webpageURL`.
    /// - Returns: What it did; the tree changed only for ``LinkOutcome/opened``.
    @discardableResult
    public func open(_ url: URL) -> LinkOutcome {
        do throws(NavigationError) {
            try coordinator.open(.universal(url.absoluteString, in: links, from: .outside))
            return .opened
        } catch {
            if case .link(.unhandledLink(let unhandled)) = error { return .unhandled(unhandled) }
            return .failed(error)
        }
    }

    /// The window's navigation as bytes to keep (SwiftUI's `SceneStorage`, a UIKit scene's
    /// `stateRestorationActivity`), or `nil` when it cannot be saved.
    ///
    /// - Returns: The JSON of the coordinator's ``TreeSnapshot``.
    public func savedState() -> Data? {
        guard let snapshot = try? coordinator.snapshot() else { return nil }
        return try? JSONEncoder().encode(snapshot)
    }

    /// The buttons a screen shows, each a call to the screen's own method: what its SwiftUI
    /// view draws, for the tests to tap on Linux.
    ///
    /// - Parameter screen: A screen of the coordinator's tree.
    /// - Returns: The screen's buttons (``ViewController/actions(at:)``), in order; none for a
    ///   screen that is not a ``ViewController``.
    public func actions(for screen: Screen) -> [ScreenAction] {
        (screen.content as? ViewController)?.actions(at: coordinator.tree.location(of: screen.id))
            ?? []
    }

    /// The start-up check: every scene that a screen's button or a link route opens and that no
    /// module registers, one sentence each.
    ///
    /// - Parameters:
    ///   - container: The registry, with every module registered.
    ///   - routes: The routes of the app's link table.
    /// - Returns: The problems; empty when every such scene is registered.
    public static func startUpProblems(container: DependencyContainer, routes: [LinkRoute])
        -> [String]
    {
        var problems = container.checkDestinations().problems.map(\.description)
        for route in routes {
            for scene in route.scenes where container.build(for: scene) == nil {
                problems.append(
                    "The link route \"\(route.path)\" opens \"\(scene)\", which no module registers."
                )
            }
        }
        return problems
    }
}

/// Why the app could not start: each is a programming error in the app, not bad input.
public enum StartUpFailure: Error, Equatable, CustomStringConvertible {
    /// A module registered a scene twice, or a malformed name.
    case registration(NavigationError)
    /// The link table is malformed.
    case linkTable(NavigationError)
    /// Scenes that a screen's button or a link route opens and no module registers, one
    /// sentence each.
    case unregisteredScenes([String])
    /// The first screen could not be shown.
    case firstScreen(NavigationError)
    /// The window could not be opened: its identity is not a window's.
    case window(NavigationError)

    /// What failed, in sentences.
    public var description: String {
        switch self {
        case .registration(let error): "Registering the scenes failed: \(error)"
        case .linkTable(let error): "The link table is malformed: \(error)"
        case .unregisteredScenes(let problems):
            "The start-up check failed: " + problems.joined(separator: " ")
        case .firstScreen(let error): "The first screen could not be shown: \(error)"
        case .window(let error): "The window could not be opened: \(error)"
        }
    }
}
