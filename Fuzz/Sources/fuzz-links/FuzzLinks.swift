// Fuzz target: the deep-link parser, link tables and scene lookup, fed arbitrary bytes.
//
// Built by scripts/fuzz.sh with `--sanitize=fuzzer -Xswiftc -DFUZZING`: libFuzzer supplies
// `main` and calls `LLVMFuzzerTestOneInput` with each input. In a normal build (without
// FUZZING) the file has a small `main` instead that replays files through the same entry
// point: `swift run --package-path Fuzz fuzz-links Fuzz/corpus/fuzz-links`.
//
// Every input is read as UTF-8 text (invalid bytes become U+FFFD) and used four ways:
//   1. as a link to open, on an empty window, over a stack root with a modal, over a tab
//      root with a full-screen cover (where a link that names one stack goes to one tab), and
//      over a collapsed three-column split with a sheet (the window keeps its size class);
//   2. as a scene name: looked up, registered, navigated to, popped to;
//   3. as a parameter name and value, a tab name and a popover's anchor, all in one tree whose
//      link is written and read back;
//   4. as a scene name registered and written into a link and read back;
//   5. as a universal link of a link table (two hosts, a host pattern, a custom scheme and one
//      that carries the host; query items, a query item that adds a screen and one the route
//      refuses, nested routes, catch-alls, the site's root, a parameter first, parameters inside
//      a segment, a query item that fills a parameter, every effect, an action, routes not
//      reachable from outside), as it is and after `https://example.com/`, `shop://`,
//      `web://example.com/` and `https://eu.example.org/`, from outside the app, over the four
//      trees: a link from outside never builds a scene that only routes not marked reachable
//      open; a failure is typed, changes nothing, and an unhandled link carries the input; the
//      visible screen's shared link reopens the same screens, or sharing is refused;
//   6. in every route shape of a second table (RouteShapes.swift): percent-encoded as the one
//      path segment, after `files/` (a catch-all), before `/x` (a catch-all at the root), as a
//      query value that fills a parameter, twice as a list, as a query item's name, and raw as
//      host labels under a host pattern, each link's screen and values (or its error) computed
//      by the oracle from the documented precedence and reading rules; and as the value of each
//      shape's screen, whose written link must reopen it (or be refused as not shareable).
// The oracle: an error is a typed error that changed nothing and reported one failure; a
// success yields a well-formed tree (`ScreenTree.structuralProblems()`) whose link and
// snapshot rebuild an equal tree, tabs and styles included. A broken oracle stops the process
// with `preconditionFailure`, which libFuzzer reports as a crash.
//
// Cost: the fixed registry and the four trees links are opened over are made once per
// process, not per input (a failed open leaves its tree as it was, which the oracle checks;
// a tree a link changed is made again). See Fuzz/README.md ("Cost per input").

@_spi(Rules) import CoreModule
import CoreModuleTesting
import Foundation
import FuzzReplay

/// libFuzzer's entry point: runs one input through every oracle.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinks(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    MainActor.assumeIsolated {
        LinkFuzzer.openAsLink(text)
        LinkFuzzer.resolveAsName(text)
        LinkFuzzer.roundTripAsTree(text)
        LinkFuzzer.roundTripAsSceneName(text)
        LinkFuzzer.openAsUniversalLink(text)
        LinkFuzzer.openInShapes(text)
        LinkFuzzer.finishInput()
    }
    return 0
}

@MainActor
enum LinkFuzzer {
    static let format = DeepLinkFormat(scheme: "app", host: "open")
    /// The same scheme without practical limits, so that any tree's link can be read back.
    static let roomy = DeepLinkFormat(
        scheme: "app", host: "open", maximumLength: 1 << 24, maximumScreens: 1 << 16,
        maximumParametersPerScreen: 1 << 16)
    static let names: [SceneIdentifier] = ["A1", "A2", "B1", "B2", "Café", "product/new"]
    /// Names whose segments start with `:`: plain names, matched whole.
    static let colonNames: [SceneIdentifier] = [
        "product/:id", "product/top/:rank", "user/:name/posts/:page", "user/me/posts/:page",
    ]

    /// A builder whose screen is a plain object.
    final class Content: Sendable {}

    nonisolated static func builder(_ name: SceneIdentifier) -> SceneBuilder {
        SceneBuilder(name) { _ in Content() }
    }

    /// The fixed registry every coordinator uses; it is not changed after it is made.
    ///
    /// Made once per process, with LeakSanitizer ignoring its allocations (see `LeakCheck`).
    static let container = LeakCheck.ignoringAllocations { makeContainer() }

    /// A registry for names the input registers; empty between inputs (the oracle checks it).
    static let scratch = LeakCheck.ignoringAllocations { DependencyContainer() }

    /// The errors whose description this input has checked already (a push and a pop to the
    /// same unknown name fail with equal errors; describing one suggests names, which costs).
    static var described: [NavigationError] = []

    /// The trees (identities aside) whose link and snapshot this input has rebuilt already: a
    /// link opened on an empty window and over a stack root builds the same tree.
    static var roundTripped: [TreeStructure] = []

    /// Forgets what this input checked: nothing an input allocates may outlive it (see
    /// `Fuzz/README.md`, "Cost per input").
    static func finishInput() {
        described.removeAll(keepingCapacity: true)
        roundTripped.removeAll(keepingCapacity: true)
    }

    private static func makeContainer() -> DependencyContainer {
        let container = DependencyContainer()
        do {
            try container.assemble(contentsOf: (names + colonNames).map(builder))
            try container.assemble(
                contentsOf: [
                    SceneBuilder("Order", requiredParameters: ["id": .int, "paid": .bool]) { _ in
                        Content()
                    }
                ])
        } catch {
            preconditionFailure("fuzz-links: the fixed scenes do not register: \(error)")
        }
        return container
    }

    /// Fails the run with `message` when `condition` does not hold.
    static func check(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String
    ) {
        if !condition() { preconditionFailure("fuzz-links oracle: \(message())") }
    }

    /// Records a coordinator's events.
    @MainActor
    final class Recorder {
        var events: [NavigationEvent] = []
        var token: ObservationToken?

        init(_ coordinator: AppCoordinator) {
            token = coordinator.observe { [unowned self] event in self.events.append(event) }
        }

        /// Forgets the events recorded so far.
        func clear() {
            events.removeAll()
        }
    }

    /// Checks what a failed operation must leave: the same tree, one failure, no transition.
    static func checkFailure(
        _ error: NavigationError, operation: NavigationEvent.Operation, before: ScreenTree,
        after coordinator: AppCoordinator, recorder: Recorder, input: String
    ) {
        check(coordinator.tree == before, "a failed \(operation) changed the tree")
        check(
            recorder.events == [
                .failure(NavigationEvent.Failure(operation: operation, error: error))
            ],
            "a failed \(operation) reported \(recorder.events)")
        guard !described.contains(error) else { return }
        described.append(error)
        let sentence = error.description
        check(!sentence.isEmpty, "an empty error description")
        check(
            sentence.utf8.count <= input.utf8.count + 2_000,
            "an error description of \(sentence.utf8.count) bytes for \(input.utf8.count) bytes of input"
        )
    }

    /// Checks that the tree's link and snapshot rebuild an equal tree (once per tree and input,
    /// for the fixed registry).
    static func checkRoundTrip(
        _ coordinator: AppCoordinator, container: DependencyContainer = container
    ) {
        let structure = TreeStructure(coordinator.tree)
        if container === Self.container {
            if roundTripped.contains(structure) { return }
            roundTripped.append(structure)
        }
        let written: String?
        do {
            written = try coordinator.link(format: roomy)
        } catch {
            // Writing checks what opening checks: only a tree over the format's limits (no
            // screen here needs a payload) may be refused.
            guard case .link(.invalidLink) = error else {
                preconditionFailure("fuzz-links oracle: writing the tree's link failed: \(error)")
            }
            return
        }
        guard let link = written else {
            check(coordinator.tree.isEmpty, "no link for a tree that is not empty")
            return
        }
        let reopened = AppCoordinator(container: container)
        do {
            try reopened.open(.deepLink(link, format: roomy))
        } catch {
            preconditionFailure(
                "fuzz-links oracle: the tree's own link \(link.debugDescription.prefix(300)) fails: \(error)"
            )
        }
        // Structures compare trees without identities: scenes, parameters, tabs, styles.
        check(
            TreeStructure(reopened.tree) == structure,
            "the link \(link.debugDescription.prefix(300)) rebuilds \(reopened.tree), not \(coordinator.tree)"
        )
        let restored = AppCoordinator(container: container)
        do {
            try restored.restore(try coordinator.snapshot())
        } catch {
            preconditionFailure("fuzz-links oracle: the tree's own snapshot fails: \(error)")
        }
        check(
            TreeStructure(restored.tree) == structure,
            "the snapshot rebuilds \(restored.tree), not \(coordinator.tree)")
    }

    // MARK: 1. The input as a link

    /// The trees a link is opened over: an empty window, a stack root with a modal, a tab
    /// root with a full-screen cover whose tabs host scenes, and a collapsed three-column split
    /// with a sheet; and the one a name is pushed on.
    enum Setup: CaseIterable {
        case empty, stack, tabs, split, singleScreen
    }

    /// A tree to open links over, with a recorder of its events.
    struct Fixture {
        let coordinator: AppCoordinator
        let recorder: Recorder
    }

    /// The trees links are opened over, kept while links fail on them (a failed open changes
    /// nothing: the oracle checks it), made again after one changes them.
    static var fixtures: [Setup: Fixture] = [:]

    static func fixture(_ setup: Setup) -> Fixture {
        if let fixture = fixtures[setup] { return fixture }
        let fixture = LeakCheck.ignoringAllocations {
            let coordinator = makeCoordinator(setup)
            return Fixture(coordinator: coordinator, recorder: Recorder(coordinator))
        }
        fixtures[setup] = fixture
        return fixture
    }

    static func makeCoordinator(_ setup: Setup) -> AppCoordinator {
        let coordinator = AppCoordinator(container: container)
        do {
            switch setup {
            case .empty:
                break
            case .singleScreen:
                try coordinator.navigate(.root(scene: "A1"))
            case .stack:
                try coordinator.navigate(.root(scene: "B2"))
                try coordinator.navigate(.present(scene: "A1"))
            case .tabs:
                coordinator.tabHosts = ["home": ["A2", "product/:id"], "more": ["Café"]]
                try coordinator.navigate(
                    .tabs(
                        [TabItem("home", scene: "A1"), TabItem("more", scene: "B1")],
                        selected: "home"))
                try coordinator.navigate(.push(scene: "B2"))
                try coordinator.navigate(.present(scene: "A1", style: .fullScreenCover))
            case .split:
                try coordinator.navigate(.split(primary: "A1", supplementary: "B1", detail: "B2"))
                try coordinator.navigate(.push(scene: "A2"))
                try coordinator.report(.sizeClassChanged(.compact))
                try coordinator.navigate(.present(scene: "A1"))
            }
        } catch {
            preconditionFailure("fuzz-links: the setup fails: \(error)")
        }
        return coordinator
    }

    static func openAsLink(_ text: String) {
        for setup in [Setup.empty, .stack, .tabs, .split] {
            let fixture = fixture(setup)
            let coordinator = fixture.coordinator
            let recorder = fixture.recorder
            let before = coordinator.tree
            // The events hold what the input allocated (see `finishInput()`).
            defer { recorder.clear() }
            do {
                // Without guards, an opened link always changes the tree.
                guard let event = try coordinator.open(.deepLink(text, format: format))?.transition
                else {
                    preconditionFailure("fuzz-links: an opened link changed nothing")
                }
                let tree = coordinator.tree
                check(tree.structuralProblems().isEmpty, "\(tree.structuralProblems())")
                check(!tree.isEmpty, "an opened link left an empty window")
                check(
                    text.utf8.count <= format.limits.maximumLength,
                    "a link over the length limit opened")
                check(recorder.events == [.transition(event)], "open reported \(recorder.events)")
                check(event.kind == .replaceTree, "open applied a \(event.kind)")
                check(
                    event.to == tree.visibleScreen.flatMap { tree.location(of: $0.id) },
                    "the event does not end at the visible screen"
                )
                check(
                    event.tab == tree.selectedTab,
                    "the event names tab \(String(describing: event.tab))")
                check(
                    tree.horizontalSizeClass == before.horizontalSizeClass,
                    "a link changed the window's size class")
                check(
                    (tree.split?.isCollapsed ?? true)
                        == (tree.horizontalSizeClass == .compact || tree.split == nil),
                    "a split opened in a \(tree.horizontalSizeClass) window is not collapsed")
                for screen in tree.screens {
                    check(
                        container.build(for: screen.scene) != nil,
                        "an unregistered scene \(screen.scene)")
                }
                let kept = tree.screens.filter { before.location(of: $0.id) != nil }
                check(
                    tree.screens.count - kept.count <= format.limits.maximumScreens,
                    "more screens than the limit")
                check(
                    event.removedCount == before.screens.count - kept.count,
                    "open removed \(event.removedCount)")
                if !kept.isEmpty {
                    checkOneTab(before: before, after: tree)
                }
                fixtures[setup] = nil
                checkRoundTrip(coordinator)
            } catch {
                checkFailure(
                    error, operation: .open(.deepLink(text, format: format)), before: before,
                    after: coordinator, recorder: recorder, input: text)
                let limit = format.limits.maximumLength
                if text.utf8.count > limit {
                    check(
                        error
                            == .link(.invalidLink(.tooLong(length: text.utf8.count, limit: limit))),
                        "a link over the limit failed with \(error)")
                }
            }
        }
    }

    /// Checks a link that kept screens of the tree: it named one stack, opened over a tab root,
    /// and went to one tab, which it selected with its stack's identity kept; the other tabs
    /// are as they were and the old modals are gone.
    static func checkOneTab(before: ScreenTree, after tree: ScreenTree) {
        check(
            before.selectedTab != nil && tree.selectedTab != nil,
            "a link kept screens of a tree without tabs")
        check(
            tree.tabs.map(\.name) == before.tabs.map(\.name), "a link to one tab changed the tabs")
        guard let selected = tree.selectedTab, let stack = tree.tab(named: selected)?.stack
        else {
            preconditionFailure("fuzz-links oracle: no selected tab after a link to one tab")
        }
        check(
            stack.id == before.tab(named: selected)?.stack.id,
            "the link's tab \(selected) has a new stack identity")
        for tab in tree.tabs where tab.name != selected {
            check(
                tab.stack == before.tab(named: tab.name)?.stack,
                "the link to tab \(selected) changed tab \(tab.name)")
        }
        for modal in before.modals {
            check(
                !tree.stacks.contains { $0.id == modal.id }, "a modal outlived a link to one tab")
        }
    }

    // MARK: 2. The input as a scene name

    static func resolveAsName(_ text: String) {
        let name = SceneIdentifier(text)
        let problem = name.problem

        // Lookup: a registered scene is found under its exact name, never as a path (`:` and
        // `/` are ordinary characters in a name).
        let found = container.build(for: name)
        if let found {
            check(problem == nil, "found the invalid name \(text.debugDescription)")
            check(found.sceneIdentifier == name, "found \(found.sceneIdentifier) for \(name)")
        }

        // Registration: a valid name registers in an empty container, an invalid one does not.
        let fresh = scratch
        check(fresh.sceneIdentifiers.isEmpty, "the scratch registry is not empty")
        do {
            try fresh.assemble(contentsOf: [builder(name)])
            check(problem == nil, "an invalid name \(text.debugDescription) registered")
            check(
                fresh.build(for: name) != nil && fresh.sceneIdentifiers.count == 1,
                "the registered name is not there")
            fresh.remove(name)
            check(fresh.sceneIdentifiers.isEmpty, "a removed name is still there")
        } catch {
            check(
                problem.map { error == .input(.invalidSceneIdentifier(name, problem: $0)) }
                    ?? false,
                "a valid name failed to register: \(error)")
        }

        // Navigation agrees with resolution, and a failure changes nothing.
        let fixture = fixture(.singleScreen)
        let coordinator = fixture.coordinator
        let recorder = fixture.recorder
        let start = coordinator.tree
        defer {
            recorder.clear()
            if coordinator.tree != start { fixtures[.singleScreen] = nil }
        }
        for request in [ApplicationTransitionType.push(scene: name), .popTo(scene: name)] {
            let before = coordinator.tree
            recorder.clear()
            do {
                try coordinator.navigate(request)
                check(coordinator.tree.structuralProblems().isEmpty, "invariants broken")
                if case .push = request {
                    check(found != nil, "pushed a name that is not registered")
                    check(
                        coordinator.tree.screens.count == before.screens.count + 1,
                        "push added no screen")
                }
            } catch {
                checkFailure(
                    error, operation: .transition(request), before: before, after: coordinator,
                    recorder: recorder, input: text)
                if case .push = request, found == nil { checkNotFound(error, name, problem) }
            }
        }
    }

    /// Checks the error of a navigation to `name`, which is not registered: the rule it
    /// breaks, or an unknown scene with at most three registered suggestions.
    static func checkNotFound(
        _ error: NavigationError, _ name: SceneIdentifier,
        _ problem: NavigationError.Problem?
    ) {
        switch error {
        case .input(.invalidSceneIdentifier(let invalid, let reported)):
            check(invalid == name && reported == problem, "the navigation reported \(error)")
        case .unknownScene(let unknown, let suggestions):
            check(unknown == name && problem == nil, "the navigation reported \(error)")
            let names = suggestions.names
            check(names.count <= 3, "\(names.count) suggestions")  // the documented most
            check(
                names.allSatisfy { container.build(for: $0) != nil },
                "suggested an unregistered name")
        default:
            preconditionFailure("fuzz-links oracle: a missing name threw \(error)")
        }
    }

    // MARK: 3. The input as a parameter, a tab name and a popover's anchor, in one tree

    /// Builds one tree that holds the input everywhere a link writes text: a tab named by it
    /// (selected), a parameter named by it and parameters whose value it is (on a tab's screen,
    /// or the root's when it is no tab name), a popover anchored to it (or a default sheet when
    /// it is no anchor), a route path segment; then checks that the tree's link and snapshot
    /// rebuild it.
    static func roundTripAsTree(_ text: String) {
        let coordinator = AppCoordinator(container: container)
        let tabs = ApplicationTransitionType.tabs(
            [
                TabItem("first", scene: "A1", parameters: [text: text]),
                TabItem(text, scene: "B1", parameters: ["t": text]),
            ],
            selected: text)
        do {
            try coordinator.navigate(tabs)
            check(
                coordinator.tree.selectedTab == text,
                "the tab \(text.debugDescription) is not selected")
        } catch {
            check(
                error == .input(.invalidTabName(text))
                    || (text == "first" && error == .refused(.duplicateTabName(text))),
                "the tab name \(text.debugDescription) failed with \(error)")
            do {
                try coordinator.navigate(.root(scene: "A1", parameters: [text: text]))
            } catch {
                preconditionFailure("fuzz-links: a root with the parameter fails: \(error)")
            }
        }
        // Locked (`popover:…,fixed`) for an input of an odd length.
        let popover = PresentationStyle.popover(
            anchor: text, interactiveDismissal: text.utf8.count.isMultiple(of: 2))
        let parameters: SceneParameters = ["v": text, "w": "1"]
        do {
            try coordinator.navigate(
                .present(scene: "Café", parameters: parameters, style: popover))
            check(coordinator.tree.topStack?.style == popover, "the popover lost its anchor")
        } catch {
            check(
                error == .refused(.invalidPresentationStyle(popover))
                    && !DocumentedRules.isValid(popover),
                "the anchor \(text.debugDescription) failed with \(error)")
            do {
                try coordinator.navigate(.present(scene: "Café", parameters: parameters))
            } catch {
                preconditionFailure("fuzz-links: a sheet with parameters fails: \(error)")
            }
        }
        if let segment = text.split(separator: "/", omittingEmptySubsequences: false).first,
            !segment.isEmpty, !text.contains("/")
        {
            // The name is not registered (unless the text is "new"); that is not the subject
            // here, the link of the tree built so far is.
            _ = try? coordinator.navigate(.push(scene: SceneIdentifier("product/\(segment)")))
        }
        do {
            try coordinator.navigate(.present(scene: "A1", style: .sheet(detents: [.medium])))
        } catch {
            preconditionFailure("fuzz-links: a medium sheet fails: \(error)")
        }
        // A dialog over it, with the input as its title, a button's title and its anchor:
        // links and snapshots leave it out, so the tree writes the same link as without it.
        let link = try? coordinator.link(format: roomy)
        let dialog = AlertContent.confirmationDialog(
            title: text,
            buttons: [AlertContent.Button(text), AlertContent.Button("Cancel", role: .cancel)],
            anchor: text)
        do {
            try coordinator.navigate(.alert(dialog))
            check(
                dialog.problem == nil, "a dialog applied with \(String(describing: dialog.problem))"
            )
            check(coordinator.tree.alert == dialog, "the dialog lost its content")
        } catch {
            check(
                dialog.problem.map { error == .refused(.invalidAlert($0)) } == true,
                "the dialog of \(text.debugDescription) failed with \(error)")
        }
        check(
            (try? coordinator.link(format: roomy)) == link,
            "a dialog changed the tree's link \(String(describing: link).prefix(300))")
        checkRoundTrip(coordinator)
    }

    // MARK: 4. The input as a registered scene name

    static func roundTripAsSceneName(_ text: String) {
        let name = SceneIdentifier(text)
        guard name.problem == nil else { return }
        let scenes = scratch
        check(scenes.sceneIdentifiers.isEmpty, "the scratch registry is not empty")
        defer {
            scenes.remove(name)
            scenes.remove("A1")
            check(scenes.sceneIdentifiers.isEmpty, "the scratch registry kept a name")
        }
        do {
            try scenes.assemble(contentsOf: [builder("A1"), builder(name)])
        } catch {
            // A name that collides with "A1".
            return
        }
        let coordinator = AppCoordinator(container: scenes)
        var parameters: SceneParameters = [:]
        // Segments are split on the byte `/`, as the package splits them (a `/` followed by a
        // combining mark is one Character, but still two segments).
        for (index, part) in text.utf8.split(separator: UInt8(ascii: "/")).enumerated()
        where part.first == UInt8(ascii: ":") {
            parameters[String(Substring(part.dropFirst()))] = "v\(index)"
        }
        do {
            try coordinator.navigate(.root(scene: "A1"))
            try coordinator.navigate(.push(scene: name, parameters: parameters))
        } catch {
            preconditionFailure(
                "fuzz-links oracle: the registered \(name) cannot be pushed: \(error)")
        }
        checkRoundTrip(coordinator, container: scenes)
    }
}

extension LinkFuzzer {
    // MARK: 5. The input as a universal link

    /// The universal link table: every kind of route, some not reachable from outside.
    static let links = LeakCheck.ignoringAllocations { makeLinks() }

    /// The scenes a link from outside may build: those of the routes marked reachable, their
    /// query screens' included.
    static let reachableScenes = Set(
        linkRoutes.filter(\.isReachableFromOutside).flatMap(\.scenes))

    private static func makeLinks() -> LinkTable {
        do {
            return try LinkTable(
                accepting: [
                    .web(host: "example.com"), .web(host: "www.example.com"), .scheme("shop"),
                    .schemeAndHost("web", host: "example.com"), .web(host: "*.example.org"),
                ],
                limits: LinkTable.Limits(
                    maximumLength: 512, maximumScreens: 8, maximumParametersPerScreen: 6),
                routes: linkRoutes)
        } catch {
            preconditionFailure("fuzz-links: the link table is invalid: \(error)")
        }
    }

    /// The table's routes.
    static let linkRoutes: [LinkRoute] = [
        LinkRoute("a1", scene: "A1", reachableFromOutside: true),
        LinkRoute(
            "a1/:id", scene: "A2", parent: "a1", effect: .selectTab("home"),
            reachableFromOutside: true),
        LinkRoute(
            "cafe/:x", scene: "Café", effect: .present(.sheet()),
            reachableFromOutside: true),
        LinkRoute(
            "cafe/:x/b2", scene: "B2", parent: "cafe/:x",
            effect: .present(.fullScreenCover), reachableFromOutside: true),
        LinkRoute("b1", scene: "B1", effect: .push, reachableFromOutside: true),
        LinkRoute("files/*path", scene: "A2", reachableFromOutside: true),
        LinkRoute("files/:name", scene: "product/new"),
        LinkRoute("secret/*rest", scene: "product/new", effect: .push),
        LinkRoute("order/:id", scene: "Order", reachableFromOutside: true),
        LinkRoute("p/:id", scene: "product/:id", reachableFromOutside: true),
        LinkRoute("act/:v", action: "act", reachableFromOutside: true),
        LinkRoute(
            "t/:q", scene: "B1",
            queryScreens: [LinkRoute.QueryScreen("reply", scene: "B2")],
            refusingQueryItems: ["token"], reachableFromOutside: true),
        // The shapes websites use: the site's root, a parameter first, parameters
        // inside a segment (one of them not reachable from outside), a query item
        // that fills a parameter. A scene that two routes open has the same effect
        // in both, so that its shared link, whichever route writes it, reopens it
        // over the tree it was opened over.
        LinkRoute("/", scene: "user/me/posts/:page", reachableFromOutside: true),
        LinkRoute(
            ":user", scene: "product/top/:rank", effect: .push,
            reachableFromOutside: true),
        LinkRoute(
            "item-:id", scene: "user/:name/posts/:page", effect: .selectTab("more"),
            reachableFromOutside: true),
        LinkRoute("p/:slug.html", scene: "product/:id", reachableFromOutside: true),
        LinkRoute("v:major.:minor", scene: "product/new"),
        LinkRoute("s?q=:term", scene: "A1", reachableFromOutside: true),
    ]

    /// Whether this input's shared link was checked already: once per input is enough (it
    /// makes a coordinator and a tree).
    static var sharingChecked = false

    static func openAsUniversalLink(_ text: String) {
        sharingChecked = false
        for url in [
            text, "https://example.com/" + text, "shop://" + text, "web://example.com/" + text,
            "https://eu.example.org/" + text,
        ] {
            for setup in [Setup.empty, .stack, .tabs, .split] {
                openUniversal(url, over: setup)
            }
        }
    }

    private static func openUniversal(_ url: String, over setup: Setup) {
        let fixture = fixture(setup)
        let coordinator = fixture.coordinator
        let recorder = fixture.recorder
        let before = coordinator.tree
        defer { recorder.clear() }
        do {
            let event = try coordinator.open(.universal(url, in: links))
            check(recorder.events == [event].compactMap { $0 }, "open reported \(recorder.events)")
            if case .linkAction = event {
                check(coordinator.tree == before, "an action changed the tree")
                return
            }
            fixtures[setup] = nil
            let tree = coordinator.tree
            check(tree.structuralProblems().isEmpty, "\(tree.structuralProblems())")
            check(
                tree.horizontalSizeClass == before.horizontalSizeClass,
                "a universal link changed the window's size class")
            if let split = before.split, let event = event?.transition, event.kind == .push {
                // A push goes onto the detail column; the columns before it stay.
                check(
                    tree.split?.primary == split.primary
                        && tree.split?.supplementary == split.supplementary
                        && tree.split?.detail.id == split.detail.id,
                    "a universal link's push changed a split's columns: \(tree)")
            }
            for screen in tree.screens where before.location(of: screen.id) == nil {
                check(
                    reachableScenes.contains(screen.scene),
                    "the link \(url.debugDescription.prefix(300)) from outside built \(screen.scene)"
                )
            }
            if !sharingChecked {
                sharingChecked = true
                checkSharing(coordinator, over: setup)
            }
        } catch {
            checkFailure(
                error, operation: .open(.universal(url, in: links)), before: before,
                after: coordinator, recorder: recorder, input: url)
            switch error {
            case .link(.unhandledLink(let link)):
                check(link.url == url, "an unhandled link carries \(link.url.prefix(300))")
            case .refused(.unknownTab), .refused(.noRoot), .link(.noTabForLink):
                break
            default:
                preconditionFailure("fuzz-links oracle: a universal link threw \(error)")
            }
        }
    }

    /// The visible screen's shared link, opened over the tree the link was opened over, shows
    /// the same screen; or sharing is refused with a typed error.
    private static func checkSharing(_ coordinator: AppCoordinator, over setup: Setup) {
        do {
            guard let shared = try coordinator.universalLink(in: links) else { return }
            let reopened = makeCoordinator(setup)
            do {
                try reopened.open(.universal(shared, in: links))
            } catch {
                preconditionFailure(
                    "fuzz-links oracle: the shared link \(shared.prefix(300)) fails: \(error)")
            }
            let visible = coordinator.tree.visibleScreen
            check(
                reopened.tree.visibleScreen?.scene == visible?.scene
                    && reopened.tree.visibleScreen?.parameters == visible?.parameters,
                "the shared link \(shared.prefix(300)) opens another screen")
        } catch {
            switch error {
            case .link(.linkNotShareable), .link(.invalidLink): break
            default: preconditionFailure("fuzz-links oracle: sharing threw \(error)")
            }
        }
    }
}

#if !FUZZING
    import FuzzReplay

    /// Replays files (or every file in directories) through the fuzz entry point.
    @main
    enum Replay {
        static func main() {
            FuzzReplay.run(tool: "fuzz-links", entry: fuzzLinks)
        }
    }
#endif
