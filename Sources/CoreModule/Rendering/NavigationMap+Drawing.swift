import Foundation

extension NavigationMap {
    /// The map as a Mermaid flowchart, without a trailing line break.
    ///
    /// Each scene is a node, sorted by name, with an arrow to each scene it declares; a scene
    /// that is not registered is labelled `(not registered)`, one nothing reaches
    /// `(unreachable)`, each with a class of that name. The start transitions' ways in
    /// (`root`, `tab home`, `primary column`) form a subgraph `start`, in their order, and the
    /// link table's routes a subgraph `links`, by path, each with an arrow to the scene it
    /// opens and one labelled `?ITEM` to each of its query screens; a route only the app may
    /// open is labelled `(from the app)` and its arrows are dotted, and a route that runs an
    /// action is labelled with it. Labels are escaped as ``MermaidRenderer`` escapes them.
    ///
    /// ```text
    /// flowchart LR
    ///     scene0["Cart"]
    ///     scene1["Home"]
    ///     scene2["Legacy (unreachable)"]
    ///     subgraph start["start"]
    ///         start0(["tab home"])
    ///     end
    ///     subgraph links["links"]
    ///         route0>"cart"]
    ///     end
    ///     start0 --> scene1
    ///     route0 --> scene0
    ///     scene1 --> scene0
    ///     classDef unreachable stroke-dasharray:5 5
    ///     class scene2 unreachable
    /// ```
    ///
    /// - Parameter direction: The flowchart's direction; left to right by default.
    /// - Returns: The flowchart's source; a map without scenes or routes is one node labelled
    ///   `(no scenes)`.
    public func mermaid(direction: MermaidRenderer.Direction = .leftToRight) -> String {
        var lines = [direction.header]
        let names = allScenes
        guard !names.isEmpty || !routes.isEmpty else {
            lines.append("    empty[\"(no scenes)\"]")
            return lines.joined(separator: "\n")
        }
        var ids: [SceneIdentifier: String] = [:]
        let unreachable = Set(report.unreachableScenes)
        var unregisteredIDs: [String] = []
        var unreachableIDs: [String] = []
        for (index, name) in names.enumerated() {
            let id = "scene\(index)"
            ids[name] = id
            var label = MermaidRenderer.escaped(name.rawValue)
            if scenes[name] == nil {
                label += " (not registered)"
                unregisteredIDs.append(id)
            } else if unreachable.contains(name) {
                label += " (unreachable)"
                unreachableIDs.append(id)
            }
            lines.append("    \(id)[\"\(label)\"]")
        }
        if !starts.isEmpty {
            lines.append("    subgraph start[\"start\"]")
            for (index, start) in starts.enumerated() {
                let label = MermaidRenderer.escaped(start.way.description)
                lines.append("        start\(index)([\"\(label)\"])")
            }
            lines.append("    end")
        }
        if !routes.isEmpty {
            lines.append("    subgraph links[\"links\"]")
            for (index, route) in routes.enumerated() {
                var label = MermaidRenderer.escaped(route.path)
                if case .action(let action) = route.target {
                    label += " runs " + MermaidRenderer.escaped(action)
                }
                if !route.isReachableFromOutside { label += " (from the app)" }
                lines.append("        route\(index)>\"\(label)\"]")
            }
            lines.append("    end")
        }
        // Every scene a way in or a destination names is a node.
        func id(_ scene: SceneIdentifier) -> String { ids[scene, default: ""] }
        for (index, start) in starts.enumerated() {
            lines.append("    start\(index) --> \(id(start.scene))")
        }
        for (index, route) in routes.enumerated() {
            let arrow = route.isReachableFromOutside ? "-->" : "-.->"
            if let scene = route.scene {
                lines.append("    route\(index) \(arrow) \(id(scene))")
            }
            for screen in route.queryScreens {
                let item = MermaidRenderer.escaped(screen.item)
                lines.append("    route\(index) \(arrow)|\"?\(item)\"| \(id(screen.scene))")
            }
        }
        for name in names {
            for destination in scenes[name] ?? [] {
                lines.append("    \(id(name)) --> \(id(destination))")
            }
        }
        if !unregisteredIDs.isEmpty {
            lines.append("    classDef unregistered stroke-dasharray:2 2")
            lines.append("    class \(unregisteredIDs.joined(separator: ",")) unregistered")
        }
        if !unreachableIDs.isEmpty {
            lines.append("    classDef unreachable stroke-dasharray:5 5")
            lines.append("    class \(unreachableIDs.joined(separator: ",")) unreachable")
        }
        return lines.joined(separator: "\n")
    }

    /// The map as JSON, with sorted keys and unescaped slashes, so the same map is always the
    /// same text: on one line, or indented for a file checked in beside the app.
    ///
    /// The object's keys: `scenes` (each `name`, its `destinations` and whether it is
    /// `registered`, by name: a scene a destination, a start or a route names is listed
    /// too), `start` (each way in, in order: its `kind`, `root`, `push`, `present`, `replace`,
    /// `set-stack`, `tab` or `column`, the tab's or column's `name`, and the `scene`), `routes`
    /// (by `path`: its `scene` or its `action`, its `parent`, its `queryScreens` as `item` and
    /// `scene`, and whether it is reachable `fromOutside`), `entryPoints`, `problems` (each
    /// `declaredBy`, `destination` and `error`, the error's sentence) and `unreachable`.
    /// A value that is absent is `null`.
    ///
    /// - Parameter prettyPrinted: Whether to indent the object over several lines; `false`
    ///   by default.
    /// - Returns: The JSON text.
    public func json(prettyPrinted: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if prettyPrinted { encoder.outputFormatting.insert(.prettyPrinted) }
        // Strings, booleans, arrays and objects only: nothing the encoder can refuse.
        guard let data = try? encoder.encode(JSONMap(self)) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Every scene the map names, sorted: the registered ones, and those a destination, a start
    /// transition or a route names without being registered.
    var allScenes: [SceneIdentifier] {
        var names = Set(scenes.keys)
        names.formUnion(scenes.values.joined())
        names.formUnion(entryPoints)
        return names.sorted()
    }
}

/// The map as ``NavigationMap/json(prettyPrinted:)`` writes it.
private struct JSONMap: Encodable {
    struct Scene: Encodable {
        let name: String
        let destinations: [String]
        let registered: Bool
    }

    struct Start: Encodable {
        let kind: String
        let name: String?
        let scene: String

        enum CodingKeys: String, CodingKey { case kind, name, scene }

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(kind, forKey: .kind)
            try object.encode(name, forKey: .name)
            try object.encode(scene, forKey: .scene)
        }
    }

    struct QueryScreen: Encodable {
        let item: String
        let scene: String
    }

    struct Route: Encodable {
        let path: String
        let scene: String?
        let action: String?
        let parent: String?
        let queryScreens: [QueryScreen]
        let fromOutside: Bool

        enum CodingKeys: String, CodingKey {
            case path, scene, action, parent, queryScreens, fromOutside
        }

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(path, forKey: .path)
            try object.encode(scene, forKey: .scene)
            try object.encode(action, forKey: .action)
            try object.encode(parent, forKey: .parent)
            try object.encode(queryScreens, forKey: .queryScreens)
            try object.encode(fromOutside, forKey: .fromOutside)
        }
    }

    struct Problem: Encodable {
        let declaredBy: String
        let destination: String
        let error: String
    }

    let scenes: [Scene]
    let start: [Start]
    let routes: [Route]
    let entryPoints: [String]
    let problems: [Problem]
    let unreachable: [String]

    init(_ map: NavigationMap) {
        scenes = map.allScenes.map { name in
            Scene(
                name: name.rawValue,
                destinations: (map.scenes[name] ?? []).map(\.rawValue),
                registered: map.scenes[name] != nil)
        }
        start = map.starts.map { start in
            switch start.way {
            case .transition(let kind):
                return Start(kind: kind.description, name: nil, scene: start.scene.rawValue)
            case .tab(let name):
                return Start(kind: "tab", name: name, scene: start.scene.rawValue)
            case .column(let column):
                return Start(kind: "column", name: column.rawValue, scene: start.scene.rawValue)
            }
        }
        routes = map.routes.map { route in
            let action: String? =
                if case .action(let name) = route.target { name } else { nil }
            return Route(
                path: route.path, scene: route.scene?.rawValue, action: action,
                parent: route.parent,
                queryScreens: route.queryScreens.map {
                    QueryScreen(item: $0.item, scene: $0.scene.rawValue)
                },
                fromOutside: route.isReachableFromOutside)
        }
        entryPoints = map.entryPoints.map(\.rawValue)
        problems = map.report.problems.map {
            Problem(
                declaredBy: $0.declaredBy.rawValue, destination: $0.destination.rawValue,
                error: "\($0.error)")
        }
        unreachable = map.report.unreachableScenes.map(\.rawValue)
    }
}
