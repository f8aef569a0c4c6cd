@_spi(Rules) import CoreModule
import Foundation
import Testing

/// A registry of the app's own making, read-only: the map asks it scene by scene.
private struct ListedContainer: SceneBuilderContainer {
    let builders: [SceneIdentifier: any Builder]

    func build(for sceneIdentifier: SceneIdentifier) -> (any Builder)? {
        builders[sceneIdentifier]
    }

    func assemble(contentsOf builders: [any Builder], policy: RegistrationPolicy)
        throws(NavigationError)
    {
        if let first = builders.first {
            throw .misuse(.duplicateRegistration(first.sceneIdentifier))
        }
    }

    var sceneIdentifiers: [SceneIdentifier] { builders.keys.sorted() }
}

@Suite("The navigation map: every scene, where each goes, and the ways in, as a value")
struct NavigationMapTests {
    /// A builder declaring where its screen goes.
    private func builder(_ name: SceneIdentifier, goesTo destinations: [SceneIdentifier] = [])
        -> SceneBuilder
    {
        SceneBuilder(name, destinations: destinations) { context in StubScreen(context: context) }
    }

    /// A shop: two tabs, a split, a link table, a destination misspelled and a scene left over.
    private func shop() throws -> (DependencyContainer, [ApplicationTransitionType], LinkTable) {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [
            builder("Home", goesTo: ["Product", "Search", "Product"]),
            builder("Product", goesTo: ["Reviews", "Cart"]),
            builder("Reviews"), builder("Cart"),
            builder("Search", goesTo: ["Missing"]),
            builder("Sidebar", goesTo: ["Detail"]), builder("Detail"),
            builder("Legacy", goesTo: ["Home"]),
            builder("Debug"),
        ])
        let start: [ApplicationTransitionType] = [
            .tabs(
                [TabItem("home", scene: "Home"), TabItem("cart", scene: "Cart")], selected: "home"),
            .split(primary: "Sidebar", detail: "Detail"),
        ]
        let links = try LinkTable(
            accepting: [.scheme("shop")],
            routes: [
                LinkRoute(
                    "product/:id", scene: "Product",
                    queryScreens: [LinkRoute.QueryScreen("review", scene: "Reviews")],
                    reachableFromOutside: true),
                LinkRoute("debug", scene: "Debug", effect: .present(.fullScreenCover)),
                LinkRoute("settings/theme/:value", action: "set-theme", reachableFromOutside: true),
            ])
        return (container, start, links)
    }

    // MARK: The value

    @Test("a registry with tabs, a split, destinations and a link table maps to the value expected")
    func wholeMap() throws {
        let (container, start, links) = try shop()
        let map = NavigationMap(of: container, startingWith: start, links: links)
        let expected = NavigationMap(
            scenes: [
                "Cart": [], "Debug": [], "Detail": [], "Home": ["Product", "Search"],
                "Legacy": ["Home"], "Product": ["Cart", "Reviews"], "Reviews": [],
                "Search": ["Missing"], "Sidebar": ["Detail"],
            ],
            entryPoints: ["Cart", "Debug", "Detail", "Home", "Product", "Reviews", "Sidebar"],
            report: DestinationReport(
                checkedCount: 8,
                problems: [
                    DestinationReport.Problem(
                        declaredBy: "Search", destination: "Missing",
                        error: .unknownScene("Missing", suggestions: []))
                ],
                unreachableScenes: ["Legacy"]),
            starts: [
                .init(way: .tab("home"), scene: "Home"), .init(way: .tab("cart"), scene: "Cart"),
                .init(way: .column(.primary), scene: "Sidebar"),
                .init(way: .column(.detail), scene: "Detail"),
            ],
            routes: [links.routes[1], links.routes[0], links.routes[2]])
        #expect(map == expected)
        // The start-up check is the map's report.
        #expect(container.checkDestinations(startingWith: start, links: links) == map.report)
    }

    @Test("the map is the same whatever the order of the registry's batch and the table's routes")
    func orderIndependent() throws {
        let (container, start, links) = try shop()
        let reversed = DependencyContainer()
        try reversed.assemble(
            contentsOf: container.sceneIdentifiers.reversed().compactMap {
                container.build(for: $0)
            })
        let reversedLinks = try LinkTable(
            accepting: links.origins, routes: links.routes.reversed())
        #expect(
            NavigationMap(of: reversed, startingWith: start, links: reversedLinks)
                == NavigationMap(of: container, startingWith: start, links: links))
    }

    @Test("every start transition that builds a screen is a way in; one that builds none is not")
    func startTransitions() throws {
        let container = try makeContainer(["A1", "A2", "B1", "B2", "C1"])
        let map = NavigationMap(
            of: container,
            startingWith: [
                .root(scene: "A1"), .root(scene: "A1"), .present(scene: "A2"),
                .setStack(["B1", "B2"]), .addTab(TabItem("more", scene: "C1")), .pop(),
                .showSupplementary("A2"), .showDetail("B1"),
                .split(primary: "A1", supplementary: "A2", detail: "B2"),
            ])
        let starts = [
            #"{"kind":"root","name":null,"scene":"A1"}"#,
            #"{"kind":"present","name":null,"scene":"A2"}"#,
            #"{"kind":"set-stack","name":null,"scene":"B1"}"#,
            #"{"kind":"set-stack","name":null,"scene":"B2"}"#,
            #"{"kind":"tab","name":"more","scene":"C1"}"#,
            #"{"kind":"column","name":"supplementary","scene":"A2"}"#,
            #"{"kind":"column","name":"detail","scene":"B1"}"#,
            #"{"kind":"column","name":"primary","scene":"A1"}"#,
            #"{"kind":"column","name":"detail","scene":"B2"}"#,
        ]
        let expected: String = #""start":["# + starts.joined(separator: ",") + "]"
        #expect(map.json().contains(expected))
        #expect(map.entryPoints == ["A1", "A2", "B1", "B2", "C1"])
        #expect(map.report.unreachableScenes.isEmpty)
        // Only ways that build nothing: every scene is unreachable.
        let popped = NavigationMap(of: container, startingWith: [.pop(), .dismissAll()])
        #expect(popped.entryPoints.isEmpty)
        #expect(popped.report.unreachableScenes == ["A1", "A2", "B1", "B2", "C1"])
    }

    // MARK: What the map names

    @Test("a declared destination that is not registered is named, with the scene declaring it")
    func unregisteredDestination() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [
            builder("Home", goesTo: ["Cart", "Chekout", "bad name"]), builder("Checkout"),
        ])
        let map = NavigationMap(of: container, startingWith: [.root(scene: "Home")])
        #expect(
            map.report.problems == [
                DestinationReport.Problem(
                    declaredBy: "Home", destination: "Cart",
                    error: .unknownScene("Cart", suggestions: [])),
                DestinationReport.Problem(
                    declaredBy: "Home", destination: "Chekout",
                    error: .unknownScene("Chekout", suggestions: ["Checkout"])),
                DestinationReport.Problem(
                    declaredBy: "Home", destination: "bad name",
                    error: .input(
                        .invalidSceneIdentifier("bad name", problem: .whitespace(position: 4)))),
            ])
        #expect(map.report.problems == container.checkDestinations().problems)
        // Nothing reaches Checkout: Home declares "Chekout".
        #expect(map.report.unreachableScenes == ["Checkout"])
        #expect(map.mermaid().contains(#"scene2["Chekout (not registered)"]"#))
        #expect(map.mermaid().contains("class scene0,scene2,scene4 unregistered"))
    }

    @Test("a scene nothing reaches is named, and the report warns about it without a problem")
    func unreachableScene() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [
            builder("Home", goesTo: ["Detail"]), builder("Detail", goesTo: ["Home"]),
            builder("Orphan", goesTo: ["Lost"]), builder("Lost"),
        ])
        let report = container.checkDestinations(startingWith: [.root(scene: "Home")])
        #expect(report.problems.isEmpty)
        #expect(report.unreachableScenes == ["Lost", "Orphan"])
        #expect(
            report.description == """
                All 3 declared destinations are registered.
                Warning: nothing leads to "Lost", "Orphan" (no start transition, link route or \
                declared destination).
                """)
        // A route is a way in: from outside, or from the app only.
        let links = try LinkTable(
            accepting: [.scheme("app")], routes: [LinkRoute("orphan", scene: "Orphan")])
        #expect(
            container.checkDestinations(startingWith: [.root(scene: "Home")], links: links)
                .unreachableScenes.isEmpty)
        // Without a way in, nothing is called unreachable: the check is as it always was.
        #expect(container.checkDestinations() == DestinationReport(checkedCount: 3, problems: []))
        #expect(
            container.checkDestinations().description
                == "All 3 declared destinations are registered.")
    }

    @Test("a report with problems and unreachable scenes says both, the warning last")
    func problemsAndWarning() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [builder("Home", goesTo: ["B3"]), builder("Spare")])
        #expect(
            container.checkDestinations(startingWith: [.root(scene: "Home")]).description == """
                1 of 1 declared destination is not registered:
                - "Home" declares "B3": No builder is registered for scene "B3".
                Warning: nothing leads to "Spare" (no start transition, link route or declared \
                destination).
                """)
    }

    @Test("an empty registry maps to nothing, drawn as one node and an empty object")
    func emptyRegistry() throws {
        let map = NavigationMap(of: DependencyContainer())
        #expect(
            map
                == NavigationMap(
                    scenes: [:], entryPoints: [],
                    report: DestinationReport(checkedCount: 0, problems: []), starts: [],
                    routes: []))
        #expect(map.mermaid() == "flowchart LR\n    empty[\"(no scenes)\"]")
        #expect(
            map.json()
                == #"{"entryPoints":[],"problems":[],"routes":[],"scenes":[],"start":[],"unreachable":[]}"#
        )
        // A start over an empty registry names a scene that is not registered.
        let started = NavigationMap(of: DependencyContainer(), startingWith: [.root(scene: "Home")])
        #expect(started.entryPoints == ["Home"])
        #expect(
            started.mermaid(direction: .topDown) == """
                flowchart TD
                    scene0["Home (not registered)"]
                    subgraph start["start"]
                        start0(["root"])
                    end
                    start0 --> scene0
                    classDef unregistered stroke-dasharray:2 2
                    class scene0 unregistered
                """)
    }

    @Test("an app's own registry is mapped scene by scene, as a DependencyContainer is")
    func otherContainer() throws {
        let (container, start, links) = try shop()
        var builders: [SceneIdentifier: any Builder] = [:]
        for scene in container.sceneIdentifiers { builders[scene] = container.build(for: scene) }
        #expect(
            NavigationMap(
                of: ListedContainer(builders: builders), startingWith: start, links: links)
                == NavigationMap(of: container, startingWith: start, links: links))
    }

    @Test("a scene an app's registry lists but no longer builds is left out of the map")
    func listedButGone() throws {
        struct Forgetful: SceneBuilderContainer {
            func build(for sceneIdentifier: SceneIdentifier) -> (any Builder)? {
                guard sceneIdentifier == "Home" else { return nil }
                return SceneBuilder("Home", destinations: ["Gone"]) { context in
                    StubScreen(context: context)
                }
            }
            func assemble(contentsOf builders: [any Builder], policy: RegistrationPolicy)
                throws(NavigationError)
            {}
            var sceneIdentifiers: [SceneIdentifier] { ["Gone", "Home"] }
        }
        let map = NavigationMap(of: Forgetful(), startingWith: [.root(scene: "Home")])
        #expect(map.scenes == ["Home": ["Gone"]])
        #expect(map.report.problems.map(\.destination) == ["Gone"])
        #expect(map.report.unreachableScenes.isEmpty)
    }

    // MARK: Drawn

    @Test("the map as Mermaid: scenes, then the ways in, then the arrows, then the classes")
    func mermaid() throws {
        let (container, start, links) = try shop()
        let map = NavigationMap(of: container, startingWith: start, links: links)
        #expect(
            map.mermaid() == """
                flowchart LR
                    scene0["Cart"]
                    scene1["Debug"]
                    scene2["Detail"]
                    scene3["Home"]
                    scene4["Legacy (unreachable)"]
                    scene5["Missing (not registered)"]
                    scene6["Product"]
                    scene7["Reviews"]
                    scene8["Search"]
                    scene9["Sidebar"]
                    subgraph start["start"]
                        start0(["tab home"])
                        start1(["tab cart"])
                        start2(["primary column"])
                        start3(["detail column"])
                    end
                    subgraph links["links"]
                        route0>"debug (from the app)"]
                        route1>"product/:id"]
                        route2>"settings/theme/:value runs set-theme"]
                    end
                    start0 --> scene3
                    start1 --> scene0
                    start2 --> scene9
                    start3 --> scene2
                    route0 -.-> scene1
                    route1 --> scene6
                    route1 -->|"?review"| scene7
                    scene3 --> scene6
                    scene3 --> scene8
                    scene4 --> scene3
                    scene6 --> scene0
                    scene6 --> scene7
                    scene8 --> scene5
                    scene9 --> scene2
                    classDef unregistered stroke-dasharray:2 2
                    class scene5 unregistered
                    classDef unreachable stroke-dasharray:5 5
                    class scene4 unreachable
                """)
    }

    @Test("the map as JSON: sorted keys, one line, or indented")
    func json() throws {
        let (container, start, links) = try shop()
        let map = NavigationMap(of: container, startingWith: start, links: links)
        let scenes = [
            #"{"destinations":[],"name":"Cart","registered":true}"#,
            #"{"destinations":[],"name":"Debug","registered":true}"#,
            #"{"destinations":[],"name":"Detail","registered":true}"#,
            #"{"destinations":["Product","Search"],"name":"Home","registered":true}"#,
            #"{"destinations":["Home"],"name":"Legacy","registered":true}"#,
            #"{"destinations":[],"name":"Missing","registered":false}"#,
            #"{"destinations":["Cart","Reviews"],"name":"Product","registered":true}"#,
            #"{"destinations":[],"name":"Reviews","registered":true}"#,
            #"{"destinations":["Missing"],"name":"Search","registered":true}"#,
            #"{"destinations":["Detail"],"name":"Sidebar","registered":true}"#,
        ]
        let routes = [
            #"{"action":null,"fromOutside":false,"parent":null,"path":"debug","queryScreens":[],"#
                + #""scene":"Debug"}"#,
            #"{"action":null,"fromOutside":true,"parent":null,"path":"product/:id","#
                + #""queryScreens":[{"item":"review","scene":"Reviews"}],"scene":"Product"}"#,
            #"{"action":"set-theme","fromOutside":true,"parent":null,"#
                + #""path":"settings/theme/:value","queryScreens":[],"scene":null}"#,
        ]
        let starts = [
            #"{"kind":"tab","name":"home","scene":"Home"}"#,
            #"{"kind":"tab","name":"cart","scene":"Cart"}"#,
            #"{"kind":"column","name":"primary","scene":"Sidebar"}"#,
            #"{"kind":"column","name":"detail","scene":"Detail"}"#,
        ]
        let parts: [String] = [
            #"{"entryPoints":["Cart","Debug","Detail","Home","Product","Reviews","Sidebar"],"#,
            #""problems":[{"declaredBy":"Search","destination":"Missing","#,
            #""error":"No builder is registered for scene \"Missing\"."}],"#,
            #""routes":["# + routes.joined(separator: ",") + "],",
            #""scenes":["# + scenes.joined(separator: ",") + "],",
            #""start":["# + starts.joined(separator: ",") + #"],"unreachable":["Legacy"]}"#,
        ]
        let expected = parts.joined()
        #expect(map.json() == expected)
        // Indented: the same object.
        let pretty = map.json(prettyPrinted: true)
        #expect(pretty.contains("\n  \"entryPoints\" : [\n    \"Cart\",\n"))
        let compact = try JSONSerialization.jsonObject(with: Data(map.json().utf8))
        let indented = try JSONSerialization.jsonObject(with: Data(pretty.utf8))
        #expect((compact as? NSDictionary) == (indented as? NSDictionary))
    }

    @Test("names Mermaid or JSON would read as syntax are escaped, and drawn as they are")
    func escaping() throws {
        let container = DependencyContainer()
        try container.assemble(contentsOf: [
            builder(#"Say"hi""#, goesTo: ["A[1]", "a/b"]), builder("A[1]", goesTo: ["#amp;"]),
            builder("a/b"),
        ])
        let links = try LinkTable(
            accepting: [.scheme("app")],
            routes: [
                LinkRoute(
                    "say", scene: #"Say"hi""#,
                    queryScreens: [LinkRoute.QueryScreen("<q>", scene: "a/b")],
                    reachableFromOutside: true)
            ])
        let map = NavigationMap(
            of: container,
            startingWith: [.tabs([TabItem(#"t"1"#, scene: "A[1]")], selected: #"t"1"#)],
            links: links)
        #expect(
            map.mermaid() == """
                flowchart LR
                    scene0["#35;amp; (not registered)"]
                    scene1["A[1]"]
                    scene2["Say#34;hi#34;"]
                    scene3["a/b"]
                    subgraph start["start"]
                        start0(["tab t#34;1"])
                    end
                    subgraph links["links"]
                        route0>"say"]
                    end
                    start0 --> scene1
                    route0 --> scene2
                    route0 -->|"?#60;q#62;"| scene3
                    scene1 --> scene0
                    scene2 --> scene1
                    scene2 --> scene3
                    classDef unregistered stroke-dasharray:2 2
                    class scene0 unregistered
                """)
        let json = map.json()
        #expect(
            json.contains(#"{"destinations":["A[1]","a/b"],"name":"Say\"hi\"","registered":true}"#))
        #expect(json.contains(#"{"kind":"tab","name":"t\"1","scene":"A[1]"}"#))
        #expect(json.contains(#""queryScreens":[{"item":"<q>","scene":"a/b"}]"#))
        // The JSON reads back to the names as they are.
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let names = (object["scenes"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["#amp;", "A[1]", #"Say"hi""#, "a/b"])
    }

    // MARK: Against an oracle

    @Test("over random registries, the unreachable scenes are those no path from a way in reaches")
    func randomRegistries() throws {
        let seed = SeededRandom.seed()
        var random = SeededRandom(seed: seed)
        for _ in 0..<200 {
            let count = Int.random(in: 0...12, using: &random)
            let names = (0..<count).map { SceneIdentifier("S\($0)") }
            // A scene, and now and then one that is not registered.
            func any(_ random: inout SeededRandom) -> SceneIdentifier {
                let index = Int.random(in: 0...count, using: &random)
                return index == count ? "Gone" : names[index]
            }
            var edges: [SceneIdentifier: [SceneIdentifier]] = [:]
            for name in names {
                edges[name] = (0..<Int.random(in: 0...3, using: &random)).map { _ in any(&random) }
            }
            // Ways in: roots, tabs and split columns, and routes (some from the app only, some
            // with a query screen, some running an action).
            var ways: [SceneIdentifier] = []
            var start: [ApplicationTransitionType] = [.pop()]
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let first = any(&random)
                let second = any(&random)
                ways += [first, second]
                switch Int.random(in: 0..<3, using: &random) {
                case 0: start.append(.setStack([Destination(first), Destination(second)]))
                case 1:
                    start.append(
                        .tabs(
                            [TabItem("a", scene: first), TabItem("b", scene: second)],
                            selected: "a"))
                default:
                    start.append(.split(primary: Destination(first), detail: Destination(second)))
                }
            }
            var routes: [LinkRoute] = []
            for index in 0..<Int.random(in: 0...3, using: &random) {
                let scene = any(&random)
                let added = any(&random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    ways.append(scene)
                    routes.append(LinkRoute("r\(index)", scene: scene))
                case 1:
                    ways += [scene, added]
                    routes.append(
                        LinkRoute(
                            "r\(index)/:id", scene: scene,
                            queryScreens: [LinkRoute.QueryScreen("q", scene: added)],
                            reachableFromOutside: true))
                default:
                    routes.append(LinkRoute("r\(index)", action: "act"))
                }
            }
            let links =
                routes.isEmpty ? nil : try LinkTable(accepting: [.scheme("app")], routes: routes)
            let container = DependencyContainer()
            try container.assemble(contentsOf: names.map { builder($0, goesTo: edges[$0] ?? []) })
            let map = NavigationMap(of: container, startingWith: start, links: links)

            // The oracle: grow the reached set until no scene is added, one pass over every edge
            // at a time.
            var reached = Set(ways.filter { names.contains($0) })
            var grew = true
            while grew {
                grew = false
                for (from, targets) in edges where reached.contains(from) {
                    for target in targets where names.contains(target) {
                        grew = reached.insert(target).inserted || grew
                    }
                }
            }
            #expect(map.entryPoints == Set(ways).sorted(), "seed \(seed)")
            let expected = names.filter { !reached.contains($0) }.sorted()
            #expect(map.report.unreachableScenes == expected, "seed \(seed)")
            #expect(
                container.checkDestinations(startingWith: start, links: links) == map.report,
                "seed \(seed)")
            let gone = names.sorted().flatMap { name in
                (edges[name] ?? []).filter { $0 == "Gone" }.map { _ in name }
            }
            #expect(map.report.problems.map(\.declaredBy) == gone, "seed \(seed)")
            #expect(
                map.report.checkedCount == edges.values.map(\.count).reduce(0, +), "seed \(seed)")
            #expect(map.scenes.keys.sorted() == names.sorted(), "seed \(seed)")
            for name in names {
                #expect(map.scenes[name] == Set(edges[name] ?? []).sorted(), "seed \(seed)")
            }
        }
    }
}
