// The smallest UIKit app on SceneRouter, on the library's API alone: three screens that are
// view controllers, the UIKit adapter, a link from the scene delegate, and each window's
// navigation saved and restored. docs/integrating-uikit.md quotes this file; the Apple check
// compiles it.

#if os(iOS)
    import CoreModule
    import Foundation
    import SceneRouterUIKit
    import UIKit

    /// A screen of this app: it keeps its context, and each of its buttons navigates by name.
    class MinimalViewController: UIViewController {
        let context: SceneContext
        init(context: SceneContext) {
            self.context = context
            super.init(nibName: nil, bundle: nil)
            title = context.scene.rawValue
        }
        required init?(coder: NSCoder) { nil }

        /// The screen's buttons: each a title and the navigation it asks for.
        var buttons: [(String, ApplicationTransitionType)] { [] }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            let column = UIStackView(
                arrangedSubviews: buttons.map { title, transition in
                    UIButton(
                        primaryAction: UIAction(title: title) { [context] _ in
                            _ = try? context.navigate(transition)  // a refusal: observers see it
                        })
                })
            column.axis = .vertical
            column.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(column)
            let area = view.safeAreaLayoutGuide
            NSLayoutConstraint.activate([
                column.topAnchor.constraint(equalTo: area.topAnchor),
                column.leadingAnchor.constraint(equalTo: area.leadingAnchor),
                column.trailingAnchor.constraint(equalTo: area.trailingAnchor),
            ])
        }
    }

    /// "Home": a button per product; each pushes "Product" by name.
    final class HomeViewController: MinimalViewController {
        override var buttons: [(String, ApplicationTransitionType)] {
            ["1", "2", "3"].map {
                ("Product \($0)", .push(scene: "Product", parameters: ["id": $0]))
            }
        }
    }

    /// "Product": presents "Settings" in a sheet.
    final class ProductViewController: MinimalViewController {
        override var buttons: [(String, ApplicationTransitionType)] {
            [("Settings", .present(scene: "Settings", style: .sheet(detents: [.medium, .large])))]
        }
    }

    /// "Settings": a sheet the user swipes down, or closes with Done.
    final class SettingsViewController: MinimalViewController {
        override var buttons: [(String, ApplicationTransitionType)] { [("Done", .dismiss())] }
    }

    @main
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        func application(
            _ application: UIApplication, configurationForConnecting session: UISceneSession,
            options: UIScene.ConnectionOptions
        ) -> UISceneConfiguration {
            let configuration = UISceneConfiguration(name: nil, sessionRole: session.role)
            configuration.delegateClass = SceneDelegate.self
            return configuration
        }
    }

    /// One window: its coordinator, shown by the adapter; its navigation saved with the scene.
    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        private var coordinator: AppCoordinator?
        private var links: LinkTable?
        private var rendering: ObservationToken?  // the adapter follows while this is kept

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options: UIScene.ConnectionOptions
        ) {
            guard let windowScene = scene as? UIWindowScene else { return }
            let window = UIWindow(windowScene: windowScene)
            do throws(NavigationError) {
                let container = DependencyContainer()
                try container.assemble(contentsOf: [
                    SceneBuilder("Home", destinations: ["Product"]) {
                        HomeViewController(context: $0)
                    },
                    SceneBuilder("Product", destinations: ["Settings"]) {
                        ProductViewController(context: $0)
                    },
                    SceneBuilder("Settings") { SettingsViewController(context: $0) },
                ])
                // minimaluikit://product/2 opens Home › Product 2 (a scheme of the Info.plist).
                links = try LinkTable(
                    accepting: [.scheme("minimaluikit")],
                    routes: [
                        LinkRoute("home", scene: "Home", reachableFromOutside: true),
                        LinkRoute(
                            "product/:id", scene: "Product", parent: "home",
                            reachableFromOutside: true),
                    ])
                let coordinator = AppCoordinator(container: container)
                if let saved = session.stateRestorationActivity?.userInfo?["navigation"] as? Data {
                    _ = try? coordinator.restore(TreeSnapshot.decode(saved))  // else empty
                }
                if coordinator.tree.isEmpty { try coordinator.navigate(.root(scene: "Home")) }
                rendering = coordinator.attach(
                    UIKitRenderer(window: window, coordinator: coordinator))
                self.coordinator = coordinator
            } catch {
                print(error)  // a registration error: a bug
            }
            window.makeKeyAndVisible()
            self.window = window
            for context in options.urlContexts { open(context.url) }  // a link that launched it
        }

        func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
            for context in contexts { open(context.url) }
        }

        /// The navigation to restore when the system relaunches this window.
        func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
            guard let snapshot = try? coordinator?.snapshot(),
                let saved = try? JSONEncoder().encode(snapshot)
            else { return nil }
            let activity = NSUserActivity(
                activityType: "org.scenerouter.MinimalUIKitApp.navigation")
            activity.addUserInfoEntries(from: ["navigation": saved])
            return activity
        }

        private func open(_ url: URL) {
            guard let coordinator, let links else { return }
            _ = try? coordinator.open(.universal(url.absoluteString, in: links))
        }
    }
#endif
