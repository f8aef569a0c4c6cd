// The article app in SwiftUI: one window scene per WindowGroup window, each with its session,
// restored from the window's SceneStorage at launch, following links from onOpenURL.
// docs/integrating-swiftui.md quotes this file; scripts/check-doc-snippets.sh checks each quote.

#if os(iOS)
    import ArticleApp
    import ArticleAppUI
    import CoreModule
    import SwiftUI

    @main
    @MainActor
    struct ArticleSwiftUIApp: App {
        var body: some Scene {
            WindowGroup {
                ArticleWindow()
            }
        }
    }

    /// What one window runs: its session, and the observable state SwiftUI shows.
    @MainActor
    final class WindowRuntime {
        let session: ArticleSession
        let navigation: ObservableNavigation

        init(restoring savedState: Data?) throws(StartUpFailure) {
            // iPad and Mac show the features in a split view's sidebar; an iPhone in a tab bar.
            session = try ArticleSession(restoring: savedState, layout: .forThisDevice)
            navigation = ObservableNavigation(following: session.coordinator)
            navigation.applyChange = { event, update in
                var transaction = Transaction()
                transaction.disablesAnimations = !event.animated
                withTransaction(transaction, update)
            }
        }
    }

    /// One window: its navigation, saved and restored with the window, and the links the system
    /// hands it.
    @MainActor
    struct ArticleWindow: View {
        @SceneStorage("navigation") private var savedState: Data?
        @Environment(\.scenePhase) private var scenePhase
        @Environment(\.openURL) private var openURL
        @State private var runtime: Result<WindowRuntime, StartUpFailure>?

        var body: some View {
            Group {
                switch runtime {
                case .success(let runtime):
                    NavigationRoot(navigation: runtime.navigation, session: runtime.session)
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
                guard phase != .active, case .success(let runtime) = runtime else { return }
                savedState = runtime.session.savedState()
            }
        }

        /// The window's session, made at the first call from the state the window saved.
        private func start() -> ArticleSession? {
            if runtime == nil {
                do throws(StartUpFailure) {
                    runtime = .success(try WindowRuntime(restoring: savedState))
                } catch {
                    runtime = .failure(error)
                }
            }
            guard case .success(let runtime) = runtime else { return nil }
            return runtime.session
        }
    }
#endif
