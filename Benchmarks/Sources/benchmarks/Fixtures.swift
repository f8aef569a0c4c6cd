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

/// The two sets of scene names every row runs with, reported as separate rows.
///
/// Both are deterministic, and the router and its baseline always get the same names.
enum NameSet: String, CaseIterable, CustomStringConvertible {
    /// `scene-0`, `scene-1`, …: at most 15 bytes, which the core may store inline.
    case short
    /// Names shaped like a modular app's, 16 to 40 bytes: `FeatureA.ProductDetail0`,
    /// `Checkout.PaymentMethodSelection12`, … (a module, a screen and a number).
    case realistic

    /// The name as the table prints it.
    var description: String { rawValue }

    /// The name of the scene numbered `index` (0 ..< 10,000,000 for realistic names to stay
    /// within 40 bytes; larger indices wrap).
    func name(_ index: Int) -> String {
        switch self {
        case .short: return "scene-\(index)"
        case .realistic:
            let index = index % 10_000_000
            let module = Self.modules[index % Self.modules.count]
            let screen = Self.screens[(index / Self.modules.count) % Self.screens.count]
            return "\(module).\(screen)\(index)"
        }
    }

    /// A name that is never registered, distinct for each `index`.
    func unregistered(_ index: Int) -> String {
        switch self {
        case .short: return "nope-\(index)"
        case .realistic: return "Checkout.RemovedScreen\(index)"
        }
    }

    /// The route pattern numbered `index`, of 3 or 5 segments: 1 or 2 parameters after literal
    /// segments, such as `route-12/items/:id/reviews/:page` (short) or
    /// `account/orders-12/:order/items/:item` (realistic).
    func route(_ index: Int, segments: RouteSegments) -> String {
        switch (self, segments) {
        case (.short, .three): return "route-\(index)/items/:id"
        case (.short, .five): return "route-\(index)/items/:id/reviews/:page"
        case (.realistic, _):
            let area = Self.areas[index % Self.areas.count]
            let resource = Self.resources[(index / Self.areas.count) % Self.resources.count]
            let head = "\(area)/\(resource.segment)-\(index)/:\(resource.parameter)"
            guard segments == .five else { return head }
            let detail = Self.details[index % Self.details.count]
            return "\(head)/\(detail.segment)/:\(detail.parameter)"
        }
    }

    /// A path that the route pattern numbered `index` matches, with parameter values made from
    /// `value`: the route-match rows navigate to these.
    func path(_ index: Int, segments: RouteSegments, value: Int) -> String {
        route(index, segments: segments).split(separator: "/").enumerated()
            .map { offset, segment in
                segment.hasPrefix(":") ? self.value(value, at: offset) : String(segment)
            }
            .joined(separator: "/")
    }

    /// The literal route pattern numbered `index`, of 1, 2 or 3 segments by turns and no
    /// parameter: `page-12`, `shop/page-13`, `page-14/posts/top` (short), or
    /// `account-orders-page-9`, `messages/orders-page-13`, `checkout/product-2/history`
    /// (realistic, 16 to 40 bytes).
    ///
    /// None is a user name (``user(_:)``) nor reads as one of the routes with parameters
    /// inside a segment (``compositeRoutes``), which they sit beside.
    func literalRoute(_ index: Int) -> String {
        switch self {
        case .short:
            switch index % 3 {
            case 0: return "page-\(index)"
            case 1: return "shop/page-\(index)"
            default: return "page-\(index)/posts/top"
            }
        case .realistic:
            let area = Self.areas[index % Self.areas.count]
            let resource = Self.resources[(index / Self.areas.count) % Self.resources.count]
            switch index % 3 {
            case 0: return "\(area)-\(resource.segment)-page-\(index)"
            case 1: return "\(area)/\(resource.segment)-page-\(index)"
            default:
                let detail = Self.details[index % Self.details.count]
                return "\(area)/\(resource.segment)-\(index)/\(detail.segment)"
            }
        }
    }

    /// A user name, the first segment of a profile link (`:user`, `:user/posts/:id`):
    /// `u12` (short) or `maria.gonzalez12` (realistic).
    func user(_ index: Int) -> String {
        switch self {
        case .short: return "u\(index)"
        case .realistic: return "\(Self.people[index % Self.people.count])\(index)"
        }
    }

    /// The routes with a parameter inside a segment, each with its parameter's name and how
    /// to make, from a number, a path it opens and the value that path gives the parameter:
    /// `shop/i-:id` and `blog/:s.html` (short), or `shop/item-:id` and `blog/:slug.html`
    /// (realistic).
    var compositeRoutes:
        [(template: String, parameter: String, link: (Int) -> (path: String, value: String))]
    {
        switch self {
        case .short:
            return [
                ("shop/i-:id", "id", { ("shop/i-\($0 % 10)", "\($0 % 10)") }),
                ("blog/:s.html", "s", { ("blog/\($0 % 10).html", "\($0 % 10)") }),
            ]
        case .realistic:
            return [
                (
                    "shop/item-:id", "id",
                    { number in
                        let id = "\(100_000 + number % 900_000)"
                        return ("shop/item-\(id)", id)
                    }
                ),
                (
                    "blog/:slug.html", "slug",
                    { number in
                        let slug = "\(Self.slugs[number % Self.slugs.count])-\(number % 50)"
                        return ("blog/\(slug).html", slug)
                    }
                ),
            ]
        }
    }

    /// A parameter value: a short number, or an identifier-sized one for realistic names.
    private func value(_ value: Int, at offset: Int) -> String {
        switch self {
        case .short: return String(value % 10)
        case .realistic: return String(offset < 3 ? 100_000 + value % 900_000 : value % 50)
        }
    }

    private static let modules = [
        "FeatureA", "Checkout", "Account", "Onboarding", "Search", "Settings", "Messaging",
        "Catalog", "Profile", "Payments",
    ]
    private static let screens = [
        "ProductDetail", "PaymentMethodSelection", "OrderHistory", "AddressBook", "CartSummary",
        "ReviewList", "PasswordReset", "NotificationSettings", "SearchResults", "WishList",
        "ShippingOptions", "ProfileEditor",
    ]
    private static let areas = [
        "shop", "account", "checkout", "search", "settings", "messages", "catalog", "profile",
    ]
    private static let resources: [(segment: String, parameter: String)] = [
        ("product", "id"), ("orders", "order"), ("reviews", "review"), ("addresses", "address"),
        ("payment-methods", "method"), ("conversations", "conversation"),
        ("categories", "category"), ("notifications", "notification"),
    ]
    private static let details: [(segment: String, parameter: String)] = [
        ("items", "item"), ("photos", "photo"), ("history", "entry"), ("members", "member"),
        ("replies", "reply"),
    ]
    private static let people = [
        "maria.gonzalez", "j.appleseed", "kenji_watanabe", "amara.okafor", "lea-schmidt",
    ]
    private static let slugs = [
        "spring-sale-announcement", "how-we-ship", "new-in-store", "care-guide",
    ]
}

/// The number of segments of a route pattern.
enum RouteSegments: Int {
    /// Such as `shop/product-12/:id`.
    case three = 3
    /// Such as `account/orders-12/:order/items/:item`.
    case five = 5
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

/// A builder for `name` that returns ``sharedScreen``.
func sceneBuilder(_ name: String) -> any Builder {
    SceneBuilder(SceneIdentifier(name)) { _ in sharedScreen }
}

/// A fresh container with scenes `0..<count` of `names` registered.
func registeredContainer(count: Int, names: NameSet) throws -> DependencyContainer {
    let container = DependencyContainer()
    try container.assemble(contentsOf: (0..<count).map { sceneBuilder(names.name($0)) })
    return container
}

/// The baseline registry: the same scenes in a `[String: closure]`, written plainly.
func plainRegistry(count: Int, names: NameSet) -> [String: PlainMake] {
    var registry: [String: PlainMake] = [:]
    registry.reserveCapacity(count)
    for index in 0..<count {
        registry[names.name(index)] = { sharedScreen }
    }
    return registry
}

/// A fixed pseudo-random sequence of registered scene names, which timed loops read round-robin
/// so that large registries are looked up all over, as an app's navigations would.
///
/// The router reads ``identifiers`` and the baseline reads ``strings``: the same names, in the
/// same order, stored the same way (`SceneIdentifier` wraps a `String`). Each name is one string
/// of its own, made apart from the registries' (so that no lookup finds its key by identity),
/// and the sequence is about four times as long as the registry is large (at most
/// `1 << log2Count`): a small registry's rows stay in cache whatever earlier rows left on the
/// heap, and a large one's are read all over.
struct KeySequence {
    /// The names as the router takes them.
    let identifiers: [SceneIdentifier]
    /// The names as the baseline takes them.
    let strings: [String]
    /// `count - 1`, where the count is a power of two.
    let mask: Int

    /// Makes up to `1 << log2Count` names drawn from scenes `0..<sceneCount` of `names` by a
    /// seeded generator.
    init(sceneCount: Int, names: NameSet, log2Count: Int, seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var log2Length = 1
        while log2Length < log2Count, 1 << log2Length < 4 * sceneCount { log2Length += 1 }
        let distinct = (0..<sceneCount).map(names.name)
        strings = (0..<(1 << log2Length)).map { _ in
            distinct[Int.random(in: 0..<sceneCount, using: &generator)]
        }
        identifiers = strings.map { SceneIdentifier($0) }
        mask = (1 << log2Length) - 1
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
    /// The names of the scenes.
    let names: NameSet
    /// The router's registry, holding `size` scenes.
    let container: DependencyContainer
    /// The baseline's registry, holding the same `size` scenes.
    let plain: [String: PlainMake]
    /// The names that timed loops navigate to.
    let keys: KeySequence

    init(size: Int, names: NameSet, log2KeyCount: Int) throws {
        self.size = size
        self.names = names
        container = try registeredContainer(count: size, names: names)
        plain = plainRegistry(count: size, names: names)
        keys = KeySequence(
            sceneCount: size, names: names, log2Count: log2KeyCount, seed: 0x5EED ^ UInt64(size))
    }
}

/// A coordinator with events on: one no-op observer attached, and a root already shown.
@MainActor
final class ObservedCoordinator {
    /// The coordinator under measurement.
    let coordinator: AppCoordinator
    /// Keeps the no-op observer attached for as long as this object lives.
    let token: ObservationToken

    /// Shows scene 0 of `names` as the root.
    init(container: DependencyContainer, names: NameSet) throws {
        coordinator = AppCoordinator(container: container)
        token = coordinator.observe { _ in }
        try coordinator.navigate(.root(scene: SceneIdentifier(names.name(0))))
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
