import CoreModule
import Foundation
import Testing

/// Route matching held to a plain reference: every registered pattern is tried against the
/// path, and of those that match, the one whose first differing segment is literal wins.
///
/// The trie packs short segments into words, keeps long ones in an arena and moves a node's
/// children into a hashed table as they grow, so the literals here cover every length class
/// (1, 7, 8, 9, 15, 16, 17 and more bytes), literals of one length that differ only in their
/// last byte, shared prefixes and non-ASCII text.
@Suite("Route matching agrees with a reference matcher")
struct RouteMatchingTests {
    static let literals = [
        "a", "ab", "items", "items2", "reviews", "seven77", "eight888", "nine99999", "nine99998",
        "fifteen-bytes-x", "sixteen-bytes-xy", "sixteen-bytes-xz", "seventeen-bytes-z", "a.b",
        "a-literal-segment-well-past-sixteen-bytes", "a-literal-segment-well-past-sixteen-bytez",
        "café", "Ünïcödé-literal-segment",
    ]

    /// Literals of one length that differ only in their last byte, so that a path can name the
    /// sibling of a registered literal.
    static let siblings = [
        "nine99999": "nine99998", "nine99998": "nine99999",
        "sixteen-bytes-xy": "sixteen-bytes-xz", "sixteen-bytes-xz": "sixteen-bytes-xy",
        "a-literal-segment-well-past-sixteen-bytes": "a-literal-segment-well-past-sixteen-bytez",
        "a-literal-segment-well-past-sixteen-bytez": "a-literal-segment-well-past-sixteen-bytes",
    ]

    /// A pattern's segments: a literal, or `nil` for a parameter.
    private typealias Shape = [String?]

    /// The pattern of `shape` whose parameters are called `names`, in order.
    private static func identifier(of shape: Shape, names: [String]) -> SceneIdentifier {
        var next = names.makeIterator()
        return SceneIdentifier(
            shape.map { literal in literal ?? ":\(next.next() ?? "")" }.joined(separator: "/"))
    }

    /// Parameter names that patterns share in any order and at any segment, so that a name
    /// does not say where its value is.
    static let parameterNames = ["id", "page", "p", "item"]

    /// The reference: the matching pattern that DFS with literals first reaches.
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

    @Test("randomized patterns, removals and paths match as the reference says")
    func randomized() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        let container = DependencyContainer()
        // Each registered shape, with its parameters' names in order.
        var shapes: [Shape] = []
        var namesOf: [Shape: [String]] = [:]
        let values = ["1", "42", "value-with-more-than-sixteen-bytes", "é", "x"]
        for step in 0..<1_500 {
            let length = Int.random(in: 1...4, using: &random)
            var shape: Shape = [Self.literals.randomElement(using: &random) ?? "a"]
            for _ in 1..<length {
                shape.append(
                    Bool.random(using: &random) ? nil : Self.literals.randomElement(using: &random))
            }
            let names = Array(
                Self.parameterNames.shuffled(using: &random).prefix(shape.count { $0 == nil }))
            let pattern = Self.identifier(of: shape, names: names)
            if step % 3 == 2, let victim = shapes.randomElement(using: &random) {
                container.remove(Self.identifier(of: victim, names: namesOf[victim] ?? []))
                shapes.removeAll { $0 == victim }
                namesOf[victim] = nil
            } else if shape.contains(nil),
                !shapes.contains(where: {
                    $0.map { $0 == nil } == shape.map { $0 == nil }
                        && zip($0, shape).allSatisfy { $0 == $1 }
                })
            {
                // A pattern of a registered shape would collide; the others register.
                try container.assemble(stubBuilder(pattern))
                shapes.append(shape)
                namesOf[shape] = names
            }
            // A path made from a random registered shape, sometimes with a segment swapped for
            // another literal or a value.
            guard let source = shapes.randomElement(using: &random) else { continue }
            var path = source.map { literal in
                switch (literal, Int.random(in: 0..<8, using: &random)) {
                case (let literal?, 3...): return literal
                case (let literal?, 2): return Self.siblings[literal] ?? literal
                case (_, 0): return Self.literals.randomElement(using: &random) ?? "a"
                default: return values.randomElement(using: &random) ?? "1"
                }
            }
            // Sometimes a segment more, which may take the walk past the deepest pattern.
            if Int.random(in: 0..<6, using: &random) == 0 {
                path.append(Self.literals.randomElement(using: &random) ?? "a")
            }
            let text = SceneIdentifier(path.joined(separator: "/"))
            let want = Self.expected(path, among: shapes)
            guard let want else {
                // No pattern matches: an unknown scene, whose suggestions the registered
                // patterns give. (The paths break no naming rule: no segment is empty.)
                expectUnknownPath(text, in: container, "seed \(seed), path \(text)")
                continue
            }
            let resolved = try container.resolve(text)
            let wantNames = namesOf[want] ?? []
            #expect(
                resolved.scene == Self.identifier(of: want, names: wantNames),
                "seed \(seed), path \(text)")
            var captured: [String: String] = [:]
            for (name, position) in zip(wantNames, want.indices.filter { want[$0] == nil }) {
                captured[name] = path[position]
            }
            #expect(resolved.routeParameters == SceneParameters(captured), "seed \(seed)")
            #expect(resolved.routeParameters.values == captured, "seed \(seed)")
            #expect(resolved.routeParameterNames == wantNames, "seed \(seed)")
            #expect(resolved.builder.sceneIdentifier == resolved.scene, "seed \(seed)")
        }
    }

    @Test("thousands of first segments, short and long, each find their own pattern")
    func wideNodes() throws {
        let container = DependencyContainer()
        let firsts = (0..<2_000).map { index in
            index.isMultiple(of: 2) ? "s\(index)" : "a-first-segment-longer-than-sixteen-\(index)"
        }
        try container.assemble(
            contentsOf: firsts.map { first in
                SceneBuilder(SceneIdentifier("\(first)/:id")) { context in
                    StubScreen(context: context)
                }
            })
        for first in firsts {
            let resolved = try container.resolve(SceneIdentifier("\(first)/7"))
            #expect(resolved.scene == SceneIdentifier("\(first)/:id"))
            #expect(resolved.routeParameters["id"] == "7")
        }
        // The first segment of an odd index is long, of an even one short: these are no one's.
        expectUnknownPath("s1/7", in: container, suggestions: [])
        // Over 1,024 names, suggestions are looked for only among the first 1,024 the registry
        // lists, in an order that changes from one run to the next: which close names are
        // suggested cannot be written down, only that there are three, all long patterns.
        let longMiss: SceneIdentifier = "a-first-segment-longer-than-sixteen-0/7"
        let scenes = container.sceneIdentifiers
        let longPatterns = Set(
            firsts.filter { $0.hasPrefix("a-first-segment") }.map { SceneIdentifier("\($0)/:id") })
        do {
            let resolved = try container.resolve(longMiss)
            Issue.record("\(longMiss) resolved to \(resolved.scene)")
        } catch {
            guard case .unknownScene(let name, let suggestions) = error else {
                Issue.record("\(longMiss): \(error), not an unknown scene")
                return
            }
            #expect(name.rawValue == longMiss.rawValue)
            #expect(suggestions.names.count == SceneSuggestions.limit)
            #expect(Set(suggestions.names).isSubset(of: longPatterns), "\(suggestions)")
        }
        #expect(container.sceneIdentifiers == scenes)
        #expect(container.count == firsts.count)
    }

    @Test(
        "a path deeper or longer than every pattern matches nothing: an unknown scene, or a bad name"
    )
    func deepAndLongPaths() throws {
        let container = try stubContainer(["a/:x/b/:y"])
        // Within the naming rules, a path one segment short, one segment longer, or about as
        // deep as a name may be (128 segments, 255 characters) is read to its end and is an
        // unknown scene.
        let deepest = SceneIdentifier(Array(repeating: "a", count: 128).joined(separator: "/"))
        #expect(deepest.rawValue.count == SceneIdentifier.maximumLength - 1)
        for path in ["a/1/b", "a/1/b/2/c", deepest] {
            expectUnknownPath(path, in: container, suggestions: [])
        }
        // A path that breaks a naming rule is a bad name, never a miss: an empty segment (a
        // leading, doubled or trailing `/`), or more characters than a name may have.
        let slashes = SceneIdentifier(String(repeating: "/", count: 200))
        let tooDeep = SceneIdentifier(Array(repeating: "a", count: 512).joined(separator: "/"))
        let badNames: [(SceneIdentifier, NavigationError.IdentifierProblem)] = [
            ("a//b/2", .emptySegment(segment: 2)), ("/a/1/b/2", .emptySegment(segment: 1)),
            ("a/1/b/2/", .emptySegment(segment: 5)), (slashes, .emptySegment(segment: 1)),
            (tooDeep, .tooLong(length: 1_023, limit: SceneIdentifier.maximumLength)),
        ]
        for (path, problem) in badNames {
            expectRefusal(
                NavigationError.input(.invalidSceneIdentifier(path, problem: problem)),
                leaving: container
            ) { try container.resolve(path) }
        }
        // A path is a scene name: over the byte limit, however deep or long, it is rejected
        // before it is read, so no captured value is ever longer than a name may be.
        let deep = SceneIdentifier(Array(repeating: "a", count: 100_000).joined(separator: "/"))
        let long = SceneIdentifier("a/" + String(repeating: "z", count: 1_000_000) + "/b/1")
        let manySlashes = SceneIdentifier(String(repeating: "/", count: 10_000))
        for path in [deep, long, manySlashes] {
            expectRefusal(
                NavigationError.input(
                    .invalidSceneIdentifier(
                        path,
                        problem: .tooManyBytes(
                            count: path.rawValue.utf8.count, limit: SceneIdentifier.maximumByteCount
                        ))),
                leaving: container
            ) { try container.resolve(path) }
        }
        let longest = SceneIdentifier(
            "a/" + String(repeating: "z", count: SceneIdentifier.maximumByteCount - 6) + "/b/1")
        let resolved = try container.resolve(longest)
        #expect(resolved.routeParameters["x"]?.utf8.count == SceneIdentifier.maximumByteCount - 6)
        #expect(resolved.routeParameters["y"] == "1")
    }

    @Test("a path one segment longer than the deepest pattern, with a parameter branch left to try")
    func longerThanDeepestWithBranch() throws {
        // `a/b/c/d` goes down `a`, `b` (leaving the `:x` branch for later) and `:y` to the
        // deepest level, where the walk reads one segment more than any pattern has before it
        // backtracks to `:x`; that branch fails too, so nothing matches.
        let container = DependencyContainer()
        for pattern in ["a/:x", "a/b/:y", "f/:g", "z/:u/:v"] as [SceneIdentifier] {
            try container.assemble(stubBuilder(pattern))
        }
        expectUnknownPath("a/b/c/d", in: container, suggestions: [])
        #expect(try container.resolve("a/b/c").routeParameters == ["y": "c"])
        #expect(try container.resolve("a/q").routeParameters == ["x": "q"])
    }

    @Test("segments are split on the byte `/`, even where a combining mark follows it")
    func slashBeforeCombiningMark() throws {
        // "/\u{64D}" is one Character, but a path's `/` always separates segments.
        let pattern: SceneIdentifier = "a/:x/\u{64D}b"
        let container = try stubContainer([pattern])
        let resolved = try container.resolve("a/7/\u{64D}b")
        #expect(resolved.scene == pattern)
        #expect(resolved.routeParameters == ["x": "7"])
        #expect(resolved.routeParameterNames == ["x"])
    }

    @Test("more parameters than two are all captured, in order")
    func manyParameters() throws {
        let container = try stubContainer(["shop/:a/:b/x/:c/:d"])
        let resolved = try container.resolve("shop/1/2/x/3/4")
        #expect(resolved.routeParameters == ["a": "1", "b": "2", "c": "3", "d": "4"])
        #expect(resolved.routeParameters.sorted.map(\.value) == ["1", "2", "3", "4"])
        #expect(resolved.routeParameterNames == ["a", "b", "c", "d"])
    }
}

/// A match reads the path once, noting where its segments end, and reads its literals and
/// values from there; the notes of one path are written over by the next.
@Suite("Route matching reads each segment where the path's one read found it")
struct SegmentReadingTests {
    @Test("patterns with the same names in other segments each take their own segments' values")
    func sharedNamesOtherSegments() throws {
        let container = try stubContainer([
            "a/:id/x/:page",
            "b/x/:id/:page",
            "c/:page/:id",
        ])
        #expect(try container.resolve("a/1/x/2").routeParameters == ["id": "1", "page": "2"])
        #expect(try container.resolve("b/x/3/4").routeParameters == ["id": "3", "page": "4"])
        #expect(try container.resolve("c/5/6").routeParameters == ["page": "5", "id": "6"])
        #expect(try container.resolve("c/5/6").routeParameterNames == ["page", "id"])
        // One of the names alone, in a pattern of its own, and patterns removed, take nothing
        // from the others with their names.
        try container.assemble(stubBuilder("a/:id"))
        #expect(try container.resolve("a/7").routeParameters == ["id": "7"])
        #expect(container.remove("a/:id/x/:page") != nil)
        #expect(container.remove("a/:id") != nil)
        #expect(try container.resolve("b/x/3/4").routeParameters == ["id": "3", "page": "4"])
        #expect(try container.resolve("c/5/6").routeParameters == ["page": "5", "id": "6"])
        expectUnknownPath("a/1/x/2", in: container, suggestions: [])
    }

    @Test("multibyte and percent-escaped segments are compared and cut out byte for byte")
    func multibyteSegments() throws {
        let container = try stubContainer(["café/:id/ü/:rest"])
        let resolved = try container.resolve("café/日本/ü/a%20b")
        #expect(resolved.routeParameters == ["id": "日本", "rest": "a%20b"])
        expectUnknownPath("café/1/u/2", in: container, suggestions: [])
    }

    @Test("a literal that is a prefix or an extension of the path's segment does not match")
    func literalLengths() throws {
        let container = try stubContainer(["ab/:x"])
        #expect(try container.resolve("ab/1").routeParameters == ["x": "1"])
        expectUnknownPath("abc/1", in: container, suggestions: [])
        expectUnknownPath("a/1", in: container, suggestions: [])
        // A segment cut to nothing is an empty segment: a bad name, never a miss.
        expectRefusal(
            NavigationError.input(
                .invalidSceneIdentifier("ab/", problem: .emptySegment(segment: 2))),
            leaving: container
        ) { try container.resolve("ab/") }
        expectRefusal(
            NavigationError.input(
                .invalidSceneIdentifier("/1", problem: .emptySegment(segment: 1))),
            leaving: container
        ) { try container.resolve("/1") }
    }

    @Test("removing most patterns, replacing and registering them again keeps every match right")
    func removalsAndReplacements() throws {
        let container = DependencyContainer()
        func builder(_ name: SceneIdentifier) -> SceneBuilder {
            stubBuilder(name)
        }
        let patterns = (0..<40).map { SceneIdentifier("page\($0)/:x/q/:y") }
        try container.assemble(contentsOf: patterns.map(builder))
        for pattern in patterns.prefix(30) { #expect(container.remove(pattern) != nil) }
        // A pattern registered again under the same key, replacing its builder.
        try container.assemble(builder(patterns[35]), policy: .replaceExisting)
        for (index, pattern) in patterns.enumerated() {
            let path = SceneIdentifier("page\(index)/a\(index)/q/b")
            if index < 30 {
                expectUnknownPath(path, in: container, suggestions: [])
            } else {
                let resolved = try container.resolve(path)
                #expect(resolved.scene == pattern)
                #expect(resolved.routeParameters == ["x": "a\(index)", "y": "b"])
            }
        }
        try container.assemble(contentsOf: patterns.prefix(30).map(builder))
        for (index, pattern) in patterns.enumerated() {
            let resolved = try container.resolve(SceneIdentifier("page\(index)/7/q/8"))
            #expect(resolved.scene == pattern)
            #expect(resolved.routeParameters == ["x": "7", "y": "8"])
        }
    }

    @Test("a shorter path after a longer one reads only its own segments")
    func shorterAfterLonger() throws {
        let container = try stubContainer([
            "a/:x",
            "a/:x/b/:y/c",
        ])
        #expect(try container.resolve("a/1/b/2/c").routeParameters == ["x": "1", "y": "2"])
        #expect(try container.resolve("a/3").routeParameters == ["x": "3"])
        expectUnknownPath("a/1/b/2/c/d/e", in: container, suggestions: [])
        expectUnknownPath("a/4/b", in: container, suggestions: [])
        #expect(try container.resolve("a/5").routeParameters == ["x": "5"])
        #expect(try container.resolve("a/6/b/7/c").routeParameters == ["x": "6", "y": "7"])
    }
}

/// Parameters captured from a path behave exactly like parameters a caller wrote.
@Suite("Captured route parameters are ordinary parameters")
struct CapturedParameterTests {
    private func captured() throws -> SceneParameters {
        let container = try stubContainer(["item/:id/page/:page"])
        return try container.resolve("item/7/page/3").routeParameters
    }

    @Test("they equal, hash and print like the same pairs written by hand")
    func equalityAndHashing() throws {
        let parameters = try captured()
        let written: SceneParameters = ["page": "3", "id": "7"]
        #expect(parameters == written)
        #expect(written == parameters)
        #expect(parameters.hashValue == written.hashValue)
        #expect(Set([parameters, written]).count == 1)
        #expect(parameters != ["page": "3", "id": "8"])
        #expect(parameters != ["page": "3"])
        #expect(parameters.description == "id=7, page=3")
        #expect(parameters.count == 2)
        #expect(parameters["id"] == "7")
        #expect(parameters["missing"] == nil)
    }

    @Test("changing one makes a plain copy and leaves the original as it was")
    func changing() throws {
        let original = try captured()
        var changed = original
        changed["id"] = "9"
        changed["extra"] = "x"
        #expect(changed == ["id": "9", "page": "3", "extra": "x"])
        #expect(original == ["id": "7", "page": "3"])
        changed["id"] = nil
        changed["page"] = nil
        changed["extra"] = nil
        #expect(changed.isEmpty)
        #expect(changed == SceneParameters())
    }

    @Test("names out of alphabetical order in the pattern equal and hash as written by hand")
    func unsortedNames() throws {
        let container = try stubContainer(["z/:zeta/:alpha/:mid"])
        let parameters = try container.resolve("z/1/2/3").routeParameters
        let written = SceneParameters(["alpha": "2", "mid": "3", "zeta": "1"])
        #expect(parameters == written)
        #expect(parameters.hashValue == written.hashValue)
        #expect(parameters.values == ["zeta": "1", "alpha": "2", "mid": "3"])
        #expect(parameters.description == "alpha=2, mid=3, zeta=1")
        #expect(parameters["zeta"] == "1" && parameters["alpha"] == "2")
        #expect(parameters != ["alpha": "1", "mid": "3", "zeta": "2"])
    }

    @Test("a name is found in any canonically equivalent spelling, and keeps its own")
    func equivalentSpellings() throws {
        let container = try stubContainer(["c/:caf\u{E9}"])
        var parameters = try container.resolve("c/1").routeParameters
        #expect(parameters["cafe\u{301}"] == "1")
        #expect(parameters == ["cafe\u{301}": "1"])
        parameters["cafe\u{301}"] = "2"
        #expect(parameters.count == 1)
        let key = try #require(parameters.values.keys.first)
        #expect(key.utf8.elementsEqual("caf\u{E9}".utf8))
        #expect(parameters["caf\u{E9}"] == "2")
        // Removing a name that is not there changes nothing.
        parameters["absent"] = nil
        #expect(parameters == ["caf\u{E9}": "2"])
        #expect(parameters.count == 1)
    }

    @Test(
        "a value is read by name alike among a few parameters and among many, in any equivalent spelling",
        arguments: [1, 2, 4, 5, 9])
    func readByName(count: Int) {
        var values = [String: String]()
        for number in 0..<count { values["name\(number)"] = "value \(number)" }
        values["caf\u{E9}"] = "coffee"
        let parameters = SceneParameters(values)
        for (name, value) in values { #expect(parameters[name] == value) }
        #expect(parameters["cafe\u{301}"] == "coffee")
        #expect(parameters["name\(count)"] == nil)
        #expect(parameters["Name0"] == nil)
        #expect(parameters[""] == nil)
        #expect(SceneParameters()["name0"] == nil)
    }

    @Test("a navigation's own parameters merge with the captured ones, the captured winning")
    @MainActor
    func mergedIntoANavigation() throws {
        let container = try stubContainer(["item/:id/page/:page"])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(
            .root(scene: "item/7/page/3", parameters: ["a": "x", "page": "1", "zz": "y"]))
        let screen = try #require(coordinator.tree.visibleScreen)
        let expected: SceneParameters = ["a": "x", "id": "7", "page": "3", "zz": "y"]
        #expect(screen.parameters == expected)
        #expect(screen.parameters.hashValue == expected.hashValue)
        // The builder reads each value by its name from its context.
        let context = try #require(screen.content as? StubScreen).context
        #expect(context.parameters["id"] == "7")
        #expect(context.parameters["page"] == "3")
        #expect(context.parameters["a"] == "x")
        #expect(context.parameters["zz"] == "y")
        #expect(context.parameters["b"] == nil)
    }

    @Test("a path given to navigate is taken as written: not decoded, and a trailing / refused")
    @MainActor
    func pathsAsWritten() throws {
        let container = try stubContainer(["product/:id"])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "product/a%2Fb"))
        #expect(coordinator.tree.visibleScreen?.parameters["id"] == "a%2Fb")
        // The tree unchanged, no transition, and the failure reported once.
        expectRejected(
            .push(scene: "product/1/"), on: coordinator,
            with: .input(.invalidSceneIdentifier("product/1/", problem: .emptySegment(segment: 3))))
    }

    @Test("they encode as the same object of strings")
    func coding() throws {
        let parameters = try captured()
        let data = try JSONEncoder().encode(parameters)
        let decoded = try JSONDecoder().decode(SceneParameters.self, from: data)
        #expect(decoded == parameters)
        #expect(try JSONDecoder().decode([String: String].self, from: data) == parameters.values)
    }
}
