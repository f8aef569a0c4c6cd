import CoreModule
import Foundation
import Testing

/// Property: for any tree reachable by transitions, opening its link (or restoring its snapshot)
/// yields an equal tree, screen identities aside.
@MainActor
@Suite("Links and snapshots round-trip every reachable tree")
struct LinkRoundTripTests {
    private static let format = DeepLinkFormat(scheme: "app", host: "nav")
    private static let names: [SceneIdentifier] = [
        "Home", "List", "Detail", "Café", "日本", "product/new", "a.b-c_d~e", "x@y:z",
    ]
    private static let patterns: [SceneIdentifier] = ["product/:id", "user/:name/posts/:page"]
    private static let values = [
        "", "7", "new", "a/b", "x;y=z", "50%", "+1", "café", "🚀 launch", "?#", "tab\there",
        "line\nbreak", "ñ", "plain",
    ]
    private static let keys = ["id", "q", "ключ", "a b", "=", "name", "page"]

    private func makeApp() throws -> AppCoordinator {
        let container = try makeContainer(Self.names)
        try container.assemble(contentsOf: Self.patterns.map { stubBuilder($0) })
        return AppCoordinator(container: container)
    }

    private func randomParameters(_ random: inout SeededRandom) -> SceneParameters {
        var parameters = SceneParameters()
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            parameters[Self.keys.randomElement(using: &random) ?? "id"] =
                Self.values.randomElement(using: &random)
        }
        return parameters
    }

    private func randomTarget(_ random: inout SeededRandom) -> (SceneIdentifier, SceneParameters) {
        var parameters = randomParameters(&random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
            let id = ["42", "new", "x"].randomElement(using: &random) ?? "42"
            return (SceneIdentifier("product/\(id)"), parameters)
        case 1:
            parameters["id"] = Self.values.randomElement(using: &random)
            if parameters["id"] == "" { parameters["id"] = "0" }
            return ("product/:id", parameters)
        case 2:
            return ("user/ann/posts/3", parameters)
        default:
            return (Self.names.randomElement(using: &random) ?? "Home", parameters)
        }
    }

    /// Applies random transitions, ignoring the ones that fail, to reach a random tree.
    private func randomTree(_ random: inout SeededRandom) throws -> AppCoordinator {
        let coordinator = try makeApp()
        let (scene, parameters) = randomTarget(&random)
        try coordinator.navigate(.root(scene: scene, parameters: parameters))
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let (scene, parameters) = randomTarget(&random)
            let request: ApplicationTransitionType
            switch Int.random(in: 0..<8, using: &random) {
            case 0, 1, 2: request = .push(scene: scene, parameters: parameters)
            case 3, 4: request = .present(scene: scene, parameters: parameters)
            case 5: request = .pop()
            case 6: request = .dismiss()
            default: request = .popTo(scene: scene)
            }
            _ = try? coordinator.navigate(request)
        }
        return coordinator
    }

    @Test("opening the link of 10,000 random trees yields equal trees")
    func linkRoundTrip() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        for iteration in 0..<10_000 {
            let original = try randomTree(&random)
            let link = try #require(original.link(format: Self.format))
            let reopened = try makeApp()
            do {
                try reopened.open(link, format: Self.format)
            } catch {
                Issue.record(
                    Comment(
                        rawValue:
                            "seed \(seed) (replay with ROUTER_SEED=\(seed)), tree \(iteration): \(error)\n"
                            + "link: \(link)\ntree:\n\(original.tree)"))
                return
            }
            guard reopened.tree.snapshot == original.tree.snapshot else {
                Issue.record(
                    Comment(
                        rawValue:
                            "seed \(seed) (replay with ROUTER_SEED=\(seed)), tree \(iteration) differs\n"
                            + "link: \(link)\noriginal:\n\(original.tree)\nreopened:\n\(reopened.tree)"
                    ))
                return
            }
        }
    }

    @Test("restoring the JSON snapshot of 2,000 random trees yields equal trees")
    func snapshotRoundTrip() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        for iteration in 0..<2_000 {
            let original = try randomTree(&random)
            let data = try encoder.encode(original.snapshot())
            let restored = try makeApp()
            try restored.restore(try decoder.decode(TreeSnapshot.self, from: data))
            guard restored.tree.snapshot == original.tree.snapshot else {
                Issue.record(
                    Comment(
                        rawValue:
                            "seed \(seed) (replay with ROUTER_SEED=\(seed)), tree \(iteration) differs\n"
                            + "original:\n\(original.tree)\nrestored:\n\(restored.tree)"))
                return
            }
        }
    }
}
