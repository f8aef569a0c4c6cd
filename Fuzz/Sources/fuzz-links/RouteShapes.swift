// Fuzz target fuzz-links, part 6: the input in every route shape of a universal link table
// (the site's root, a parameter first beside literal routes, parameters inside a segment, a
// catch-all at the root and after a literal, a query item that fills a parameter, a list, a host
// pattern), with what each link must open computed here from the documented rules
// (docs/deep-links.md and RoutePattern's grammar), never from the library's answer.

@_spi(Rules) import CoreModule
import CoreModuleTesting
import FuzzReplay

extension LinkFuzzer {
    // MARK: 6. The input in the route shapes

    /// A route of the shapes table: its template, the scene it opens, and, for a segment with
    /// parameters inside, its form (literal text, or `nil` for a parameter).
    struct ShapeRoute {
        let template: String
        let scene: SceneIdentifier
        let form: [String?]?
        /// The form's parameter names, in order.
        let names: [String]
    }

    /// The composite routes, each one segment at the root.
    static let composites: [ShapeRoute] = [
        ShapeRoute(template: "item-:id", scene: "B2", form: ["item-", nil], names: ["id"]),
        ShapeRoute(template: ":slug.html", scene: "Café", form: [nil, ".html"], names: ["slug"]),
        ShapeRoute(
            template: "v:major.:minor", scene: "product/new", form: ["v", nil, ".", nil],
            names: ["major", "minor"]),
        ShapeRoute(
            template: "item-:id.html", scene: "user/me/posts/:page", form: ["item-", nil, ".html"],
            names: ["id"]),
    ]

    /// The composites in the order the documented precedence tries them: more literal text
    /// first, then the template that sorts first.
    static let compositesInOrder = composites.sorted { left, right in
        let l = (left.form ?? []).reduce(0) { $0 + ($1?.utf8.count ?? 0) }
        let r = (right.form ?? []).reduce(0) { $0 + ($1?.utf8.count ?? 0) }
        return l != r ? l > r : left.template < right.template
    }

    /// A table of every shape, in an order that is not the precedence's (which the order of a
    /// table never decides).
    static let shapes = LeakCheck.ignoringAllocations { makeShapes() }

    private static func makeShapes() -> LinkTable {
        var routes = [
            LinkRoute("*rest", scene: "product/top/:rank", reachableFromOutside: true),
            LinkRoute(":user", scene: "B1", reachableFromOutside: true),
            LinkRoute("files/*path", scene: "product/:id", reachableFromOutside: true),
            LinkRoute("/", scene: "A1", reachableFromOutside: true),
            LinkRoute("settings", scene: "A2", reachableFromOutside: true),
            LinkRoute(
                "search?q=:term", scene: "user/:name/posts/:page", reachableFromOutside: true),
        ]
        routes.insert(
            contentsOf: composites.map {
                LinkRoute($0.template, scene: $0.scene, reachableFromOutside: true)
            }, at: 2)
        do {
            return try LinkTable(
                accepting: [
                    .web(host: "*.example.org"), .web(host: "example.com"), .scheme("shop"),
                ],
                limits: LinkTable.Limits(
                    maximumLength: 1 << 20, maximumScreens: 8, maximumParametersPerScreen: 6),
                routes: routes)
        } catch {
            preconditionFailure("fuzz-links: the shapes table is invalid: \(error)")
        }
    }

    /// The longest input the shapes are checked with.
    static let shapesInputBytes = 256

    /// What a link must do: open one screen, fail with one reason, open one screen or be
    /// refused as from an origin not accepted (where the docs do not say which), open one
    /// screen or fail with one reason (where the library and the docs read text differently, a
    /// reported issue), or anything
    /// typed that leaves a well-formed tree (where the input changes the link's structure).
    enum ShapeOutcome {
        case opens(SceneIdentifier, SceneParameters)
        case fails(NavigationError.UnhandledLink.Reason)
        case openOrRefused(SceneIdentifier, SceneParameters)
        case opensOrFails(SceneIdentifier, SceneParameters, NavigationError.UnhandledLink.Reason)
        case anything
    }

    /// `text` percent-encoded as a link writes it: every byte but ASCII letters, digits and
    /// `-._~` escaped, so that the reader decodes exactly `text`.
    static func escaped(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The values composite `form` reads from `segment`, by the documented rule, or `nil`:
    /// each literal must be there; a parameter takes one byte or more: the rest when it is
    /// last, up to the segment's last literal when that literal follows it and ends the
    /// segment, otherwise up to the first place, one byte or more on, where the literal after
    /// it starts; no second try.
    static func read(_ form: [String?], _ segment: String) -> [String]? {
        var rest = Array(segment.utf8)[...]
        var values: [String] = []
        for (index, part) in form.enumerated() {
            if let text = part {
                guard rest.starts(with: text.utf8) else { return nil }
                rest = rest.dropFirst(text.utf8.count)
                continue
            }
            var taken = rest.count
            if index + 1 < form.count {
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

    /// What the path of one decoded segment, `segment`, opens: the root for none; a literal
    /// route; the first composite, in precedence order, that reads it; else the parameter
    /// first (a catch-all at the root comes after every other route).
    static func expectedSegment(_ segment: String) -> (SceneIdentifier, SceneParameters) {
        if segment.isEmpty { return ("A1", [:]) }
        if segment.utf8.elementsEqual("settings".utf8) { return ("A2", [:]) }
        if segment.utf8.elementsEqual("search".utf8) { return ("user/:name/posts/:page", [:]) }
        for route in compositesInOrder {
            if let form = route.form, let values = read(form, segment) {
                return (
                    route.scene,
                    SceneParameters(Dictionary(uniqueKeysWithValues: zip(route.names, values)))
                )
            }
        }
        return ("B1", ["user": segment])
    }

    /// Whether `label` is what the docs call host labels: one or more, dot-separated, each of
    /// ASCII letters, digits and `-`.
    static func isHostLabels(_ label: String) -> Bool {
        let labels = label.utf8.split(
            separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return labels.allSatisfy { part in
            !part.isEmpty
                && part.allSatisfy { byte in
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"),
                        UInt8(ascii: "A")...UInt8(ascii: "Z"),
                        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                        return true
                    default: return false
                    }
                }
        }
    }

    /// Opens the input in each shape: as the one path segment, after a literal that a
    /// catch-all follows, before a segment (the root's catch-all), as a query value that fills
    /// a parameter, twice as a list, as a query item's name, and as host labels under a host
    /// pattern; then writes the shapes' screens with the input as their values and opens what
    /// is written.
    ///
    /// One coordinator of this input's serves every link (each route replaces its tree), and is
    /// gone when the input is: making one per link would cost most of the time.
    ///
    /// Only for an input of at most ``shapesInputBytes`` bytes: the reader's cost grows with the
    /// link's length (each byte compared under the fuzzer's coverage tracing), and the rules
    /// checked here do not depend on it.
    static func openInShapes(_ text: String) {
        guard text.utf8.count <= shapesInputBytes else { return }
        let coordinator = AppCoordinator(container: container)
        let recorder = Recorder(coordinator)
        func openShape(_ url: String, expecting outcome: ShapeOutcome, share: Bool = false) {
            Self.openShape(
                url, expecting: outcome, share: share, on: coordinator, recorder: recorder)
        }
        let segment = escaped(text)
        let one = expectedSegment(text)
        for origin in ["https://example.com/", "shop://", "https://eu.example.org/"] {
            openShape(origin + segment, expecting: .opens(one.0, one.1), share: origin == "shop://")
        }
        let web = "https://example.com/"
        openShape(
            web + "files/" + segment,
            expecting: text.isEmpty
                ? .opens("B1", ["user": "files"]) : .opens("product/:id", ["path": text]))
        openShape(
            web + segment + "/x",
            expecting: text.isEmpty
                ? .fails(.unreadable(.emptySegment(position: 1)))
                : text.utf8.elementsEqual("files".utf8)
                    ? .opens("product/:id", ["path": "x"])
                    : .opens("product/top/:rank", ["rest": text + "/x"]))
        openShape(
            web + "search?q=" + segment,
            expecting: .opens("user/:name/posts/:page", ["term": text]))
        // A list: the two values joined with `,`, read back as the two values; unreadable when
        // a value holds a `,` byte (also one that a combining mark follows: one Character, but
        // the list is split at the byte).
        let joined: SceneParameters = ["tag": text + "," + text]
        if text.utf8.contains(UInt8(ascii: ",")) {
            openShape(
                web + "settings?tag=" + segment + "&tag=" + segment,
                expecting: .fails(.unreadable(.repeatedQueryItem(name: "tag"))))
        } else {
            openShape(
                web + "settings?tag=" + segment + "&tag=" + segment, expecting: .opens("A2", joined)
            )
            let list = coordinator.tree.visibleScreen?.parameters.value("tag", as: [String].self)
            check(
                list == [text, text],
                "the list of \(text.debugDescription) twice reads back as \(String(describing: list))"
            )
        }
        openShape(
            web + "settings?" + segment + "=1",
            expecting: text.isEmpty
                ? .fails(.unreadable(.badQueryItem(text: "=1"))) : .opens("A2", [text: "1"]))
        // The input as host labels, raw: accepted as labels, refused with no label, an empty
        // one or a `*`; other bytes are not the docs' subject (a `/`, `?` or `#` ends the host).
        let host = text + ".example.org"
        let hostOutcome: ShapeOutcome
        if text.utf8.contains(where: {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }) {
            hostOutcome = .anything
        } else if isHostLabels(text) {
            hostOutcome = .opens("B2", ["id": "7"])
        } else if text.isEmpty || text.utf8.contains(UInt8(ascii: "*"))
            || text.utf8.first == UInt8(ascii: ".") || text.utf8.last == UInt8(ascii: ".")
            || text.contains("..")
        {
            hostOutcome = .fails(.notAccepted(scheme: "https", host: host))
        } else {
            hostOutcome = .openOrRefused("B2", ["id": "7"])
        }
        openShape("https://" + host + "/item-7", expecting: hostOutcome)
        writeShapes(text, on: coordinator)
    }

    /// Opens `url` in ``shapes`` from outside on `coordinator`, expecting `outcome`.
    ///
    /// A success replaced the tree with the one screen; a failure changed nothing and reported
    /// one failure. With `share`, the opened screen's shared link reopens it, or sharing is
    /// refused.
    private static func openShape(
        _ url: String, expecting outcome: ShapeOutcome, share: Bool,
        on coordinator: AppCoordinator, recorder: Recorder
    ) {
        let before = coordinator.tree
        defer { recorder.clear() }
        let shown = url.debugDescription.prefix(300)
        do {
            let event = try coordinator.open(.universal(url, in: shapes))
            check(recorder.events == [event].compactMap { $0 }, "open reported \(recorder.events)")
            let tree = coordinator.tree
            check(tree.structuralProblems().isEmpty, "\(tree.structuralProblems())")
            check(tree.screens.count == 1, "\(shown) opened \(tree.screens.count) screens")
            let screen = tree.visibleScreen
            switch outcome {
            case .opens(let scene, let parameters), .openOrRefused(let scene, let parameters),
                .opensOrFails(let scene, let parameters, _):
                check(
                    screen?.scene == scene && screen?.parameters == parameters,
                    "\(shown) opened \(String(describing: screen?.scene)) "
                        + "\(String(describing: screen?.parameters)), not \(scene) \(parameters)")
            case .fails(let reason):
                preconditionFailure(
                    "fuzz-links oracle: \(shown) opened \(String(describing: screen?.scene)), "
                        + "where it fails: \(reason)")
            case .anything: break
            }
            if share { checkShapeSharing(coordinator) }
        } catch {
            checkFailure(
                error, operation: .open(.universal(url, in: shapes)), before: before,
                after: coordinator, recorder: recorder, input: url)
            switch outcome {
            case .opens(let scene, let parameters):
                preconditionFailure(
                    "fuzz-links oracle: \(shown) failed with \(error), where it opens \(scene) \(parameters)"
                )
            case .fails(let reason), .opensOrFails(_, _, let reason):
                guard case .link(.unhandledLink(let link)) = error, link.url == url,
                    link.reason.detail == .unhandledLink(reason)
                else {
                    preconditionFailure(
                        "fuzz-links oracle: \(shown) failed with \(error), not \(reason)")
                }
            case .openOrRefused:
                guard case .link(.unhandledLink(let link)) = error,
                    case .unhandledLink(.notAccepted(let scheme, _)) = link.reason.detail,
                    scheme == "https",
                    link.url == url
                else {
                    preconditionFailure("fuzz-links oracle: \(shown) failed with \(error)")
                }
            case .anything:
                guard case .link(.unhandledLink(let link)) = error, link.url == url else {
                    preconditionFailure("fuzz-links oracle: \(shown) failed with \(error)")
                }
            }
        }
    }

    /// The visible screen's shared link of ``shapes``, opened over it, shows the same screen
    /// alone, or sharing is refused as not shareable.
    private static func checkShapeSharing(_ coordinator: AppCoordinator) {
        let visible = coordinator.tree.visibleScreen
        do {
            guard let shared = try coordinator.universalLink(in: shapes) else {
                preconditionFailure("fuzz-links oracle: no shared link for a screen")
            }
            check(
                shared.hasPrefix("https://example.com/"),
                "the shared link \(shared.prefix(300)) is not of the first exact origin")
            do {
                try coordinator.open(.universal(shared, in: shapes))
            } catch {
                preconditionFailure(
                    "fuzz-links oracle: the shared link \(shared.prefix(300)) fails: \(error)")
            }
            let reopened = coordinator.tree.visibleScreen
            check(
                coordinator.tree.screens.count == 1 && reopened?.scene == visible?.scene
                    && reopened?.parameters == visible?.parameters,
                "the shared link \(shared.prefix(300)) opens \(String(describing: reopened)), not \(String(describing: visible))"
            )
        } catch {
            guard case .link(.linkNotShareable) = error else {
                preconditionFailure("fuzz-links oracle: sharing threw \(error)")
            }
        }
    }

    /// Writes each shape's screen with the input as its value.
    ///
    /// The screens of a parameter first, each composite, a catch-all at the root and after a
    /// literal, a query item that fills a parameter: the link the writer writes opens that
    /// screen, or the writer refuses it as not shareable. A screen whose link would
    /// open another route, or read other values, must be refused.
    static func writeShapes(_ text: String, on coordinator: AppCoordinator) {
        var screens: [(SceneIdentifier, SceneParameters)] = [
            ("B1", ["user": text]), ("product/top/:rank", ["rest": text]),
            ("user/:name/posts/:page", ["term": text]), ("product/:id", ["path": text]),
        ]
        for route in composites {
            let values = route.names.enumerated().map { $0.offset == 0 ? text : "1" }
            screens.append(
                (
                    route.scene,
                    SceneParameters(Dictionary(uniqueKeysWithValues: zip(route.names, values)))
                ))
        }
        for (scene, parameters) in screens {
            do {
                try coordinator.navigate(.root(scene: scene, parameters: parameters))
            } catch {
                preconditionFailure("fuzz-links: a root of \(scene) fails: \(error)")
            }
            let written: String?
            do {
                written = try coordinator.universalLink(in: shapes)
            } catch {
                guard case .link(.linkNotShareable) = error else {
                    preconditionFailure("fuzz-links oracle: writing \(scene) threw \(error)")
                }
                continue
            }
            guard let link = written else {
                preconditionFailure("fuzz-links oracle: no link for \(scene)")
            }
            // Opened over the screen it was written from, which it replaces.
            do {
                try coordinator.open(.universal(link, in: shapes))
            } catch {
                preconditionFailure(
                    "fuzz-links oracle: the written link \(link.prefix(300)) of \(scene) \(parameters) fails: \(error)"
                )
            }
            check(coordinator.tree.screens.count == 1, "\(link.prefix(300)) opened more screens")
            let opened = coordinator.tree.visibleScreen
            check(
                opened?.scene == scene && opened?.parameters == parameters,
                "the written link \(link.prefix(300)) of \(scene) \(parameters) opens \(String(describing: opened?.scene)) \(String(describing: opened?.parameters))"
            )
        }
    }
}
