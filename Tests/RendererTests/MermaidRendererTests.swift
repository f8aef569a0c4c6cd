@_spi(Rules) import CoreModule
import Testing

@MainActor
@Suite("The Mermaid renderer draws the tree as a flowchart GitHub renders")
struct MermaidRendererTests {
    @Test("stacks are subgraphs, modals link from their presenter, the visible screen stands out")
    func flowchart() throws {
        let coordinator = try makeDemoCoordinator()
        try coordinator.open(
            .deepLink(
                "demo://open/A1/A2;id=7/+B1;item=7/B2/+A1", format: DeepLinkFormat(scheme: "demo")))
        #expect(
            MermaidRenderer.flowchart(for: coordinator.tree) == """
                flowchart LR
                    subgraph stack0["root stack"]
                        screen1["A1 #1"] --> screen2["A2 #2<br/>id=7"]
                    end
                    subgraph stack1["modal 1 (sheet)"]
                        screen3["B1 #3<br/>item=7"] --> screen4["B2 #4"]
                    end
                    subgraph stack2["modal 2 (sheet)"]
                        screen5["A1 #5"]
                    end
                    screen2 -. presents .-> screen3
                    screen4 -. presents .-> screen5
                    classDef visible stroke-width:3px
                    class screen5 visible
                """)
    }

    @Test("a tab root is a subgraph of tabs in order, the selected one marked")
    func tabRoot() throws {
        let coordinator = try makeDemoCoordinator()
        try coordinator.navigate(
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home"))
        try coordinator.navigate(.selectTab("more"))
        try coordinator.navigate(.push(scene: "B2"))
        #expect(
            MermaidRenderer.flowchart(for: coordinator.tree) == """
                flowchart LR
                    subgraph stack0["tabs"]
                        subgraph tab0["tab home"]
                            screen1["A1 #1"]
                        end
                        subgraph tab1["tab more, selected"]
                            screen2["B1 #2"] --> screen3["B2 #3"]
                        end
                    end
                    classDef visible stroke-width:3px
                    class screen3 visible
                """)
    }

    @Test("each modal's title shows its style, and the first is presented over the selected tab")
    func modalStyles() throws {
        let coordinator = try makeDemoCoordinator()
        try coordinator.navigate(
            .tabs([TabItem("home", scene: "A1"), TabItem("more", scene: "B1")], selected: "home"))
        try coordinator.navigate(
            .present(scene: "A2", style: .sheet(detents: [.medium], interactiveDismissal: false)))
        try coordinator.navigate(.present(scene: "B2", style: .fullScreenCover))
        try coordinator.navigate(.present(scene: "A1", style: .popover(anchor: "share")))
        try coordinator.navigate(.present(scene: "B1"))
        #expect(
            MermaidRenderer.flowchart(for: coordinator.tree) == """
                flowchart LR
                    subgraph stack0["tabs"]
                        subgraph tab0["tab home, selected"]
                            screen1["A1 #1"]
                        end
                        subgraph tab1["tab more"]
                            screen2["B1 #2"]
                        end
                    end
                    subgraph stack1["modal 1 (sheet: medium, not swipeable)"]
                        screen3["A2 #3"]
                    end
                    subgraph stack2["modal 2 (full-screen)"]
                        screen4["B2 #4"]
                    end
                    subgraph stack3["modal 3 (popover from share)"]
                        screen5["A1 #5"]
                    end
                    subgraph stack4["modal 4 (sheet)"]
                        screen6["B1 #6"]
                    end
                    screen1 -. presents .-> screen3
                    screen3 -. presents .-> screen4
                    screen4 -. presents .-> screen5
                    screen5 -. presents .-> screen6
                    classDef visible stroke-width:3px
                    class screen6 visible
                """)
    }

    @Test("tab names and popover anchors are escaped like labels")
    func escapedTitles() throws {
        let coordinator = try makeDemoCoordinator()
        try coordinator.navigate(
            .tabs([TabItem("a\"b", scene: "A1"), TabItem("<c>", scene: "B1")], selected: "<c>"))
        try coordinator.navigate(.present(scene: "A2", style: .popover(anchor: "x&y")))
        let chart = MermaidRenderer.flowchart(for: coordinator.tree)
        #expect(chart.contains("subgraph tab0[\"tab a#34;b\"]"))
        #expect(chart.contains("subgraph tab1[\"tab #60;c#62;, selected\"]"))
        #expect(chart.contains("subgraph stack1[\"modal 1 (popover from x#38;y)\"]"))
        #expect(chart.contains("screen2 -. presents .-> screen3"))
    }

    @Test("an empty window is one node")
    func emptyWindow() {
        #expect(
            MermaidRenderer.flowchart(for: .empty, direction: .topDown) == """
                flowchart TD
                    empty["window (empty)"]
                """)
    }

    @Test("labels escape every character Mermaid would read as syntax")
    func escaping() throws {
        let coordinator = try makeDemoCoordinator()
        try coordinator.navigate(
            .root(
                scene: "A1",
                parameters: ["q": "say \"hi\" & <b>#1</b> 100% \\n `x`", "nl": "a\nb"]))
        let chart = MermaidRenderer.flowchart(for: coordinator.tree)
        #expect(
            chart.contains(
                "screen1[\"A1 #1<br/>nl=a#10;b, q=say #34;hi#34; #38; #60;b#62;#1#60;/b#62; "
                    + "100#37; #92;n #96;x#96;\"]"))
        // Nothing but the label's own quotes remains, and no raw line break inside a label.
        let labelLine = chart.split(separator: "\n")[2]
        #expect(labelLine.filter { $0 == "\"" }.count == 2)
    }

    @Test(
        "a # is escaped only where Mermaid would read an entity code, and reads back as written",
        arguments: [
            ("#1", "#1"), ("item #7", "item #7"), ("#x;", "#35;x;"), ("a#b_2;c", "a#35;b_2;c"),
            ("##1;", "##35;1;"), ("#;", "#;"), ("# 1;", "# 1;"), ("#a#b;", "#a#35;b;"),
            ("#é;", "#é;"), ("#", "#"),
        ])
    func hashEscaping(text: String, label: String) throws {
        let coordinator = try makeDemoCoordinator()
        try coordinator.navigate(.root(scene: "A1", parameters: ["v": text]))
        let chart = MermaidRenderer.flowchart(for: coordinator.tree)
        #expect(chart.contains("screen1[\"A1 #1<br/>v=\(label)\"]"))
        #expect(mermaidEntitiesDecoded(label) == text)
    }

    @Test("a screen's label shows its number as the tree does, without an entity code")
    func readableLabels() throws {
        let coordinator = try makeDemoCoordinator()
        try coordinator.navigate(.root(scene: "A1", parameters: ["note": "#7;"]))
        let chart = MermaidRenderer.flowchart(for: coordinator.tree)
        #expect(chart.contains("screen1[\"A1 #1<br/>note=#35;7;\"]"))
        #expect(mermaidEntitiesDecoded("A1 #1<br/>note=#35;7;") == "A1 #1<br/>note=#7;")
    }

    @Test("two screens of one scene are two nodes")
    func distinctNodes() throws {
        let coordinator = try makeDemoCoordinator()
        try coordinator.navigate(.root(scene: "A2"))
        try coordinator.navigate(.push(scene: "A2"))
        #expect(
            MermaidRenderer.flowchart(for: coordinator.tree).contains(
                "screen1[\"A2 #1\"] --> screen2[\"A2 #2\"]"))
    }

    @Test("as a renderer it writes the whole diagram after each transition, fenced on request")
    func renderer() throws {
        let coordinator = try makeDemoCoordinator()
        var diagrams: [String] = []
        let token = coordinator.attach(
            MermaidRenderer(direction: .topDown, fenced: true) { diagrams.append($0) })
        try coordinator.navigate(.root(scene: "A1"))
        try coordinator.navigate(.push(scene: "A2"))
        #expect(diagrams.count == 2)
        #expect(
            diagrams.last == """
                ```mermaid
                flowchart TD
                    subgraph stack0["root stack"]
                        screen1["A1 #1"] --> screen2["A2 #2"]
                    end
                    classDef visible stroke-width:3px
                    class screen2 visible
                ```
                """)
        token.cancel()
    }
}

/// What Mermaid draws for a label's text: it replaces each `#`, ASCII word characters and `;`
/// (`/#\w+;/` in its source) by the character with that decimal code, or the named entity.
private func mermaidEntitiesDecoded(_ text: String) -> String {
    let named: [String: String] = ["quot": "\"", "amp": "&", "lt": "<", "gt": ">"]
    var result = ""
    var rest = Substring(text)
    while let hash = rest.firstIndex(of: "#") {
        result += rest[..<hash]
        let after = rest[rest.index(after: hash)...]
        let word = after.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        if !word.isEmpty, after.dropFirst(word.count).first == ";" {
            if let code = UInt32(word), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += named[String(word)] ?? "&\(word);"
            }
            rest = after.dropFirst(word.count + 1)
        } else {
            result += "#"
            rest = after
        }
    }
    return result + rest
}
