// Fuzz target: the deep-link parser and route resolution, fed arbitrary bytes.
//
// Built by scripts/fuzz.sh with `--sanitize=fuzzer -Xswiftc -DFUZZING`: libFuzzer supplies
// `main` and calls `LLVMFuzzerTestOneInput` with each input. In a normal build (without
// FUZZING) the file has a small `main` instead that replays files through the same entry
// point: `swift run --package-path Fuzz fuzz-links Fuzz/corpus/fuzz-links`.
//
// Every input is read as UTF-8 text (invalid bytes become U+FFFD) and used four ways:
//   1. as a link to open, on an empty window and over an existing tree;
//   2. as a scene name or path: resolved, registered, navigated to, popped to;
//   3. as a parameter name and value, written into the tree's link and read back;
//   4. as a scene name registered and written into a link and read back.
// The oracle: an error is a typed error that changed nothing and reported one failure; a
// success yields a well-formed tree whose link and snapshot rebuild an equal tree. A broken
// oracle stops the process with `preconditionFailure`, which libFuzzer reports as a crash.

import CoreModule
import CoreModuleTesting
import Foundation

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
        let container = LinkFuzzer.makeContainer()
        LinkFuzzer.openAsLink(text, container: container)
        LinkFuzzer.resolveAsName(text, container: container)
        LinkFuzzer.roundTripAsParameter(text, container: container)
        LinkFuzzer.roundTripAsSceneName(text)
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
    /// Route patterns; a literal beside a parameter (`top` and `:id`, `me` and `:name`) makes
    /// the walk keep a branch to come back to.
    static let patterns: [SceneIdentifier] = [
        "product/:id", "product/top/:rank", "user/:name/posts/:page", "user/me/posts/:page",
    ]

    /// A builder whose screen is a plain object.
    final class Content: Sendable {}

    nonisolated static func builder(_ name: SceneIdentifier) -> SceneBuilder {
        SceneBuilder(name) { _ in Content() }
    }

    /// The registry the coordinators of one input share; it is not changed after it is made.
    ///
    /// Made for each input rather than once: LeakSanitizer, which libFuzzer runs after inputs
    /// that allocate more than they free, cannot see references the Swift runtime keeps in
    /// enum payloads with spare bits, and would report a long-lived registry as leaked.
    static func makeContainer() -> DependencyContainer {
        let container = DependencyContainer()
        do {
            try container.assemble(contentsOf: (names + patterns).map(builder))
            try container.assemble(
                SceneBuilder("Order", requiredParameters: ["id": .int, "paid": .bool]) { _ in
                    Content()
                })
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
    }

    /// The tree's structure without identities: scenes and parameters, stack by stack.
    static func shape(_ tree: ScreenTree) -> [[String]] {
        tree.stacks.map { stack in
            stack.map { screen in
                ([screen.scene.rawValue] + screen.parameters.sorted.map { "\($0.key)=\($0.value)" })
                    .joined(separator: "\u{0}")
            }
        }
    }

    /// Checks what a failed operation must leave: the same tree, one failure, no transition.
    static func checkFailure(
        _ error: NavigationError, operation: NavigationOperation, before: ScreenTree,
        after coordinator: AppCoordinator, recorder: Recorder, input: String
    ) {
        check(coordinator.tree == before, "a failed \(operation) changed the tree")
        check(
            recorder.events == [.failure(NavigationFailure(operation: operation, error: error))],
            "a failed \(operation) reported \(recorder.events)")
        let sentence = error.description
        check(!sentence.isEmpty, "an empty error description")
        check(
            sentence.utf8.count <= input.utf8.count + 2_000,
            "an error description of \(sentence.utf8.count) bytes for \(input.utf8.count) bytes of input"
        )
    }

    /// Checks that the tree's link and snapshot rebuild an equal tree.
    static func checkRoundTrip(_ coordinator: AppCoordinator, container: DependencyContainer) {
        guard let link = coordinator.link(format: roomy) else {
            check(coordinator.tree.isEmpty, "no link for a tree that is not empty")
            return
        }
        let reopened = AppCoordinator(container: container)
        do {
            try reopened.open(link, format: roomy)
        } catch {
            preconditionFailure(
                "fuzz-links oracle: the tree's own link \(link.debugDescription.prefix(300)) fails: \(error)"
            )
        }
        check(
            shape(reopened.tree) == shape(coordinator.tree),
            "the link \(link.debugDescription.prefix(300)) rebuilds \(reopened.tree), not \(coordinator.tree)"
        )
        let restored = AppCoordinator(container: container)
        do {
            try restored.restore(coordinator.snapshot())
        } catch {
            preconditionFailure("fuzz-links oracle: the tree's own snapshot fails: \(error)")
        }
        check(shape(restored.tree) == shape(coordinator.tree), "the snapshot rebuilds another tree")
    }

    // MARK: 1. The input as a link

    static func openAsLink(_ text: String, container: DependencyContainer) {
        for existing in [false, true] {
            let coordinator = AppCoordinator(container: container)
            if existing {
                do {
                    try coordinator.navigate(.root(scene: "B2"))
                    try coordinator.navigate(.present(scene: "A1"))
                } catch {
                    preconditionFailure("fuzz-links: the setup fails: \(error)")
                }
            }
            let before = coordinator.tree
            let recorder = Recorder(coordinator)
            do {
                // Without guards, an opened link always replaces the tree.
                guard let event = try coordinator.open(text, format: format) else {
                    preconditionFailure("fuzz-links: an opened link changed nothing")
                }
                let tree = coordinator.tree
                check(tree.structuralProblems().isEmpty, "\(tree.structuralProblems())")
                check(!tree.isEmpty, "an opened link left an empty window")
                check(
                    text.utf8.count <= format.maximumLength, "a link over the length limit opened")
                check(tree.screenCount <= format.maximumScreens, "more screens than the limit")
                check(recorder.events == [.transition(event)], "open reported \(recorder.events)")
                check(event.kind == .replaceTree, "open applied a \(event.kind)")
                check(
                    event.removedCount == before.screenCount, "open removed \(event.removedCount)")
                check(
                    event.to == tree.visibleLocation, "the event does not end at the visible screen"
                )
                for screen in tree.screens {
                    check(container.contains(screen.scene), "an unregistered scene \(screen.scene)")
                    check(
                        before.screen(screen.id) == nil, "screen \(screen.id) kept its identity")
                }
                checkRoundTrip(coordinator, container: container)
            } catch {
                checkFailure(
                    error, operation: .openLink(text, format: format), before: before,
                    after: coordinator, recorder: recorder, input: text)
                if text.utf8.count > format.maximumLength {
                    check(
                        error
                            == .invalidLink(
                                .tooLong(length: text.utf8.count, limit: format.maximumLength)),
                        "a link over the limit failed with \(error)")
                }
            }
        }
    }

    // MARK: 2. The input as a scene name or path

    static func resolveAsName(_ text: String, container: DependencyContainer) {
        let name = SceneIdentifier(text)
        let problem = name.problem

        // Resolution: a registered scene, with route parameters that rebuild the path.
        var resolved: ResolvedScene?
        var resolveError: NavigationError?
        do {
            let found = try container.resolve(name)
            resolved = found
            check(container.contains(found.scene), "resolved to an unregistered \(found.scene)")
            if found.scene == name {
                check(found.routeParameters.isEmpty, "an exact name with route parameters")
            } else {
                var rebuilt: [String] = []
                for segment in found.scene.rawValue.split(
                    separator: "/", omittingEmptySubsequences: false)
                {
                    if segment.first == ":" {
                        rebuilt.append(
                            found.routeParameters[String(segment.dropFirst())] ?? "\u{0}")
                    } else {
                        rebuilt.append(String(segment))
                    }
                }
                check(
                    rebuilt.joined(separator: "/") == text,
                    "\(found.scene) with \(found.routeParameters) does not rebuild the path")
            }
        } catch {
            resolveError = error
            switch error {
            case .invalidSceneIdentifier(let invalid, let reported):
                check(invalid == name && reported == problem, "resolve reported \(error)")
            case .unknownScene(let unknown, let suggestions):
                check(unknown == name && problem == nil, "resolve reported \(error)")
                let names = suggestions.names
                check(names.count <= SceneSuggestions.limit, "\(names.count) suggestions")
                check(names.allSatisfy(container.contains), "suggested an unregistered name")
            default:
                preconditionFailure("fuzz-links oracle: resolve threw \(error)")
            }
        }

        // Registration: a valid name registers in an empty container, an invalid one does not.
        let fresh = DependencyContainer()
        do {
            try fresh.assemble(builder(name))
            check(problem == nil, "an invalid name \(text.debugDescription) registered")
            check(fresh.contains(name) && fresh.count == 1, "the registered name is not there")
            fresh.remove(name)
            check(fresh.count == 0, "a removed name is still there")
        } catch {
            check(
                problem.map { error == .invalidSceneIdentifier(name, problem: $0) } ?? false,
                "a valid name failed to register: \(error)")
        }

        // Navigation agrees with resolution, and a failure changes nothing.
        let coordinator = AppCoordinator(container: container)
        do {
            try coordinator.navigate(.root(scene: "A1"))
        } catch {
            preconditionFailure("fuzz-links: the setup fails: \(error)")
        }
        for request in [ApplicationTransitionType.push(scene: name), .popTo(scene: name)] {
            let before = coordinator.tree
            let recorder = Recorder(coordinator)
            do {
                try coordinator.navigate(request)
                check(coordinator.tree.structuralProblems().isEmpty, "invariants broken")
                if case .push = request {
                    check(resolved != nil, "pushed a name that does not resolve")
                    check(
                        coordinator.tree.screenCount == before.screenCount + 1,
                        "push added no screen")
                }
            } catch {
                checkFailure(
                    error, operation: .transition(request), before: before, after: coordinator,
                    recorder: recorder, input: text)
                if case .push = request, let resolveError {
                    check(error == resolveError, "push threw \(error), resolve \(resolveError)")
                }
            }
        }
    }

    // MARK: 3. The input as a parameter name and value

    static func roundTripAsParameter(_ text: String, container: DependencyContainer) {
        let key = text
        let coordinator = AppCoordinator(container: container)
        do {
            try coordinator.navigate(.root(scene: "A1", parameters: [key: text]))
            try coordinator.navigate(.present(scene: "Café", parameters: ["v": text, "w": "1"]))
            if let segment = text.split(separator: "/", omittingEmptySubsequences: false).first,
                !segment.isEmpty, !text.contains("/")
            {
                try coordinator.navigate(.push(scene: SceneIdentifier("product/\(segment)")))
            }
        } catch {
            // The route path may not resolve (for example when the text is "new"); that is not
            // the subject here, the link of the tree built so far is.
        }
        checkRoundTrip(coordinator, container: container)
    }

    // MARK: 4. The input as a registered scene name

    static func roundTripAsSceneName(_ text: String) {
        let name = SceneIdentifier(text)
        guard name.problem == nil else { return }
        let scenes = DependencyContainer()
        do {
            try scenes.assemble(contentsOf: [builder("A1"), builder(name)])
        } catch {
            // A name that collides with "A1", or a route pattern whose shape is taken.
            return
        }
        let coordinator = AppCoordinator(container: scenes)
        var parameters = SceneParameters()
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
