import CoreModule

/// The object every builder and every baseline closure of the benchmark returns.
///
/// It is one shared, preallocated instance, so that the figures measure the router and the
/// baseline rather than the allocator making screens.
final class BenchmarkScreen: Sendable {
    /// A value to read, so that the object is not empty.
    let tag: Int

    init(tag: Int) {
        self.tag = tag
    }
}

/// The one screen object all builders and baseline closures return.
let sharedScreen = BenchmarkScreen(tag: 7)

/// What the baseline registry holds for a scene: a plain closure that makes its screen.
typealias PlainMake = () -> AnyObject

/// What the baseline stack holds for a screen: its scene name and its object.
struct PlainScreen {
    /// The scene the screen was made for.
    let scene: String
    /// The object the closure made.
    let content: AnyObject
}

/// The scene names of the benchmark: `scene-0`, `scene-1`, … and one name never registered.
enum SceneNames {
    /// The name of the scene numbered `index`.
    static func name(_ index: Int) -> String {
        "scene-\(index)"
    }

    /// A name that is never registered.
    static let unknown = "nope-xyz"
}

/// A small, fast, seeded pseudo-random generator (SplitMix64), so that every run makes the same
/// key sequences and the same random transitions.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The builders for scenes `0..<count`, each a ``SceneBuilder`` returning ``sharedScreen``.
func sceneBuilders(count: Int) -> [any Builder] {
    (0..<count).map { index in
        SceneBuilder(SceneIdentifier(SceneNames.name(index))) { _ in sharedScreen }
    }
}

/// A fresh container with scenes `0..<count` registered.
func registeredContainer(count: Int) throws -> DependencyContainer {
    let container = DependencyContainer()
    try container.assemble(contentsOf: sceneBuilders(count: count))
    return container
}

/// The baseline registry: the same scenes in a `[String: closure]`, written plainly.
func plainRegistry(count: Int) -> [String: PlainMake] {
    var registry: [String: PlainMake] = [:]
    registry.reserveCapacity(count)
    for index in 0..<count {
        registry[SceneNames.name(index)] = { sharedScreen }
    }
    return registry
}

/// A fixed pseudo-random sequence of registered scene names, which timed loops read round-robin
/// so that large registries are looked up all over, as an app's navigations would.
///
/// The router reads ``identifiers`` and the baseline reads ``strings``: the same names, in the
/// same order, stored the same way (`SceneIdentifier` wraps a `String`).
struct KeySequence {
    /// The names as the router takes them.
    let identifiers: [SceneIdentifier]
    /// The names as the baseline takes them.
    let strings: [String]
    /// `count - 1`, where the count is a power of two.
    let mask: Int

    /// Makes `1 << log2Count` names drawn from scenes `0..<sceneCount` by a seeded generator.
    init(sceneCount: Int, log2Count: Int, seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        strings = (0..<(1 << log2Count)).map { _ in
            SceneNames.name(Int.random(in: 0..<sceneCount, using: &generator))
        }
        identifiers = strings.map { SceneIdentifier($0) }
        mask = (1 << log2Count) - 1
    }
}

/// Where a workload goes on reading its ``KeySequence`` at its next sample.
final class Cursor {
    /// The position of the next name to read; wraps through the sequence's mask.
    var position = 0
}

/// Everything the timed rows at one registry size share, set up once.
///
/// Each row makes its own coordinator from ``container``, so rows do not disturb each other.
@MainActor
final class SceneSet {
    /// The number of registered scenes.
    let size: Int
    /// The router's registry, holding `size` scenes.
    let container: DependencyContainer
    /// The baseline's registry, holding the same `size` scenes.
    let plain: [String: PlainMake]
    /// The names that timed loops navigate to.
    let keys: KeySequence

    init(size: Int, log2KeyCount: Int) throws {
        self.size = size
        container = try registeredContainer(count: size)
        plain = plainRegistry(count: size)
        keys = KeySequence(sceneCount: size, log2Count: log2KeyCount, seed: 0x5EED ^ UInt64(size))
    }
}

/// A coordinator with events on: one no-op observer attached, and a root already shown.
@MainActor
final class ObservedCoordinator {
    /// The coordinator under measurement.
    let coordinator: AppCoordinator
    /// Keeps the no-op observer attached for as long as this object lives.
    let token: ObservationToken

    init(container: DependencyContainer) throws {
        coordinator = AppCoordinator(container: container)
        token = coordinator.observe { _ in }
        try coordinator.navigate(.root(scene: SceneIdentifier(SceneNames.name(0))))
    }
}

/// A setup problem that makes the benchmark meaningless, such as a scene that should be
/// registered but is not.
struct BenchmarkFailure: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A checksum term for a screen object: its address, which no optimizer can know.
func fold(_ object: AnyObject) -> UInt64 {
    UInt64(UInt(bitPattern: ObjectIdentifier(object)))
}
