@_spi(Rules) import CoreModule
import Testing

/// Scene names in every storage form, held to `String` equality through the public API.
///
/// The registry stores short ASCII names packed in its own table and every other name in a
/// dictionary; screens, locations and events keep names packed or interned.
@Suite("Scene names: packed, interned, and always compared as strings")
struct SceneNameStorageTests {
    /// Names of every storage class: short ASCII (packed), exactly 15 and 16 bytes, long,
    /// non-ASCII, route-like.
    static let names: [SceneIdentifier] = [
        "A", "A1", "Checkout", "fifteen-bytes-x", "sixteen-bytes-xy",
        "a-much-longer-scene-name-than-fits-inline", "Café", "Ünïcödé-Scene", "items/new",
        "settings/profile/advanced/notifications",
    ]

    @Test("a randomized mix of registrations and removals matches a plain dictionary")
    @MainActor
    func registryMatchesDictionary() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        let container = DependencyContainer()
        var model: [SceneIdentifier: Int] = [:]
        // A pool large enough to grow the table several times and to make removals shift runs
        // of colliding slots back.
        let pool: [SceneIdentifier] =
            (0..<600).map { SceneIdentifier("s\($0)") }
            + (0..<60).map { SceneIdentifier("long-scene-name-number-\($0)") } + Self.names
        for step in 0..<20_000 {
            let name = pool[Int.random(in: 0..<pool.count, using: &random)]
            if Bool.random(using: &random) {
                let tag = step
                let builder = SceneBuilder(name) { _ in Tagged(tag) }
                if model[name] == nil {
                    try container.assemble(builder: builder, for: name)
                    model[name] = tag
                } else {
                    expectRefusal(
                        NavigationError.misuse(.duplicateRegistration(name)), leaving: container
                    ) {
                        try container.assemble(builder: builder, for: name)
                    }
                }
            } else {
                let removed = container.remove(name)
                #expect(
                    (removed != nil) == (model.removeValue(forKey: name) != nil), "seed \(seed)")
            }
        }
        #expect(container.count == model.count, "seed \(seed)")
        #expect(Set(container.sceneIdentifiers) == Set(model.keys), "seed \(seed)")
        let coordinator = AppCoordinator(container: container)
        for name in pool {
            #expect(
                (container.build(for: name) != nil) == (model[name] != nil), "\(name), seed \(seed)"
            )
            guard let tag = model[name] else { continue }
            let event = try #require(try coordinator.navigate(.root(scene: name)))
            let content = coordinator.tree.visibleScreen?.content as? Tagged
            #expect(content?.tag == tag, "\(name), seed \(seed)")
            #expect(event.scene == name)
        }
    }

    @Test("screens, locations and events give back every kind of name unchanged", arguments: names)
    @MainActor
    func namesRoundTrip(_ name: SceneIdentifier) throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [SceneBuilder(name) { _ in Tagged(0) }])
        let coordinator = AppCoordinator(container: container)
        let event = try #require(try coordinator.navigate(.root(scene: name)))
        #expect(event.scene == name)
        #expect(event.scene.rawValue == name.rawValue)
        #expect(event.to.scene == name)
        #expect(coordinator.tree.visibleScreen?.scene == name)
        #expect(coordinator.tree.scenes == [[name]])
        let location = ScreenLocation(screen: event.screen, scene: name, level: 0, index: 0)
        #expect(location == event.to)
        #expect(location.hashValue == event.to.hashValue)
    }

    @Test("names of every length from 1 to 20 bytes are found and given back unchanged")
    @MainActor
    func everyLength() throws {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-_.ABCDEFGHIJKLMNOPQRSTU")
        let names = (1...20).map { length in
            SceneIdentifier(String(alphabet[0..<length]))
        }
        let container = DependencyContainer()
        try container.assemble(
            contentsOf: names.map { name in SceneBuilder(name) { _ in Tagged(0) } })
        let coordinator = AppCoordinator(container: container)
        for name in names {
            let event = try #require(try coordinator.navigate(.root(scene: name)))
            #expect(event.scene == name, "\(name.rawValue.count) bytes")
            #expect(event.scene.rawValue.utf8.count == name.rawValue.utf8.count)
            // A near miss (the last byte changed) is not the same scene.
            let nearMiss = SceneIdentifier(String(name.rawValue.dropLast()) + "!")
            #expect(container.build(for: nearMiss) == nil, "\(nearMiss)")
        }
        let format = DeepLinkFormat(scheme: "app")
        let link = try #require(try coordinator.link(format: format))
        let reopened = AppCoordinator(container: container)
        try reopened.open(.deepLink(link, format: format))
        #expect(reopened.tree.scenes == coordinator.tree.scenes)
    }

    @Test("a name and a canonically equivalent spelling are the same scene")
    @MainActor
    func canonicalEquivalence() throws {
        // KELVIN SIGN is canonically equivalent to "K", and "é" precomposed to "e" + U+0301,
        // so Swift strings (and scene identifiers) compare them equal.
        let kelvin = SceneIdentifier("\u{212A}")
        let decomposed = SceneIdentifier("Cafe\u{0301}")
        #expect(kelvin == "K")
        #expect(decomposed == "Café")

        let container = DependencyContainer()
        try container.assemble(contentsOf: [
            SceneBuilder("K") { _ in Tagged(1) }, SceneBuilder("Café") { _ in Tagged(2) },
        ])
        #expect(container.build(for: kelvin) != nil)
        #expect(container.build(for: decomposed) != nil)
        expectRefusal(NavigationError.misuse(.duplicateRegistration(kelvin)), leaving: container) {
            try container.assemble(contentsOf: [SceneBuilder(kelvin) { _ in Tagged(3) }])
        }

        let coordinator = AppCoordinator(container: container)
        let first = try #require(try coordinator.navigate(.root(scene: kelvin)))
        #expect(first.scene == "K")
        #expect((coordinator.tree.visibleScreen?.content as? Tagged)?.tag == 1)
        let second = try #require(try coordinator.navigate(.push(scene: decomposed)))
        #expect(second.scene == "Café")
        #expect(
            second.to
                == ScreenLocation(screen: second.screen, scene: decomposed, level: 0, index: 1))

        // The other way round: a non-ASCII registration found by its ASCII spelling.
        let other = DependencyContainer()
        try other.assemble(contentsOf: [SceneBuilder(kelvin) { _ in Tagged(4) }])
        #expect(other.build(for: "K") != nil)
        #expect(other.remove("K") != nil)
        #expect(other.count == 0)
    }
}

/// A screen object that remembers which registration made it.
private final class Tagged: Sendable {
    let tag: Int

    init(_ tag: Int) {
        self.tag = tag
    }
}
