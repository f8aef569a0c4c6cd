import Foundation
import Testing

/// Checks the article's layering in this package's own sources and manifest: the common layer
/// (CoreUI) knows only the router, the feature modules know the router and CoreUI but never each
/// other, only the app knows them all, and the package depends on the library alone, by path.
@Suite("The article's layering: features never import each other")
struct LayeringTests {
    /// This package's folder (`Examples/ArticleApp/`).
    private static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static let system: Set<String> = [
        "Swift", "Foundation", "Dispatch", "Synchronization", "Glibc", "Darwin", "Musl",
    ]

    /// What a feature module may import: the router, the common layer, and SwiftUI with the
    /// library's host, for its screens' own views (where SwiftUI exists).
    private static let feature: Set<String> = [
        "CoreModule", "CoreUI", "SceneRouterSwiftUI", "SwiftUI",
    ]

    /// The modules each target may import besides the system ones; a target not listed is a
    /// feature module, which may import ``feature`` only.
    private static let allowed: [String: Set<String>] = [
        "CoreUI": ["CoreModule", "SceneRouterSwiftUI", "SwiftUI", "UIKit"],
        "ArticleApp": [
            "CoreModule", "CoreUI", "FeatureA", "FeatureB", "FeatureC", "SceneRouterSwiftUI",
            "SceneRouterUIKit", "SceneRouterUIKitStandIn", "SwiftUI", "UIKit",
        ],
        "article-app": ["ArticleApp"],
        // The iOS app's shells show the library's host or adapter: they know no feature
        // module, and no screen's type but CoreUI's base type.
        "ArticleSwiftUIApp": [
            "CoreModule", "ArticleApp", "CoreUI", "SceneRouterSwiftUI", "SwiftUI", "UIKit",
        ],
        "ArticleUIKitApp": ["CoreModule", "ArticleApp", "CoreUI", "SceneRouterUIKit", "UIKit"],
    ]

    /// The folder of each target that is not under `Sources/`: the iOS app's shells.
    private static let shells = ["ArticleSwiftUIApp", "ArticleUIKitApp"]

    /// Every target: those under `Sources/`, and the iOS app's shells under `iOS/`.
    static var targets: [String] {
        let sources = package.appendingPathComponent("Sources").path
        return
            (((try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? [])
            .filter { !$0.hasPrefix(".") } + shells).sorted()
    }

    /// The modules imported by the Swift files of `target`.
    static func imports(of target: String) throws -> Set<String> {
        let directory = package.appendingPathComponent(shells.contains(target) ? "iOS" : "Sources")
            .appendingPathComponent(target)
        guard let files = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        let modifiers: Set<String> = [
            "public", "package", "internal", "private", "fileprivate", "@testable", "@_exported",
            "@preconcurrency",
        ]
        var modules = Set<String>()
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(
                contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy(modifiers.contains)
                else { continue }
                modules.insert(String(words[index + 1].prefix { $0 != "." }))
            }
        }
        return modules
    }

    @Test("the article's modules are all here")
    func modulesExist() {
        #expect(
            Set(Self.targets).isSuperset(of: [
                "CoreUI", "FeatureA", "FeatureB", "FeatureC", "ArticleSwiftUIApp",
                "ArticleUIKitApp",
            ]),
            "targets: \(Self.targets)")
    }

    @Test("a target imports only what its layer allows", arguments: LayeringTests.targets)
    func importsFollowLayers(target: String) throws {
        let allowed = Self.system.union(Self.allowed[target] ?? Self.feature)
        let imported = try Self.imports(of: target)
        #expect(
            imported.subtracting(allowed).isEmpty,
            "\(target) imports \(imported.subtracting(allowed).sorted())")
    }

    @Test(
        "the scanner sees the features' imports", arguments: ["FeatureA", "FeatureB", "FeatureC"])
    func scannerSeesImports(feature: String) throws {
        // Guard against a scanner that finds nothing.
        #expect(try Self.imports(of: feature) == Self.feature)
    }

    @Test("the package depends on the library alone, by path, as an app does")
    func dependsOnTheLibraryByPathOnly() throws {
        let manifest = try String(
            contentsOf: Self.package.appendingPathComponent("Package.swift"), encoding: .utf8)
        let dependencies = manifest.components(separatedBy: ".package(").dropFirst()
            .map { $0.prefix { $0 != ")" } }
        #expect(dependencies == [#"name: "SceneRouter", path: "../..""#])
        #expect(!manifest.contains("SceneRouterExamples"))
    }
}
