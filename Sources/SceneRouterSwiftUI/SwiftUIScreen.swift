// A screen's own SwiftUI view: what a feature module's screen object adopts, so that the host
// shows it without any other module knowing its type. Empty where SwiftUI does not exist.

#if canImport(SwiftUI)
    public import SwiftUI

    /// A screen object (what a ``CoreModule/Builder``'s `makeScreen(in:)` returns) that gives its
    /// own SwiftUI view.
    ///
    /// ``NavigationHost``, made without a `screen:` closure, shows each screen's content through
    /// this protocol: a feature module's screen adopts it, and the app shows the module's views
    /// without importing their types.
    ///
    /// ```swift
    /// @MainActor
    /// final class ProductScreen: SwiftUIScreen {
    ///     let context: SceneContext
    ///     init(context: SceneContext) { self.context = context }
    ///
    ///     var body: some View {
    ///         Button("Reviews") { try? self.context.navigate(.push(scene: "Reviews")) }
    ///     }
    /// }
    /// ```
    ///
    /// The body is read each time SwiftUI draws the screen: keep state the view changes in the
    /// object (an `@Observable` one) or in the view it returns.
    @MainActor
    public protocol SwiftUIScreen: AnyObject, Sendable {
        /// The type of the screen's view.
        associatedtype Body: View

        /// The screen's view.
        @ViewBuilder var body: Body { get }
    }
#endif
