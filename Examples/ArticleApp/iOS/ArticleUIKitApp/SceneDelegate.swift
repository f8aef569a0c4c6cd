// The article app in UIKit: each window scene's session (one per window, over the app's one
// registry) shown by the UIKit adapter, restored from the scene's state restoration activity,
// following the links the system hands the scene. On iPad a window is a split view.
// docs/integrating-uikit.md quotes this file; scripts/check-doc-snippets.sh checks each quote.

#if os(iOS)
    import ArticleApp
    import CoreModule
    import CoreUI
    import SceneRouterUIKit
    import UIKit

    /// The app's windows: one registry of scenes and one link table, made at the first scene.
    @MainActor
    enum App {
        static let windows = Result { () throws(StartUpFailure) in try ArticleWindows() }
    }

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        private var session: ArticleSession?
        private var rendering: ObservationToken?
        private static let savedStateKey = "navigation"

        func scene(
            _ scene: UIScene, willConnectTo sceneSession: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            guard let windowScene = scene as? UIWindowScene else { return }
            let window = UIWindow(windowScene: windowScene)
            let savedState =
                sceneSession.stateRestorationActivity?
                .userInfo?[Self.savedStateKey] as? Data
            // iPad and Mac show the features in a sidebar; an iPhone in a tab bar.
            let layout: ArticleLayout =
                windowScene.traitCollection.userInterfaceIdiom == .phone ? .tabs : .split
            do throws(StartUpFailure) {
                let session = try App.windows.get().session(
                    for: WindowID(sceneSession.persistentIdentifier), restoring: savedState,
                    layout: layout)
                let renderer = UIKitRenderer(
                    window: window, coordinator: session.coordinator,
                    // Each screen gives its own view controller; the app knows none of them.
                    viewController: { screen in
                        (screen.content as? ViewController)?.makeViewController()
                    },
                    tabBarItem: { name in
                        UITabBarItem(
                            title: "Tab \(name)", image: UIImage(systemName: "square.stack"), tag: 0
                        )
                    })
                rendering = session.coordinator.attach(renderer)
                self.session = session
            } catch {
                window.rootViewController = StartUpFailureViewController(failure: error)
            }
            window.makeKeyAndVisible()
            self.window = window
            // A link that launched the app: a custom-scheme URL, or a universal link.
            for context in connectionOptions.urlContexts { open(context.url) }
            for activity in connectionOptions.userActivities { open(activity) }
        }

        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
            for context in URLContexts { open(context.url) }
        }

        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
            open(userActivity)
        }

        func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
            guard let savedState = session?.savedState() else { return nil }
            let activity = NSUserActivity(activityType: "org.scenerouter.ArticleApp.navigation")
            activity.addUserInfoEntries(from: [Self.savedStateKey: savedState])
            return activity
        }

        private func open(_ activity: NSUserActivity) {
            guard activity.activityType == NSUserActivityTypeBrowsingWeb,
                let url = activity.webpageURL
            else { return }
            open(url)
        }

        private func open(_ url: URL) {
            guard let session, case .unhandled = session.open(url), url.scheme == "https" else {
                return
            }
            UIApplication.shared.open(url)  // a web page the app has no screen for: the browser
        }
    }

    /// What the window shows when the app cannot start: a programming error in its
    /// registration or link table, which the tests catch before it ships.
    final class StartUpFailureViewController: UIViewController {
        private let failure: StartUpFailure

        init(failure: StartUpFailure) {
            self.failure = failure
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            let label = UILabel()
            label.text = failure.description
            label.numberOfLines = 0
            label.textColor = .systemRed
            label.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(label)
            NSLayoutConstraint.activate([
                label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
                label.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                label.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            ])
        }
    }
#endif
