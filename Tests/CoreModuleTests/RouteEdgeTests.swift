import CoreModule
import Testing

/// The matching rules a path's bytes follow, pinned one by one: a path is matched as written
/// (no decoding or folding of literal segments), a parameter takes any non-empty segment, and
/// an exactly registered name, compared as a string, beats every pattern.
@Suite("Route matching edge cases")
struct RouteEdgeTests {
    @Test("literal segments match byte for byte: no case folding, decoding or normalization")
    func literalsMatchBytes() throws {
        let container = try stubContainer(["shop/:id/Reviews", "caf\u{E9}/:x"])
        #expect(try container.resolve("shop/1/Reviews").routeParameters == ["id": "1"])
        // A near miss suggests the pattern; the escaped spelling is too far from it.
        for path in [
            "shop/1/reviews", "SHOP/1/Reviews", "shop/1/Review", "shop/1/Reviewsx",
        ] as [SceneIdentifier] {
            expectUnknownPath(path, in: container, suggestions: ["shop/:id/Reviews"])
        }
        expectUnknownPath("%73hop/1/Reviews", in: container, suggestions: [])
        // The decomposed spelling of the literal is another path, and so is its encoding.
        expectUnknownPath("cafe\u{301}/1", in: container, suggestions: [])
        expectUnknownPath("caf%C3%A9/1", in: container, suggestions: [])
        #expect(try container.resolve("caf\u{E9}/1").scene == "caf\u{E9}/:x")
    }

    @Test("a parameter takes any non-empty segment as written, `%`, `:` and `*` included")
    func parameterValuesAsWritten() throws {
        let container = try stubContainer(["shop/:id/Reviews"])
        for value in ["%41", "%2F", ":v", "*", "::", "a:b", "caf\u{E9}", "e\u{301}", "\u{1F600}"] {
            let resolved = try container.resolve(SceneIdentifier("shop/\(value)/Reviews"))
            #expect(resolved.scene == "shop/:id/Reviews", "\(value)")
            #expect(resolved.routeParameters["id"]?.utf8.elementsEqual(value.utf8) == true)
            #expect(resolved.routeParameterNames == ["id"])
        }
    }

    @Test("a segment `:` where a pattern has a parameter takes nothing from a literal's priority")
    func colonSegmentKeepsPriority() throws {
        // `a/:/c` read through the mask of `a/b/:z`, tried first, has the shape of `a/:x/:y`:
        // that pattern is not taken through another's mask, and `a/:x/c`'s literal wins.
        let container = try stubContainer(["a/b/:z", "a/:x/c", "a/:x/:y"])
        let resolved = try container.resolve("a/:/c")
        #expect(resolved.scene == "a/:x/c")
        #expect(resolved.routeParameters == ["x": ":"])
        #expect(try container.resolve("a/:/:").routeParameters == ["x": ":", "y": ":"])
    }

    @Test("an empty segment, a leading or a trailing slash is a bad name, never a match")
    func emptySegments() throws {
        let container = try stubContainer(["shop/:id/Reviews", "shop/:id"])
        let cases: [(SceneIdentifier, Int)] = [
            ("shop//Reviews", 2), ("shop/1/Reviews/", 4), ("/shop/1", 1), ("shop/", 2),
            ("shop/1/", 3),
        ]
        for (path, segment) in cases {
            #expect(
                throws: NavigationError.input(
                    .invalidSceneIdentifier(
                        path, problem: .emptySegment(segment: segment)))
            ) { try container.resolve(path) }
        }
    }

    @Test("a path that is a pattern's own text finds the pattern, without parameters")
    func patternTextIsExactName() throws {
        let container = try stubContainer(["shop/:id/Reviews"])
        let exact = try container.resolve("shop/:id/Reviews")
        #expect(exact.scene == "shop/:id/Reviews")
        #expect(exact.routeParameters.isEmpty)
        #expect(exact.routeParameterNames == ["id"])
        // Another parameter name is a path: `:slug` is the value.
        let other = try container.resolve("shop/:slug/Reviews")
        #expect(other.routeParameters == ["id": ":slug"])
    }

    @Test("an exact name with `/` beats a pattern, in any canonically equivalent spelling")
    func exactNameWithSlash() throws {
        let container = try stubContainer(["a/:x", "K/:id"])
        try container.assemble(contentsOf: [stubBuilder("a/b"), stubBuilder("\u{212A}/1")])
        #expect(try container.resolve("a/b").scene == "a/b")
        #expect(try container.resolve("a/b").routeParameters.isEmpty)
        #expect(try container.resolve("a/c").routeParameters == ["x": "c"])
        // "K/1" is the exact name "\u{212A}/1" compared as a string.
        let kelvin = try container.resolve("K/1")
        #expect(kelvin.scene.rawValue.utf8.elementsEqual("\u{212A}/1".utf8))
        #expect(kelvin.routeParameters.isEmpty)
        // The patterns match again once the names are gone.
        container.remove("a/b")
        container.remove("K/1")
        #expect(try container.resolve("a/b").routeParameters == ["x": "b"])
        #expect(try container.resolve("K/1").routeParameters == ["id": "1"])
        // The literal of a pattern is still matched byte for byte.
        expectUnknownPath("\u{212A}/1", in: container, suggestions: [])
    }

    @Test("a name with `/` replaced, then removed, leaves its path to the pattern")
    func replacedNameWithSlash() throws {
        let container = try stubContainer(["a/:x"])
        try container.assemble(stubBuilder("a/b"))
        try container.assemble(stubBuilder("a/b"), policy: .replaceExisting)
        #expect(try container.resolve("a/b").routeParameters.isEmpty)
        container.remove("a/b")
        #expect(try container.resolve("a/b").routeParameters == ["x": "b"])
    }

    @Test("an exact name without `/` never shadows a path")
    func exactNameWithoutSlash() throws {
        let container = try stubContainer(["a/:x"])
        try container.assemble(contentsOf: [stubBuilder("a"), stubBuilder("b")])
        #expect(try container.resolve("a").scene == "a")
        #expect(try container.resolve("a/b").routeParameters == ["x": "b"])
    }

    @Test("thousands of patterns registered, replaced and removed in any order keep matching")
    func churn() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        let container = DependencyContainer()
        var registered: [Int: SceneIdentifier] = [:]
        func pattern(_ index: Int, _ spelling: Int) -> SceneIdentifier {
            // Three masks of three segments, and patterns of two and four segments.
            switch index % 5 {
            case 0: return SceneIdentifier("r\(index)/:p\(spelling)/x")
            case 1: return SceneIdentifier("r\(index)/x/:p\(spelling)")
            case 2: return SceneIdentifier("r\(index)/:p\(spelling)/:q")
            case 3: return SceneIdentifier("r\(index)/:p\(spelling)")
            default: return SceneIdentifier("r\(index)/:p\(spelling)/x/:q")
            }
        }
        func path(_ index: Int) -> SceneIdentifier {
            switch index % 5 {
            case 0: return SceneIdentifier("r\(index)/v/x")
            case 1: return SceneIdentifier("r\(index)/x/v")
            case 2: return SceneIdentifier("r\(index)/v/w")
            case 3: return SceneIdentifier("r\(index)/v")
            default: return SceneIdentifier("r\(index)/v/x/w")
            }
        }
        for step in 0..<4_000 {
            let index = Int.random(in: 0..<800, using: &random)
            if let existing = registered[index] {
                if Bool.random(using: &random) {
                    #expect(container.remove(existing) != nil, "seed \(seed), step \(step)")
                    registered[index] = nil
                } else {
                    // The same pattern again, with a new builder.
                    try container.assemble(stubBuilder(existing), policy: .replaceExisting)
                }
            } else {
                let added = pattern(index, step)
                try container.assemble(stubBuilder(added))
                registered[index] = added
            }
            if step % 500 == 499 {
                for probe in 0..<800 {
                    if let want = registered[probe] {
                        let resolved = try container.resolve(path(probe))
                        #expect(
                            resolved.scene.rawValue == want.rawValue,
                            "seed \(seed), step \(step), \(probe)")
                        #expect(
                            resolved.routeParameterNames.count == resolved.routeParameters.count)
                    } else if probe.isMultiple(of: 8) {
                        // (A miss computes suggestions among every name: a sample is enough.)
                        expectUnknownPath(
                            path(probe), in: container, "seed \(seed), step \(step), \(probe)")
                    }
                }
            }
        }
    }
}
