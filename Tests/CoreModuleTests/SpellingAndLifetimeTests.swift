@_spi(Rules) import CoreModule
import Testing

/// What the compact storage of names, routes and links must not change: each spelling comes
/// back as it was written, nothing from outside is kept for good, and removed builders go away.
@Suite("Spelling and lifetime: names come back as written, removed builders are released")
struct SpellingAndLifetimeTests {
    @Test("a location, an event and a screen keep the exact spelling they were given")
    func exactSpelling() {
        let decomposed = SceneIdentifier("Cafe\u{301}-with-a-name-longer-than-fifteen")
        let precomposed = SceneIdentifier("Caf\u{E9}-with-a-name-longer-than-fifteen")
        #expect(decomposed == precomposed)
        let first = ScreenLocation(screen: ScreenID(1), scene: decomposed, level: 0, index: 0)
        let second = ScreenLocation(screen: ScreenID(1), scene: precomposed, level: 0, index: 0)
        #expect(first.scene.rawValue.utf8.elementsEqual(decomposed.rawValue.utf8))
        #expect(second.scene.rawValue.utf8.elementsEqual(precomposed.rawValue.utf8))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        let event = TransitionEvent(
            sequence: 1, kind: .root, scene: decomposed, screen: ScreenID(1), from: nil,
            to: second, removedCount: 0, animated: false, stack: StackID(1))
        #expect(event.scene.rawValue.utf8.elementsEqual(decomposed.rawValue.utf8))
        #expect(event.to.scene.rawValue.utf8.elementsEqual(precomposed.rawValue.utf8))
    }

    @Test("replacing a name under an equivalent spelling leaves one spelling everywhere")
    func replaceByEquivalentSpelling() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [SceneBuilder("K/:id") { _ in Probe() }])
        try container.assemble(
            contentsOf: [SceneBuilder("\u{212A}/:id") { _ in Probe() }], policy: .replaceExisting)
        let listed = try #require(container.sceneIdentifiers.first)
        #expect(container.sceneIdentifiers.count == 1)
        #expect(listed.rawValue.utf8.elementsEqual("\u{212A}/:id".utf8))
        // The listed spelling is the one found, under either spelling.
        #expect(
            try container.resolve("K/:id").scene.rawValue.utf8.elementsEqual(listed.rawValue.utf8))
    }

    @Test("a registered name keeps its registered spelling in events and links")
    @MainActor
    func registeredSpelling() throws {
        // Another spelling of the same name seen first, anywhere in the process, must not
        // become the spelling of this registration.
        let decomposed = SceneIdentifier("Cafe\u{301}-registered-spelling-probe")
        let precomposed = SceneIdentifier("Caf\u{E9}-registered-spelling-probe")
        _ = ScreenLocation(screen: ScreenID(1), scene: decomposed, level: 0, index: 0)
        let container = DependencyContainer()
        try container.assemble(contentsOf: [SceneBuilder(precomposed) { _ in Probe() }])
        let coordinator = AppCoordinator(container: container)
        let event = try #require(try coordinator.navigate(.root(scene: decomposed)))
        #expect(event.scene.rawValue.utf8.elementsEqual(precomposed.rawValue.utf8))
        let link = try #require(try coordinator.link(format: DeepLinkFormat(scheme: "app")))
        #expect(link == "app://open/Caf%C3%A9-registered-spelling-probe")
    }

    @Test("a location keeps a level and an index of any size")
    func wideLocation() {
        let far = ScreenLocation(screen: ScreenID(1), scene: "A", level: 3, index: 5_000_000_000)
        let capped = ScreenLocation(
            screen: ScreenID(1), scene: "A", level: 3, index: Int(Int32.max))
        #expect(far.index == 5_000_000_000)
        #expect(far != capped)
    }

    @Test("removing or replacing a builder releases it")
    func removedRouteReleasesBuilder() throws {
        let container = DependencyContainer()
        weak var first: Probe?
        weak var second: Probe?
        do {
            let captured = Probe()
            first = captured
            try container.assemble(contentsOf: [SceneBuilder("product/:id") { _ in captured }])
        }
        do {
            let captured = Probe()
            second = captured
            try container.assemble(
                contentsOf: [SceneBuilder("product/:id") { _ in captured }],
                policy: .replaceExisting)
        }
        #expect(first == nil, "the replaced builder is released")
        #expect(second != nil)
        #expect(container.remove("product/:id") != nil)
        #expect(second == nil, "the removed builder is released")
        expectUnknownPath("product/:id", in: container, suggestions: [])
    }

    @Test("a name removed under an equivalent spelling is no longer found")
    func removeByEquivalentSpelling() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [SceneBuilder("K/:id") { _ in Probe() }])
        #expect(try container.resolve("K/:id").scene == "K/:id")
        #expect(container.remove("\u{212A}/:id") != nil)
        #expect(container.build(for: "K/:id") == nil)
        #expect(container.count == 0)
        expectUnknownPath("K/:id", in: container, suggestions: [])
    }

    @Test("a link's non-ASCII host matches whatever its case or spelling")
    @MainActor
    func nonASCIIHost() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [SceneBuilder("A1") { _ in Probe() }])
        let coordinator = AppCoordinator(container: container)
        let format = DeepLinkFormat(scheme: "demo", host: "Öffnen")
        try coordinator.open(.deepLink("demo://öffnen/A1", format: format))
        try coordinator.open(.deepLink("demo://O\u{308}ffnen/A1", format: format))
        #expect(coordinator.tree.scenes == [["A1"]])
    }
}

/// A screen object whose lifetime the tests watch.
private final class Probe: Sendable {}
