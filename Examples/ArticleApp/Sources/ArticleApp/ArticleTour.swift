public import CoreModule
import CoreUI
import FeatureA
import FeatureB
import FeatureC
import SceneRouterUIKit

#if os(Linux)
    import SceneRouterUIKitStandIn
#endif

/// The article's example app, played step by step: what `article-app` prints.
///
/// It registers the scenes the article's way (``DependencyInjection/configure()``), starts with
/// `.root(scene: "A1")`, then taps the visible screen's buttons: each screen navigates by scene
/// name alone, to a scene of another module it does not import. A ``TextRenderer`` prints each
/// transition and the tree after it; a typo in a scene name prints the error, and the tree stays
/// as it was. A ``UIKitRenderer`` shows the same navigations in a UIKit window; on Linux the window
/// is the library's UIKit stand-in, whose hierarchy the tour prints after each step.
@MainActor
public struct ArticleTour {
    private let container: DependencyContainer
    private let write: @MainActor (String) -> Void

    /// Creates a tour that registers into `container` and writes its transcript through `write`.
    ///
    /// - Parameters:
    ///   - container: The registry to register the scenes into; the process-wide one by
    ///     default, as in the article. It must not hold the app's scenes yet.
    ///   - write: Receives each line of the transcript, without a line break.
    public init(
        container: DependencyContainer = .shared, write: @escaping @MainActor (String) -> Void
    ) {
        self.container = container
        self.write = write
    }

    /// Plays the article.
    ///
    /// - Returns: `true` when every step ended as planned: each tap navigated, and the typo
    ///   failed with the error that suggests the right names.
    public func run() -> Bool {
        do {
            try DependencyInjection(container: container).configure()
        } catch {
            write("DependencyInjection().configure() failed: \(error)")
            return false
        }
        let names = container.sceneIdentifiers.map(\.rawValue).joined(separator: ", ")
        write(
            "DependencyInjection().configure() registered \(container.sceneIdentifiers.count) scenes: \(names)"
        )
        // The check a test asserts is empty: every scene a screen's button opens is registered.
        let destinations = container.checkDestinations()
        write("container.checkDestinations(): \(destinations)")

        let coordinator = AppCoordinator(container: container)
        let renderer = coordinator.attach(TextRenderer(indent: "   ", write: write))
        defer { renderer.cancel() }
        let showWindow = attachWindow(to: coordinator)
        var events: [NavigationEvent] = []
        let log = coordinator.observe { events.append($0) }
        defer { log.cancel() }

        var step = 0
        var allAsPlanned = destinations.problems.isEmpty
        func perform(
            _ title: String, expecting expected: NavigationError? = nil,
            _ action: () throws -> Void
        ) {
            step += 1
            write("")
            write("\(step). \(title)")
            do {
                try action()
                if let expected {
                    allAsPlanned = false
                    write("   (this should have failed: \(expected))")
                }
            } catch let error as NavigationError {
                if error != expected { allAsPlanned = false }
                write("   (the tree is unchanged)")
                let tree = coordinator.tree.description
                for line in tree.split(separator: "\n", omittingEmptySubsequences: false) {
                    write("   \(line)")
                }
            } catch {
                allAsPlanned = false
                write("   ✗ \(error)")
            }
            if !showWindow() { allAsPlanned = false }
        }
        /// The visible screen, as the type the step expects.
        func visible<Screen: ViewController>(_ type: Screen.Type) throws -> Screen {
            guard let screen = coordinator.topMostViewController() as? Screen else {
                throw UnexpectedScreen(
                    expected: "\(Screen.self)", visible: coordinator.tree.visibleScreen?.scene)
            }
            return screen
        }

        perform("The app starts: coordinator.navigate(.root(scene: \"A1\"))") {
            try coordinator.navigate(.root(scene: "A1"))
        }
        perform("A1's button: tappedToA2() pushes \"A2\" by its name (step 9 of the article)") {
            try visible(A1ViewController.self).tappedToA2()
        }
        perform("A2's button: tappedToB1() presents FeatureB's \"B1\"; FeatureA never imports it") {
            try visible(A2ViewController.self).tappedToB1()
        }
        perform("B1's button: tappedToC1() pushes FeatureC's \"C1\" inside the modal") {
            try visible(B1ViewController.self).tappedToC1()
        }
        perform("C1's Back: tappedBack() pops \"C1\"") {
            try visible(C1ViewController.self).tappedBack()
        }
        perform("B1's Close: tappedClose() dismisses the modal") {
            try visible(B1ViewController.self).tappedClose()
        }
        perform(
            "A2's link to \"A3\", a name from a server with a typo: an error, not a crash",
            expecting: .unknownScene("A3", suggestions: ["A1", "A2"])
        ) {
            try visible(A2ViewController.self).tappedLink(to: "A3")
        }
        perform("A2's link to \"C1\": a name held in a String, wrapped in SceneIdentifier") {
            try visible(A2ViewController.self).tappedLink(to: "C1")
        }

        let failures = events.filter { $0.failure != nil }.count
        write("")
        func count(_ number: Int, _ noun: String) -> String {
            "\(number) \(noun)\(number == 1 ? "" : "s")"
        }
        write(
            "\(count(events.count - failures, "transition")) and \(count(failures, "failure")); "
                + (allAsPlanned
                    ? "every step ended as planned." : "SOME STEPS DID NOT END AS PLANNED."))
        return allAsPlanned
    }
}

extension ArticleTour {
    /// Attaches a UIKit window to `coordinator`; returns what prints it after a step, and says
    /// whether UIKit accepted every call.
    ///
    /// The article's screens are ``ViewController``s, the app's own base type: the window shows
    /// each as a `UIViewController` titled with its scene and identity.
    private func attachWindow(to coordinator: AppCoordinator) -> () -> Bool {
        #if os(Linux)
            let window = UIWindow()
            let renderer = UIKitRenderer(
                window: window, coordinator: coordinator,
                viewController: { screen in
                    let controller = UIViewController()
                    controller.title = "\(screen.scene) \(screen.id)"
                    return controller
                })
            let token = coordinator.attach(renderer)
            return { [write] in
                // The stand-in's animations end when told: here, at once.
                window.testing.finishAnimations()
                let violations = window.testing.violations
                write("   UIKit (SceneRouterUIKit on the stand-in window):")
                for line in window.testing.hierarchy { write("   \(line)") }
                for violation in violations { write("   ✗ UIKit refused: \(violation)") }
                withExtendedLifetime(token) {}
                return violations.isEmpty
            }
        #else
            // On a device, the app's scene delegate attaches the renderer to its own window.
            return { true }
        #endif
    }
}

/// A step found another screen on top than the one it taps.
private struct UnexpectedScreen: Error, CustomStringConvertible {
    let expected: String
    let visible: SceneIdentifier?

    var description: String {
        "the visible screen is \(visible.map { "\"\($0)\"" } ?? "none"), not a \(expected)"
    }
}
