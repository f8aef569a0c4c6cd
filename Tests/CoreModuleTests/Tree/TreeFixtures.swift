@_spi(Rules) import CoreModule
import Testing

/// The tab root the tree tests start from: "home" (A1, selected) and "more" (B1).
let homeAndMore: ApplicationTransitionType = .tabs(
    [TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home")

/// The link format of the tree tests.
let treeLinkFormat = DeepLinkFormat(scheme: "demo")

/// A coordinator over the stub scenes A1, A2, B1 and B2, "Keep", whose screens refuse to be
/// left, and "Broken", whose builder throws; navigated through `setup`.
@MainActor
func makeTreeCoordinator(setup: [ApplicationTransitionType] = []) throws -> AppCoordinator {
    let container = try makeContainer()
    try container.assemble(
        contentsOf: [
            SceneBuilder("Keep") { context in
                try context.vetoLeaving { "it has unsaved changes" }
                return StubScreen(context: context)
            }
        ])
    try container.assemble(contentsOf: [FailingBuilder(sceneIdentifier: "Broken")])
    let coordinator = AppCoordinator(container: container)
    for request in setup {
        try coordinator.navigate(request)
    }
    return coordinator
}

/// Records the results a screen's caller receives.
@MainActor
final class ResultLog {
    private(set) var results: [String] = []

    /// A result handler that appends `value(…)` or `cancelled` to ``results``.
    var handler: @MainActor (ScreenResult) -> Void {
        { [unowned self] result in self.results.append(result.description) }
    }
}
