@_spi(Rules) import CoreModule
import Foundation
import Testing

/// A link table's matching held to a plain reference: every route's path is tried against the
/// link's path, and of those that match, the one the documented precedence puts first wins (at
/// the first segment where two differ: a literal, then parameters inside literal text, then a
/// parameter, then a catch-all; among segments of the same kinds, more literal text in the
/// first composite segment where they differ, then the template that sorts first), with the
/// values the reference reads itself.
///
/// (Moved from the scene-name route patterns' tests when those were removed: a ``LinkTable``
/// matches with the same route table.) Routes have every shape: the site's root, a parameter or
/// a composite segment first, a catch-all (at the root too). The literals cover many lengths,
/// literals of one length that differ only in their last byte, shared prefixes, non-ASCII text
/// and text a composite form could read.
@MainActor
@Suite("Link matching agrees with a reference matcher")
struct LinkMatchingTests {
    static let literals = [
        "a", "ab", "items", "items2", "reviews", "seven77", "eight888", "nine99999", "nine99998",
        "fifteen-bytes-x", "sixteen-bytes-xy", "sixteen-bytes-xz", "seventeen-bytes-z", "a.b",
        "a-literal-segment-well-past-sixteen-bytes", "a-literal-segment-well-past-sixteen-bytez",
        "café", "Ünïcödé-literal-segment", "item-new", "item-", "v1.2", "about.html",
    ]

    /// Literals of one length that differ only in their last byte, so that a path can name the
    /// sibling of a route's literal.
    static let siblings = [
        "nine99999": "nine99998", "nine99998": "nine99999",
        "sixteen-bytes-xy": "sixteen-bytes-xz", "sixteen-bytes-xz": "sixteen-bytes-xy",
        "a-literal-segment-well-past-sixteen-bytes": "a-literal-segment-well-past-sixteen-bytez",
        "a-literal-segment-well-past-sixteen-bytez": "a-literal-segment-well-past-sixteen-bytes",
    ]

    /// A segment of a route's path, as the reference reads it.
    private enum Piece: Hashable {
        case literal(String)
        /// A whole parameter, `:name`.
        case parameter
        /// Parameters inside literal text: the composite form of that index in ``forms``.
        case composite(Int)
        /// The rest of the path, one segment or more (`*name`): only last.
        case catchAll
    }

    /// A route's path: no piece for the site's root (`/`).
    private typealias Shape = [Piece]

    /// The composite forms routes use: literal text, or `nil` for a parameter.
    ///
    /// `item-:a`, `:a.html`, `v:a.:b`, `item-:a.html` (more literal text than the first two,
    /// whose links it can read too) and `:a-:b`.
    private static let forms: [[String?]] = [
        ["item-", nil], [nil, ".html"], ["v", nil, ".", nil], ["item-", nil, ".html"],
        [nil, "-", nil],
    ]

    /// Parameter names that routes share in any order and at any segment, so that a name does
    /// not say where its value is.
    static let parameterNames = ["id", "page", "p", "item", "a", "b", "n", "m", "x", "rest"]

    /// The number of parameters a piece names.
    private static func parameterCount(_ piece: Piece) -> Int {
        switch piece {
        case .literal: return 0
        case .parameter, .catchAll: return 1
        case .composite(let form): return forms[form].count { $0 == nil }
        }
    }

    /// The template of `shape` whose parameters are called `names`, in order.
    private static func template(of shape: Shape, names: [String]) -> String {
        guard !shape.isEmpty else { return "/" }
        var next = names.makeIterator()
        return shape.map { piece in
            switch piece {
            case .literal(let text): return text
            case .parameter: return ":" + (next.next() ?? "")
            case .catchAll: return "*" + (next.next() ?? "")
            case .composite(let form):
                return forms[form].map { $0 ?? ":" + (next.next() ?? "") }.joined()
            }
        }.joined(separator: "/")
    }

    /// The shape as the table compares shapes: each parameter `:`, a catch-all `*`; two routes
    /// of one shape are refused.
    private static func shapeKey(_ shape: Shape) -> String {
        guard !shape.isEmpty else { return "/" }
        return shape.map { piece in
            switch piece {
            case .literal(let text): return text
            case .parameter: return ":"
            case .catchAll: return "*"
            case .composite(let form): return forms[form].map { $0 ?? ":" }.joined()
            }
        }.joined(separator: "/")
    }

    /// The values composite `form` reads from `segment`, by the documented rule, or `nil`.
    ///
    /// Each literal must be there; a parameter takes one byte or more: the rest, when it is
    /// last; up to the segment's last literal, when that literal follows it and ends the
    /// segment; otherwise up to the first place, one byte or more on, where the literal after
    /// it starts. No second try.
    private static func read(_ form: [String?], _ segment: String) -> [String]? {
        var rest = Array(segment.utf8)[...]
        var values: [String] = []
        for (index, part) in form.enumerated() {
            if let text = part {
                guard rest.starts(with: text.utf8) else { return nil }
                rest = rest.dropFirst(text.utf8.count)
                continue
            }
            let taken: Int
            if index == form.count - 1 {
                taken = rest.count
            } else {
                let next = Array((form[index + 1] ?? "").utf8)
                if index + 2 == form.count {
                    guard rest.count > next.count, rest.suffix(next.count).elementsEqual(next)
                    else { return nil }
                    taken = rest.count - next.count
                } else {
                    guard
                        let found = (1..<Swift.max(1, rest.count)).first(where: {
                            rest.dropFirst($0).starts(with: next)
                        })
                    else { return nil }
                    taken = found
                }
            }
            guard taken > 0 else { return nil }
            values.append(String(decoding: rest.prefix(taken), as: UTF8.self))
            rest = rest.dropFirst(taken)
        }
        return rest.isEmpty ? values : nil
    }

    /// The values `shape`'s parameters take from `path`, in order, or `nil` when it does not
    /// match.
    private static func captures(of shape: Shape, in path: [String]) -> [String]? {
        if case .catchAll = shape.last {
            guard path.count >= shape.count else { return nil }
        } else {
            guard path.count == shape.count else { return nil }
        }
        var values: [String] = []
        for (index, piece) in shape.enumerated() {
            let segment = path[index]
            switch piece {
            case .literal(let text):
                guard text.utf8.elementsEqual(segment.utf8) else { return nil }
            case .parameter:
                guard !segment.isEmpty else { return nil }
                values.append(segment)
            case .composite(let form):
                guard let read = read(forms[form], segment) else { return nil }
                values += read
            case .catchAll:
                values.append(path[index...].joined(separator: "/"))
            }
        }
        return values
    }

    /// What a piece is at a place of the path, in the documented order: a literal, then
    /// parameters inside literal text, then a whole parameter, then a catch-all (4: no piece).
    private static func rank(_ shape: Shape, at index: Int) -> Int {
        guard index < shape.count else { return 4 }
        switch shape[index] {
        case .literal: return 0
        case .composite: return 1
        case .parameter: return 2
        case .catchAll: return 3
        }
    }

    /// The literal bytes of each composite segment of `shape`, in order.
    private static func compositeLiterals(_ shape: Shape) -> [Int] {
        shape.compactMap { piece in
            guard case .composite(let form) = piece else { return nil }
            return forms[form].reduce(0) { $0 + ($1?.utf8.count ?? 0) }
        }
    }

    /// Whether route `left` wins over route `right`, both matching one path: at the first place
    /// their pieces differ in kind, the documented order; then, among pieces of the same kinds,
    /// more literal text in the first composite segment where they differ, then the template
    /// that sorts first.
    private static func precedes(
        _ left: (shape: Shape, template: String), _ right: (shape: Shape, template: String)
    ) -> Bool {
        for index in 0...Swift.max(left.shape.count, right.shape.count) {
            let l = rank(left.shape, at: index)
            let r = rank(right.shape, at: index)
            if l != r { return l < r }
        }
        for (l, r) in zip(compositeLiterals(left.shape), compositeLiterals(right.shape))
        where l != r {
            return l > r
        }
        return left.template < right.template
    }

    /// The reference: of the routes whose shape matches `path`, the one that precedes every
    /// other, with its parameters' values in order.
    private static func expected(
        _ path: [String], among routes: [(shape: Shape, template: String)]
    ) -> (index: Int, values: [String])? {
        var best: (index: Int, values: [String])?
        for (index, route) in routes.enumerated() {
            guard let values = captures(of: route.shape, in: path) else { continue }
            if let current = best, !precedes(route, routes[current.index]) { continue }
            best = (index, values)
        }
        return best
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

    /// Values for parameters: short and long, non-ASCII, and text that holds the composite
    /// forms' literals (`.`, `-`, `item-`, `.html`) or an escaped `%`.
    static let values = [
        "1", "42", "value-with-more-than-sixteen-bytes", "é", "x", "a.b", "x-y", "item-7",
        "page.html", "1.2.3", "50%",
    ]

    /// A random piece of a route: a literal, a parameter or a composite form.
    private static func piece(_ random: inout SeededRandom) -> Piece {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return .parameter
        case 1: return .composite(Int.random(in: 0..<forms.count, using: &random))
        default: return .literal(literals.randomElement(using: &random) ?? "a")
        }
    }

    /// A random shape: the root, or up to four pieces, the last sometimes a catch-all.
    private static func shape(_ random: inout SeededRandom) -> Shape {
        if Int.random(in: 0..<40, using: &random) == 0 { return [] }
        let length = Int.random(in: 1...4, using: &random)
        var shape = (0..<length).map { _ in piece(&random) }
        if Int.random(in: 0..<5, using: &random) == 0 { shape[length - 1] = .catchAll }
        return shape
    }

    /// A segment of a path made for `piece`: mostly one it matches, sometimes one a sibling
    /// literal, another form, a literal or a value would match, or a form's literals alone.
    private static func segment(for piece: Piece, _ random: inout SeededRandom) -> [String] {
        let value = { (random: inout SeededRandom) in values.randomElement(using: &random) ?? "1" }
        func filled(_ form: Int, _ random: inout SeededRandom) -> String {
            forms[form].map { $0 ?? value(&random) }.joined()
        }
        let roll = Int.random(in: 0..<10, using: &random)
        switch (piece, roll) {
        case (.literal(let text), 3...): return [text]
        case (.literal(let text), 2): return [Self.siblings[text] ?? text]
        case (.composite(let form), 3...): return [filled(form, &random)]
        case (.composite(let form), 2):
            // The form's literals alone: each parameter needs one byte or more.
            return [forms[form].compactMap { $0 }.joined()]
        case (.catchAll, _):
            return (0..<Int.random(in: 1...3, using: &random)).map { _ in value(&random) }
        case (_, 0): return [literals.randomElement(using: &random) ?? "a"]
        case (_, 1): return [filled(Int.random(in: 0..<forms.count, using: &random), &random)]
        default: return [value(&random)]
        }
    }

    @Test("randomized tables and paths match as the reference says")
    func randomized() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        for round in 0..<6 {
            // Each route's shape and template; route `i` opens the scene `R<i>`.
            var routes: [(shape: Shape, template: String)] = []
            var names: [[String]] = []
            var keys: Set<String> = []
            for _ in 0..<120 {
                let shape = Self.shape(&random)
                // A catch-all at the root matches every path but the root: only in every other
                // round, so that the others have paths no route matches.
                if shape == [.catchAll], round.isMultiple(of: 2) { continue }
                // A route of a shape already in the table would be refused; the others are added.
                guard keys.insert(Self.shapeKey(shape)).inserted else { continue }
                let count = shape.reduce(0) { $0 + Self.parameterCount($1) }
                let chosen = Array(Self.parameterNames.shuffled(using: &random).prefix(count))
                routes.append((shape, Self.template(of: shape, names: chosen)))
                names.append(chosen)
            }
            let table = try LinkTable(
                accepting: [.scheme("t")],
                routes: routes.indices.map {
                    LinkRoute(routes[$0].template, scene: SceneIdentifier("R\($0)"))
                })
            let coordinator = AppCoordinator(
                container: try stubContainer(routes.indices.map { SceneIdentifier("R\($0)") }))
            for _ in 0..<200 {
                // A path made from a random route's shape, segment by segment.
                guard let source = routes.randomElement(using: &random) else { continue }
                var path = source.shape.flatMap { Self.segment(for: $0, &random) }
                // Sometimes a segment more, which may take the path past the deepest route.
                if Int.random(in: 0..<6, using: &random) == 0 {
                    path.append(Self.literals.randomElement(using: &random) ?? "a")
                }
                let comment: Comment =
                    "seed \(seed), round \(round), path \(path), from \(source.template)"
                let opened = try Self.open(path, in: table, on: coordinator, comment)
                guard let want = Self.expected(path, among: routes) else {
                    #expect(opened == nil, comment)
                    continue
                }
                let captured = Dictionary(
                    uniqueKeysWithValues: zip(names[want.index], want.values))
                #expect(
                    opened?.scene == SceneIdentifier("R\(want.index)"),
                    "\(comment): want \(routes[want.index].template)")
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
