import CoreModule
import CoreModuleTesting
import FeatureA
import FeatureB

/// A coordinator over the demo's four scenes (A1, A2, B1, B2).
@MainActor
func makeDemoCoordinator() throws -> AppCoordinator {
    let container = DependencyContainer()
    try FeatureAScenes.register(in: container)
    try FeatureBScenes.register(in: container)
    return AppCoordinator(container: container)
}

/// Collects the lines a text renderer writes.
@MainActor
final class Lines {
    var all: [String] = []
    func append(_ line: String) { all.append(line) }
}
