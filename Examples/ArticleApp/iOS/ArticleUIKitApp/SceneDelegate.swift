// The article app in UIKit: one window scene, its session shown by the UIKit adapter, restored
// from the scene's state restoration activity, following the links the system hands the scene.
// docs/integrating-uikit.md quotes this file; scripts/check-doc-snippets.sh checks each quote.

#if os(iOS)
    import ArticleApp
    import ArticleAppUI
    import CoreModule
    import SceneRouterUIKit
    import UIKit

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
            do throws(StartUpFailure) {
                let session = try ArticleSession(restoring: savedState)
                let renderer = UIKitRenderer(
                    window: window, coordinator: session.coordinator,
                    viewController: { [unowned session] screen in
                        ScreenViewController(screen: screen, session: session)
                    })
                rendering = session.coordinator.attach(renderer)
                self.session = session
            } catch {
                let failure = UIViewController()  // a programming error: the tests catch it first
                failure.title = error.description
                window.rootViewController = failure
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
#endif
