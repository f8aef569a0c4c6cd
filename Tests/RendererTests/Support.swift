@_spi(Rules) import CoreModule
import CoreModuleTesting

/// A coordinator over the demo's four scenes (A1, A2, B1, B2), as stub screens.
@MainActor
func makeDemoCoordinator() throws -> AppCoordinator {
    let container = DependencyContainer()
    try container.assemble(contentsOf: ["A1", "A2", "B1", "B2"].map { SceneBuilder.stub($0) })
    return AppCoordinator(container: container)
}

/// Collects the lines a text renderer writes.
@MainActor
final class Lines {
    var all: [String] = []
    func append(_ line: String) { all.append(line) }
}
