@_spi(Rules) import CoreModule
import Foundation
import Testing

/// A link table's matching held to a plain reference: every route's path is tried against the
/// link's path, and of those that match, the one whose first differing segment is literal wins.
///
/// (Moved from the scene-name route patterns' tests when those were removed: a ``LinkTable``
/// matches with the same route table.) The literals cover many lengths, literals of one length
/// that differ only in their last byte, shared prefixes and non-ASCII text.
@MainActor
@Suite("Link matching agrees with a reference matcher")
struct LinkMatchingTests {
    static let literals = [
        "a", "ab", "items", "items2", "reviews", "seven77", "eight888", "nine99999", "nine99998",
        "fifteen-bytes-x", "sixteen-bytes-xy", "sixteen-bytes-xz", "seventeen-bytes-z", "a.b",
        "a-literal-segment-well-past-sixteen-bytes", "a-literal-segment-well-past-sixteen-bytez",
        "café", "Ünïcödé-literal-segment",
    ]

    /// Literals of one length that differ only in their last byte, so that a path can name the
    /// sibling of a route's literal.
    static let siblings = [
        "nine99999": "nine99998", "nine99998": "nine99999",
        "sixteen-bytes-xy": "sixteen-bytes-xz", "sixteen-bytes-xz": "sixteen-bytes-xy",
        "a-literal-segment-well-past-sixteen-bytes": "a-literal-segment-well-past-sixteen-bytez",
        "a-literal-segment-well-past-sixteen-bytez": "a-literal-segment-well-past-sixteen-bytes",
    ]

    /// A path's segments: a literal, or `nil` for a parameter.
    private typealias Shape = [String?]

    /// Parameter names that routes share in any order and at any segment, so that a name does
    /// not say where its value is.
    static let parameterNames = ["id", "page", "p", "item"]

    /// The path of `shape` whose parameters are called `names`, in order.
    private static func path(of shape: Shape, names: [String]) -> String {
        var next = names.makeIterator()
        return shape.map { literal in literal ?? ":\(next.next() ?? "")" }.joined(separator: "/")
    }

    /// The reference: the matching shape whose first segment that differs is literal.
    private static func expected(_ path: [String], among shapes: [Shape]) -> Shape? {
        let matching = shapes.filter { shape in
            shape.count == path.count
                && zip(shape, path).allSatisfy { literal, segment in
                    literal.map { $0.utf8.elementsEqual(segment.utf8) } ?? !segment.isEmpty
                }
        }
        return matching.min { left, right in
            for (l, r) in zip(left, right) where (l == nil) != (r == nil) {
                return l != nil
            }
            return false
        }
    }

    /// `segments` as a link of the scheme `t`, each segment percent-encoded.
    private static func url(_ segments: [String]) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return "t://"
            + segments.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
            .joined(separator: "/")
    }

    /// The scene and parameters the link of `segments` opens in `table`, or `nil` when no route
    /// matches it (checked to be exactly that refusal).
    private static func open(
        _ segments: [String], in table: LinkTable, on coordinator: AppCoordinator,
        _ comment: Comment
    ) throws -> (scene: SceneIdentifier, parameters: SceneParameters)? {
        let url = Self.url(segments)
        do {
            try coordinator.open(.universal(url, in: table, from: .app))
        } catch {
            #expect(
                error == unhandled(url, .noRoute(path: segments.joined(separator: "/"))), comment)
            return nil
        }
        let screen = try #require(coordinator.tree.visibleScreen, comment)
        return (screen.scene, screen.parameters)
    }

    @Test("randomized tables and paths match as the reference says")
    func randomized() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        let values = ["1", "42", "value-with-more-than-sixteen-bytes", "é", "x"]
        for round in 0..<6 {
            // Each route's shape, its parameters' names in order, and the scene it opens.
            var shapes: [Shape] = []
            var routes: [LinkRoute] = []
            var namesOf: [Shape: [String]] = [:]
            var sceneOf: [Shape: SceneIdentifier] = [:]
            for _ in 0..<120 {
                let length = Int.random(in: 1...4, using: &random)
                var shape: Shape = [Self.literals.randomElement(using: &random) ?? "a"]
                for _ in 1..<length {
                    shape.append(
                        Bool.random(using: &random)
                            ? nil : Self.literals.randomElement(using: &random))
                }
                // A path of a shape already in the table would be refused; the others are added.
                guard
                    !shapes.contains(where: {
                        $0.map { $0 == nil } == shape.map { $0 == nil }
                            && zip($0, shape).allSatisfy { $0 == $1 }
                    })
                else { continue }
                let names = Array(
                    Self.parameterNames.shuffled(using: &random).prefix(shape.count { $0 == nil }))
                let scene = SceneIdentifier("R\(routes.count)")
                routes.append(LinkRoute(Self.path(of: shape, names: names), scene: scene))
                shapes.append(shape)
                namesOf[shape] = names
                sceneOf[shape] = scene
            }
            let table = try LinkTable(accepting: [.scheme("t")], routes: routes)
            let coordinator = AppCoordinator(
                container: try stubContainer(routes.compactMap(\.scene)))
            for _ in 0..<150 {
                // A path made from a random shape, sometimes with a segment swapped for another
                // literal or a value.
                guard let source = shapes.randomElement(using: &random) else { continue }
                var path = source.map { literal in
                    switch (literal, Int.random(in: 0..<8, using: &random)) {
                    case (let literal?, 3...): return literal
                    case (let literal?, 2): return Self.siblings[literal] ?? literal
                    case (_, 0): return Self.literals.randomElement(using: &random) ?? "a"
                    default: return values.randomElement(using: &random) ?? "1"
                    }
                }
                // Sometimes a segment more, which may take the path past the deepest route.
                if Int.random(in: 0..<6, using: &random) == 0 {
                    path.append(Self.literals.randomElement(using: &random) ?? "a")
                }
                let comment: Comment = "seed \(seed), round \(round), path \(path)"
                let opened = try Self.open(path, in: table, on: coordinator, comment)
                guard let want = Self.expected(path, among: shapes) else {
                    #expect(opened == nil, comment)
                    continue
                }
                let wantNames = namesOf[want] ?? []
                var captured: [String: String] = [:]
                for (name, position) in zip(wantNames, want.indices.filter { want[$0] == nil }) {
                    captured[name] = path[position]
                }
                #expect(opened?.scene == sceneOf[want], comment)
                #expect(opened?.parameters == SceneParameters(captured), comment)
            }
        }
    }

    /// A table of `paths`, each opening the scene `S` and its index, and a coordinator over them.
    private static func table(_ paths: [String]) throws -> (LinkTable, AppCoordinator) {
        let routes = paths.indices.map { LinkRoute(paths[$0], scene: SceneIdentifier("S\($0)")) }
        let table = try LinkTable(accepting: [.scheme("t")], routes: routes)
        let coordinator = AppCoordinator(
            container: try stubContainer(routes.compactMap(\.scene)))
        return (table, coordinator)
    }

    @Test("more parameters than two are all captured, in order")
    func manyParameters() throws {
        let (table, coordinator) = try Self.table(["shop/:a/:b/x/:c/:d"])
        let opened = try Self.open(
            ["shop", "1", "2", "x", "3", "4"], in: table, on: coordinator, "")
        #expect(opened?.parameters == ["a": "1", "b": "2", "c": "3", "d": "4"])
        #expect(opened?.parameters.sorted.map(\.value) == ["1", "2", "3", "4"])
    }

    @Test("a literal that is a prefix or an extension of the path's segment does not match")
    func literalLengths() throws {
        let (table, coordinator) = try Self.table(["ab/:x"])
        #expect(
            try Self.open(["ab", "1"], in: table, on: coordinator, "")?.parameters == ["x": "1"])
        #expect(try Self.open(["abc", "1"], in: table, on: coordinator, "") == nil)
        #expect(try Self.open(["a", "1"], in: table, on: coordinator, "") == nil)
    }

    @Test("a shorter path after a longer one reads only its own segments")
    func shorterAfterLonger() throws {
        let (table, coordinator) = try Self.table(["a/:x", "a/:x/b/:y/c"])
        func values(_ path: [String]) throws -> SceneParameters? {
            try Self.open(path, in: table, on: coordinator, "\(path)")?.parameters
        }
        #expect(try values(["a", "1", "b", "2", "c"]) == ["x": "1", "y": "2"])
        #expect(try values(["a", "3"]) == ["x": "3"])
        #expect(try values(["a", "1", "b", "2", "c", "d", "e"]) == nil)
        #expect(try values(["a", "4", "b"]) == nil)
        #expect(try values(["a", "5"]) == ["x": "5"])
        #expect(try values(["a", "6", "b", "7", "c"]) == ["x": "6", "y": "7"])
    }

    @Test("a path one segment longer than the deepest route, with a parameter branch left to try")
    func longerThanDeepestWithBranch() throws {
        let (table, coordinator) = try Self.table(["a/:x", "a/b/:y", "f/:g", "z/:u/:v"])
        #expect(try Self.open(["a", "b", "c", "d"], in: table, on: coordinator, "") == nil)
        #expect(try Self.open(["a", "b", "c"], in: table, on: coordinator, "")?.scene == "S1")
        #expect(
            try Self.open(["a", "q"], in: table, on: coordinator, "")?.parameters == ["x": "q"])
    }
}
