// The page every screen of the app draws in SwiftUI: what the screen adds, its buttons, and the
// last error a button met. Only where SwiftUI exists; on Linux the screens are headless.

#if canImport(SwiftUI)
    public import CoreModule
    public import SwiftUI

    /// A screen's SwiftUI page: its own view on top, then its buttons
    /// (``ViewController/actions(at:)``), then the last error a button met.
    ///
    /// A feature module's screen gives it as its `SwiftUIScreen` body:
    ///
    /// ```swift
    /// extension A1ViewController: SwiftUIScreen {
    ///     public var body: some View {
    ///         ScreenPage(self) { Text("FeatureA's first screen") }
    ///     }
    /// }
    /// ```
    @MainActor
    public struct ScreenPage<Content: View>: View {
        private let screen: ViewController
        private let content: Content
        @State private var failure: String?

        /// The page of `screen`, with `content` on top.
        ///
        /// - Parameters:
        ///   - screen: The screen, whose buttons the page draws.
        ///   - content: What the screen shows above its buttons.
        public init(_ screen: ViewController, @ViewBuilder content: () -> Content) {
            self.screen = screen
            self.content = content()
        }

        /// The screen's view, its buttons and the error line.
        public var body: some View {
            List {
                Section("Screen \(screen.context.scene) \(screen.context.screen)") {
                    content
                    ForEach(actions) { action in
                        Button(action.title) { tap(action) }
                    }
                }
                if let failure {
                    Section("The last button failed; nothing changed") {
                        Text(failure).foregroundStyle(.red)
                    }
                }
            }
            .navigationTitle(screen.context.scene.rawValue)
        }

        /// The screen's buttons where it is in its window's tree.
        private var actions: [ScreenAction] {
            screen.actions(at: screen.context.location)
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
