// One screen of the tree, in SwiftUI: the article's screens have no views of their own (their
// modules build on Linux too), so the app draws each from the buttons ScreenAction lists.

#if os(iOS)
    import ArticleApp
    import CoreModule
    import SwiftUI

    /// One screen of the tree: its scene, its buttons, and the last error a button met.
    @MainActor
    struct ScreenView: View {
        let navigation: ObservableNavigation
        let session: ArticleSession
        let id: ScreenID
        @State private var failure: String?
        /// The screen as last shown: while the app pops or dismisses it, the tree no longer
        /// has it, and SwiftUI still draws it as it slides away.
        @State private var shown: Screen?

        var body: some View {
            if let screen = navigation.tree.screen(id) ?? shown {
                List {
                    Section("Screen \(screen.scene) \(screen.id)") {
                        ForEach(session.actions(for: screen)) { action in
                            Button(action.title) { tap(action) }
                        }
                    }
                    if let failure {
                        Section("The last button failed; nothing changed") {
                            Text(failure).foregroundStyle(.red)
                        }
                    }
                }
                .navigationTitle(screen.scene.rawValue)
                .onAppear { shown = screen }
            }
        }

        private func tap(_ action: ScreenAction) {
            do throws(NavigationError) {
                try action.perform()
                failure = nil
            } catch {
                failure = error.description
            }
        }
    }
#endif
