// The article app in SwiftUI: one window scene per WindowGroup window, each with its session,
// restored from the window's SceneStorage at launch, following links from onOpenURL. The
// library's NavigationHost shows each window's tree; each screen draws its own view.
// docs/integrating-swiftui.md quotes this file; scripts/check-doc-snippets.sh checks each quote.

#if os(iOS)
    import ArticleApp
    import CoreModule
    import CoreUI
    import SceneRouterSwiftUI
    import SwiftUI
    import UIKit

    @main
    @MainActor
    struct ArticleSwiftUIApp: App {
        var body: some Scene {
            WindowGroup {
                ArticleWindow()
            }
        }
    }

    extension ArticleLayout {
        /// What a fresh window shows on this device: a split on iPad and Mac, a tab bar on
        /// iPhone.
        @MainActor static var forThisDevice: ArticleLayout {
            UIDevice.current.userInterfaceIdiom == .phone ? .tabs : .split
        }
    }

    /// One window: its navigation, saved and restored with the window, and the links the system
    /// hands it.
    @MainActor
    struct ArticleWindow: View {
        @SceneStorage("navigation") private var savedState: Data?
        @Environment(\.scenePhase) private var scenePhase
        @Environment(\.openURL) private var openURL
        @State private var runtime: Result<ArticleSession, StartUpFailure>?

        var body: some View {
            Group {
                switch runtime {
                case .success(let session):
                    // The tabs, the split, the modals and the alerts: the library's host.
                    NavigationHost(session.coordinator)
                        .tabLabel { name in Label("Tab \(name)", systemImage: "square.stack") }
                case .failure(let failure):
                    Text(failure.description)  // a programming error: the tests catch it first
                case nil:
                    ProgressView()
                }
            }
            .onAppear { _ = start() }
            .onOpenURL { url in
                guard let session = start() else { return }
                if case .unhandled = session.open(url), url.scheme == "https" {
                    openURL(url)  // a web page the app has no screen for: the browser shows it
                }
            }
            .onChange(of: scenePhase) { _, phase in
                guard phase != .active, case .success(let session) = runtime else { return }
                savedState = session.savedState()
            }
        }

        /// The window's session, made at the first call from the state the window saved.
        private func start() -> ArticleSession? {
            if runtime == nil {
                do throws(StartUpFailure) {
                    // iPad and Mac show the features in a split view's sidebar; an iPhone in a
                    // tab bar.
                    runtime = .success(
                        try ArticleSession(restoring: savedState, layout: .forThisDevice))
                } catch {
                    runtime = .failure(error)
                }
            }
            guard case .success(let session) = runtime else { return nil }
            return session
        }
    }
#endif
