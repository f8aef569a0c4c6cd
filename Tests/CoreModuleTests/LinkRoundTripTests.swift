@_spi(Rules) import CoreModule
import Foundation
import Testing

/// A `Codable` payload with text a link or JSON must escape, registered for snapshots as `item`.
private struct RoundTripItem: Codable, Hashable, Sendable {
    var name: String
    var tags: [String]
    var price: Double?

    /// The item the "Item" scene rebuilds from parameters when a link brings none.
    static func rebuilt(from parameters: SceneParameters) -> RoundTripItem {
        RoundTripItem(name: parameters["q"] ?? "", tags: ["rebuilt"], price: nil)
    }
}

/// Property: for any tree reachable by transitions, opening its link (or restoring its snapshot)
/// yields an equal tree, screen identities aside.
///
/// A snapshot keeps every screen's `Codable`
/// payload; a link keeps none, and opening it rebuilds the payloads builders can rebuild.
@MainActor
@Suite("Links and snapshots round-trip every reachable tree")
struct LinkRoundTripTests {
    private static let format = DeepLinkFormat(scheme: "app", host: "nav")
    private static let names: [SceneIdentifier] = [
        "Home", "List", "Detail", "Café", "日本", "product/new", "a.b-c_d~e", "x@y:z",
    ]
    /// Names whose segments start with `:`: plain names, written into a link as they are.
    private static let colonNames: [SceneIdentifier] = ["product/:id", "user/:name/posts/:page"]
    private static let values = [
        "", "7", "new", "a/b", "x;y=z", "50%", "+1", "café", "🚀 launch", "?#", "tab\there",
        "line\nbreak", "ñ", "plain",
    ]
    private static let keys = ["id", "q", "ключ", "a b", "=", "name", "page"]

    /// The scenes every coordinator of a test builds from, registered once.
    private let container: DependencyContainer

    init() throws {
        container = try makeContainer(Self.names)
        try container.assemble(contentsOf: Self.colonNames.map { stubBuilder($0) })
        try container.assemble(
            contentsOf: [
                SceneBuilder(
                    "Item",
                    payload: .required(RoundTripItem.self, rebuiltFrom: RoundTripItem.rebuilt)
                ) { StubScreen(context: $0) }
            ])
        container.payloadTypes.register(RoundTripItem.self, name: "item")
        container.payloadTypes.register(String.self, name: "text")
    }

    /// A payload for a navigation to `scene`: none half the time, else an item or, for scenes
    /// that take any payload, a string.
    private func randomPayload(for scene: SceneIdentifier, _ random: inout SeededRandom)
        -> ScenePayload?
    {
        let text = Self.values.randomElement(using: &random) ?? ""
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            return ScenePayload(
                RoundTripItem(
                    name: text, tags: Array(Self.values.shuffled(using: &random).prefix(2)),
                    price: Bool.random(using: &random) ? 9.5 : nil))
        case 1: return scene == "Item" ? nil : ScenePayload(text)
        default: return nil
        }
    }

    private func makeApp() throws -> AppCoordinator {
        AppCoordinator(container: container)
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
            return ("product/:id", parameters)
        case 1:
            parameters["id"] = Self.values.randomElement(using: &random)
            if parameters["id"] == "" { parameters["id"] = "0" }
            return ("product/:id", parameters)
        case 2:
            return ("user/:name/posts/:page", parameters)
        case 3:
            return ("Item", parameters)
        default:
            return (Self.names.randomElement(using: &random) ?? "Home", parameters)
        }
    }

    /// Tab names, some of which a link must percent-encode.
    private static let tabNames = [
        "home", "search", "x,y]", "Café", "a=b;c", "tab:x", "[t]", "%41", "設定",
        String(repeating: "ü", count: 32),
    ]
    /// Every kind of style, with popover anchors a link must percent-encode.
    private static let styles: [PresentationStyle] = [
        .sheet(), .sheet(detents: [.medium]), .sheet(detents: [.medium, .large]),
        .sheet(detents: [.large, .medium]), .sheet(interactiveDismissal: false),
        .sheet(detents: [.medium], interactiveDismissal: false), .fullScreenCover,
        .popover(anchor: "share"), .popover(anchor: "a,b"), .popover(anchor: "[x]"),
        .popover(anchor: "Café button"), .popover(anchor: "%"),
        .popover(anchor: String(repeating: "é", count: 32)),
        .popover(anchor: "share", interactiveDismissal: false),
        .popover(anchor: "a,b [x]", interactiveDismissal: false),
    ]

    /// A tab root of one to four tabs with distinct names, each on a random first screen.
    private func randomTabs(_ random: inout SeededRandom) -> ApplicationTransitionType {
        let names = Self.tabNames.shuffled(using: &random).prefix(
            Int.random(in: 1...4, using: &random))
        let items = names.map { name in
            let (scene, parameters) = randomTarget(&random)
            return TabItem(
                name, scene: scene, parameters: parameters,
                payload: randomPayload(for: scene, &random))
        }
        return .tabs(
            items, selected: names.randomElement(using: &random) ?? "home",
            animated: Bool.random(using: &random))
    }

    /// Applies random transitions, ignoring the ones that fail, to reach a random tree: a stack
    /// or tab root, pushes, styled modals, tab switches, whole-stack sets and replacements.
    private func randomTree(_ random: inout SeededRandom) throws -> AppCoordinator {
        let coordinator = try makeApp()
        if Bool.random(using: &random) {
            try coordinator.navigate(randomTabs(&random))
        } else {
            let (scene, parameters) = randomTarget(&random)
            try coordinator.navigate(
                .root(
                    scene: scene, parameters: parameters,
                    payload: randomPayload(for: scene, &random)))
        }
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let (scene, parameters) = randomTarget(&random)
            let payload = randomPayload(for: scene, &random)
            let request: ApplicationTransitionType
            switch Int.random(in: 0..<14, using: &random) {
            case 0, 1, 2: request = .push(scene: scene, parameters: parameters, payload: payload)
            case 3, 4:
                request = .present(
                    scene: scene, parameters: parameters, payload: payload,
                    style: Self.styles.randomElement(using: &random) ?? .sheet())
            case 5: request = .pop()
            case 6: request = .dismiss()
            case 7: request = .popTo(scene: scene)
            case 8, 9:
                let names = coordinator.tree.tabs.map(\.name)
                request = .selectTab(names.randomElement(using: &random) ?? "home")
            case 10:
                let destinations = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    let (scene, parameters) = randomTarget(&random)
                    return Destination(
                        scene, parameters: parameters, payload: randomPayload(for: scene, &random))
                }
                request = .setStack(destinations)
            case 11: request = .replace(scene: scene, parameters: parameters, payload: payload)
            case 12: request = randomTabs(&random)
            default: request = .root(scene: scene, parameters: parameters, payload: payload)
            }
            _ = try? coordinator.navigate(request)
        }
        return coordinator
    }

    /// How the random trees vary, to show that the property ran over the trees it claims.
    private struct Coverage {
        var tabRoots = 0
        var styles: Set<String> = []
        var colonScreens = 0
        /// Trees holding a screen with a payload of each type, by type name.
        var payloads: [String: Int] = [:]

        mutating func count(_ tree: ScreenTree) {
            if tree.hasTabs { tabRoots += 1 }
            for name in Set(tree.screens.compactMap(\.payload?.typeName)) {
                payloads[name, default: 0] += 1
            }
            for modal in tree.modals { styles.insert("\(modal.style ?? .sheet())") }
            if tree.screens.contains(where: { $0.scene.rawValue.contains(":") }) {
                colonScreens += 1
            }
        }

        /// Checks that a run of `count` trees held tab roots, every style, and names with `:`.
        func check(count: Int, styleCount: Int) {
            #expect(tabRoots > count / 4, "\(tabRoots) tab roots in \(count) trees")
            #expect(styles.count == styleCount, "\(styles.sorted())")
            #expect(colonScreens > count / 20)
            #expect(payloads["RoundTripItem", default: 0] > count / 10, "\(payloads)")
            #expect(payloads["String", default: 0] > count / 10, "\(payloads)")
        }
    }

    @Test(
        "opening the link of 10,000 random trees, tab roots and styled modals included, yields equal trees"
    )
    func linkRoundTrip() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        var coverage = Coverage()
        for iteration in 0..<10_000 {
            let original = try randomTree(&random)
            coverage.count(original.tree)
            let link = try #require(try original.link(format: Self.format))
            let reopened = try makeApp()
            do {
                try reopened.open(.deepLink(link, format: Self.format))
            } catch {
                Issue.record(
                    Comment(
                        rawValue:
                            "seed \(seed) (replay with ROUTER_SEED=\(seed)), tree \(iteration): \(error)\n"
                            + "link: \(link)\ntree:\n\(original.tree)"))
                return
            }
            // Links carry no payloads: only the screens whose builder rebuilds one have one.
            let rebuilt = original.tree.screens.map { screen in
                screen.scene == "Item"
                    ? ScenePayload(RoundTripItem.rebuilt(from: screen.parameters)) : nil
            }
            guard reopened.tree.snapshot == original.tree.snapshot,
                reopened.tree.screens.map(\.payload) == rebuilt,
                try reopened.link(format: Self.format) == link
            else {
                Issue.record(
                    Comment(
                        rawValue:
                            "seed \(seed) (replay with ROUTER_SEED=\(seed)), tree \(iteration) differs\n"
                            + "link: \(link)\noriginal:\n\(original.tree)\nreopened:\n\(reopened.tree)"
                    ))
                return
            }
        }
        coverage.check(count: 10_000, styleCount: Self.styles.count)
    }

    @Test(
        "restoring the JSON snapshot of 10,000 random trees, tab roots and styled modals included, yields equal trees"
    )
    func snapshotRoundTrip() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        var coverage = Coverage()
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        for iteration in 0..<10_000 {
            let original = try randomTree(&random)
            coverage.count(original.tree)
            let snapshot = try original.snapshot()
            let data = try encoder.encode(snapshot)
            let decoded = try decoder.decode(TreeSnapshot.self, from: data)
            let restored = try makeApp()
            do {
                try restored.restore(decoded)
            } catch {
                Issue.record(
                    Comment(
                        rawValue:
                            "seed \(seed) (replay with ROUTER_SEED=\(seed)), tree \(iteration): \(error)\n"
                            + "snapshot: \(String(decoding: data, as: UTF8.self))\ntree:\n\(original.tree)"
                    ))
                return
            }
            guard decoded == snapshot,
                restored.tree.snapshot == original.tree.snapshot,
                restored.tree.screens.map(\.payload) == original.tree.screens.map(\.payload)
            else {
                Issue.record(
                    Comment(
                        rawValue:
                            "seed \(seed) (replay with ROUTER_SEED=\(seed)), tree \(iteration) differs\n"
                            + "original:\n\(original.tree)\nrestored:\n\(restored.tree)"))
                return
            }
        }
        coverage.check(count: 10_000, styleCount: Self.styles.count)
    }
}
