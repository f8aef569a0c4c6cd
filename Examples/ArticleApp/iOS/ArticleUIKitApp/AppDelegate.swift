// The article app in UIKit: the application delegate. Each window scene gets a SceneDelegate
// (SceneDelegate.swift), which owns that window's session; a window the user closes for good is
// closed in the app's windows too.

#if os(iOS)
    import ArticleApp
    import CoreModule
    import UIKit

    @main
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        func application(
            _ application: UIApplication,
            configurationForConnecting connectingSceneSession: UISceneSession,
            options: UIScene.ConnectionOptions
        ) -> UISceneConfiguration {
            let configuration = UISceneConfiguration(
                name: "Default Configuration", sessionRole: connectingSceneSession.role)
            configuration.delegateClass = SceneDelegate.self
            return configuration
        }

        /// The user closed windows for good (the app switcher): their navigation goes too.
        func application(
            _ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>
        ) {
            guard case .success(let windows) = App.windows else { return }
            for session in sceneSessions { windows.close(WindowID(session.persistentIdentifier)) }
        }
    }
#endif
