import CoreModule
import FeatureA
import FeatureB
import Foundation

/// The demo's guided tour: the example app of the original article, driven step by step, then
/// the same scenes in the tree most apps have: tabs that keep their history, a sheet, a
/// full-screen cover, and whole-stack transitions.
///
/// At start-up the app registers the feature modules and checks every destination their
/// builders declare, and prints the check's report. Each step is either a screen's own action
/// (A1 opens "A2" with the row's `Item`, A2 opens FeatureB's "B1" by name) or a direct call to
/// the coordinator. An observer prints one line for every transition or failure, and the tree is
/// printed after each step.
@MainActor
public struct Tour {
    private let write: (String) -> Void

    /// Creates a tour that writes its transcript, line by line, through `write`.
    ///
    /// - Parameter write: Receives each line of the transcript.
    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    /// Runs the tour.
    ///
    /// - Returns: `true` when every step ended as planned: every declared destination is
    ///   registered, the navigations succeeded, the deliberate mistakes and refused gestures
    ///   failed with the expected errors, and the tab tree's link and snapshot opened to the
    ///   same tree.
    public func run() -> Bool {
        let app = DependencyInjection()
        let destinations: DestinationReport
        do {
            destinations = try app.configure()
        } catch {
            write("Could not register the feature modules: \(error)")
            return false
        }
        let coordinator = AppCoordinator(container: app.container)
        let names = app.container.sceneIdentifiers.map(\.rawValue).joined(separator: ", ")
        write(
            "Registered \(app.container.sceneIdentifiers.count) scenes from FeatureA and FeatureB: \(names)"
        )
        write("Checked the scenes they navigate to: \(destinations)")

        var events: [NavigationEvent] = []
        let log = coordinator.observe { [write] event in
            events.append(event)
            switch event {
            case .transition(let transition): write("   ✓ \(transition)")
            case .failure(let failure): write("   ✗ \(failure.error)")
            case .linkAction(let action): write("   ✓ \(action)")
            }
        }
        defer { log.cancel() }

        var step = 0
        var allAsPlanned = destinations.problems.isEmpty
        func perform(
            _ title: String, expecting expected: NavigationError? = nil,
            _ action: () throws -> Void
        ) {
            step += 1
            write("")
            write("\(step). \(title)")
            do {
                try action()
                if expected != nil { allAsPlanned = false }
            } catch {
                if expected == nil || error as? NavigationError != expected { allAsPlanned = false }
                write("   (the tree is unchanged)")
            }
            for line in coordinator.tree.description.split(separator: "\n") {
                write("   \(line)")
            }
        }
        func screen<T>(_ type: T.Type) -> T? {
            coordinator.tree.visibleScreen?.content as? T
        }

        perform("The app starts: navigate(.root(scene: \"A1\"))") {
            try coordinator.navigate(.root(scene: "A1"))
        }
        perform("A1's row 7 is tapped: A1 pushes \"A2\" by name, passing the row's Item and id=7") {
            try screen(A1Screen.self)?.didSelectItem(id: 7)
        }
        perform("A2's Buy is tapped: A2 presents FeatureB's \"B1\" without importing FeatureB") {
            try screen(A2Screen.self)?.didTapBuy()
        }
        perform("B1's Continue is tapped: B1 pushes \"B2\" inside the modal") {
            try screen(B1Screen.self)?.didTapContinue()
        }
        perform("B2's Done is tapped: B2 dismisses the modal") {
            try screen(B2Screen.self)?.didTapDone()
        }
        perform(
            "navigate(.push(scene: \"A2\", parameters: [\"id\": \"8\"], animated: true)): "
                + "no Item, so A2's builder looks item 8 up"
        ) {
            try coordinator.navigate(.push(scene: "A2", parameters: ["id": "8"], animated: true))
        }
        perform("navigate(.present(scene: \"B1\", animated: true))") {
            try coordinator.navigate(.present(scene: "B1", animated: true))
        }
        perform("navigate(.present(scene: \"A1\", animated: true)): a modal over the modal") {
            try coordinator.navigate(.present(scene: "A1", animated: true))
        }
        perform("navigate(.dismissAll(animated: true))") {
            try coordinator.navigate(.dismissAll(animated: true))
        }
        perform("navigate(.push(scene: \"B1\", animated: false)): any scene, any stack") {
            try coordinator.navigate(.push(scene: "B1", animated: false))
        }
        perform("navigate(.pop(animated: true))") {
            try coordinator.navigate(.pop(animated: true))
        }
        perform("push \"A1\", then navigate(.popTo(scene: \"A2\", animated: true))") {
            try coordinator.navigate(.push(scene: "A1", animated: false))
            try coordinator.navigate(.popTo(scene: "A2", animated: true))
        }
        perform("navigate(.popToRoot(animated: true))") {
            try coordinator.navigate(.popToRoot(animated: true))
        }
        perform(
            "navigate(.push(scene: \"A3\", animated: true)): a typo",
            expecting: .unknownScene("A3", suggestions: ["A1", "A2"])
        ) {
            try coordinator.navigate(.push(scene: "A3", animated: true))
        }
        perform(
            "navigate(.push(scene: \"A2\", parameters: [\"id\": \"8\"], "
                + "payload: ScenePayload(\"Kettle\"))): a payload of the wrong type",
            expecting: .input(.wrongPayloadType(scene: "A2", expected: "Item", given: "String"))
        ) {
            try coordinator.navigate(
                .push(scene: "A2", parameters: ["id": "8"], payload: ScenePayload("Kettle")))
        }
        perform(
            "navigate(.pop(animated: true)) on the root stack's first screen",
            expecting: .refused(.cannotPopFirstScreen("A1", kind: .pop))
        ) {
            try coordinator.navigate(.pop(animated: true))
        }
        perform(
            "navigate(.dismiss(animated: true)) with nothing presented",
            expecting: .refused(.nothingToDismiss(visible: "A1"))
        ) {
            try coordinator.navigate(.dismiss(animated: true))
        }
        let links = DeepLinkFormat(scheme: "demo")
        perform("open(\"demo://open/A1/A2;id=42/+B1;item=42/B2\"): a deep link, in one step") {
            try coordinator.open(.deepLink("demo://open/A1/A2;id=42/+B1;item=42/B2", format: links))
        }
        perform(
            "open(\"demo://open/A1/A2;id=42/+B9\"): a deep link naming an unknown scene",
            expecting: .link(
                .linkSegmentFailed(
                    position: 3, segment: "+B9",
                    error: .unknownScene("B9", suggestions: ["B1", "B2"])))
        ) {
            try coordinator.open(.deepLink("demo://open/A1/A2;id=42/+B9", format: links))
        }

        write("")
        write("Most apps have a tab bar at the root, and present screens in more than one style:")
        perform(
            "navigate(.tabs([TabItem(\"home\", scene: \"A1\"), TabItem(\"shop\", scene: \"B1\")], "
                + "selected: \"home\")): two tabs, each with a stack of its own"
        ) {
            try coordinator.navigate(
                .tabs(
                    [TabItem("home", scene: "A1"), TabItem("shop", scene: "B1")], selected: "home"))
        }
        perform("A1's row 7 is tapped: A1 pushes \"A2\" in the selected tab, home") {
            try screen(A1Screen.self)?.didSelectItem(id: 7)
        }
        perform("navigate(.selectTab(\"shop\")): the shop tab shows its own stack") {
            try coordinator.navigate(.selectTab("shop"))
        }
        perform("B1's Continue is tapped: B1 pushes \"B2\" in the shop tab") {
            try screen(B1Screen.self)?.didTapContinue()
        }
        perform("The user taps the home tab: report(.tabSelectedByUser(\"home\")); home kept A2") {
            try coordinator.report(.tabSelectedByUser("home"))
        }
        perform("The user taps home again: report(.selectedTabReselectedByUser) pops home to A1") {
            try coordinator.report(.selectedTabReselectedByUser)
        }
        perform(
            "navigate(.present(scene: \"B1\", parameters: [\"item\": \"7\"], "
                + "style: .sheet(detents: [.medium, .large]))): a sheet at half height"
        ) {
            try coordinator.navigate(
                .present(
                    scene: "B1", parameters: ["item": "7"],
                    style: .sheet(detents: [.medium, .large])))
        }
        perform(
            "navigate(.present(scene: \"A2\", parameters: [\"id\": \"9\"], "
                + "style: .fullScreenCover)): a cover over it"
        ) {
            try coordinator.navigate(
                .present(scene: "A2", parameters: ["id": "9"], style: .fullScreenCover))
        }
        if let cover = coordinator.tree.visibleScreen?.id {
            perform(
                "The user drags the cover down: report(.dismissedByUser(\(cover))), refused",
                expecting: .refused(.notDismissibleByUser(cover, style: .fullScreenCover))
            ) {
                try coordinator.report(.dismissedByUser(cover))
            }
        } else {
            allAsPlanned = false
        }
        perform(
            "The user taps the shop tab: report(.tabSelectedByUser(\"shop\")), refused",
            expecting: .refused(.tabBarCovered(tab: "shop", modal: "B1"))
        ) {
            try coordinator.report(.tabSelectedByUser("shop"))
        }
        perform("navigate(.dismissAll(animated: true))") {
            try coordinator.navigate(.dismissAll(animated: true))
        }
        perform(
            "navigate(.setStack([\"A1\", Destination(\"A2\", parameters: [\"id\": \"42\"]), "
                + "Destination(\"B1\", parameters: [\"item\": \"42\"])])): a whole stack, in one step"
        ) {
            try coordinator.navigate(
                .setStack([
                    "A1", Destination("A2", parameters: ["id": "42"]),
                    Destination("B1", parameters: ["item": "42"]),
                ]))
        }
        perform(
            "navigate(.replace(scene: \"B2\", parameters: [\"item\": \"42\"])): B1 becomes B2, "
                + "in one step"
        ) {
            try coordinator.navigate(.replace(scene: "B2", parameters: ["item": "42"]))
        }
        perform("The tab tree's link, for sharing, opened again: it keeps A2's id, not its Item") {
            guard let link = try coordinator.link(format: links) else {
                write("   (NO LINK: the window is empty)")
                allAsPlanned = false
                return
            }
            write("   \(link)")
            // The structure: each stack's scenes and parameters, the tabs' names.
            func structure(_ tree: ScreenTree) -> [[String]] {
                tree.stacks.map { $0.map { "\($0.scene) \($0.parameters)" } } + [
                    tree.tabs.map(\.name)
                ]
            }
            let before = structure(coordinator.tree)
            try coordinator.open(.deepLink(link, format: links))
            if structure(coordinator.tree) == before {
                write("   (the same tree, identities aside)")
            } else {
                write("   (NOT THE SAME TREE)")
                allAsPlanned = false
            }
        }
        perform("The tab tree's snapshot, for state restoration, restored: it keeps A2's Item") {
            // A link keeps strings only: A2 looked its Item up again by id. A snapshot keeps the
            // payloads of the types the app registered (FeatureA registers Item as "item").
            let snapshot = try coordinator.snapshot()
            // The saved JSON names each payload's type as registered.
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(snapshot))
            let object = json as? [String: Any] ?? [:]
            let tabs = object["tabs"] as? [[String: Any]] ?? []
            let screens =
                (object["root"] as? [[String: Any]] ?? [])
                + tabs.flatMap { $0["stack"] as? [[String: Any]] ?? [] }
            let saved = screens.compactMap {
                screen -> String? in
                guard let scene = screen["scene"] as? String,
                    let type = (screen["payload"] as? [String: Any])?["type"] as? String
                else { return nil }
                return "\(scene) as \"\(type)\""
            }
            write("   payloads saved: \(saved.joined(separator: ", "))")
            let before = (snapshot, coordinator.tree.screens.map(\.payload))
            try coordinator.restore(snapshot)
            if try coordinator.snapshot() == before.0,
                coordinator.tree.screens.map(\.payload) == before.1
            {
                write("   (the same tree, identities aside, and the same payloads)")
            } else {
                write("   (NOT THE SAME TREE)")
                allAsPlanned = false
            }
        }
        write("")
        let failures = events.filter { $0.failure != nil }.count
        write(
            "Observed \(events.count - failures) transitions and \(failures) failures; "
                + (allAsPlanned
                    ? "every step ended as planned." : "SOME STEPS DID NOT END AS PLANNED."))
        return allAsPlanned
    }
}
