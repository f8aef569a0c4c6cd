import Foundation
import Testing

/// Checks the module layering, which is part of the contract.
///
/// CoreModule (the root package's `Sources/`) depends on nothing, and a feature module — every
/// target under `Examples/Sources/` that is not the app or an example runner — depends on
/// CoreModule only. A new feature module is found by its folder: nothing to add here. SwiftPM on
/// Linux can let a module import another that is merely built alongside it, so this reads the
/// `import` lines of every source file; `scripts/check-layering.sh` checks the dependencies
/// declared in the `Package.swift` files.
@Suite("Module layering: features never import each other")
struct LayeringTests {
    /// The examples package (`Examples/`).
    private static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folders that hold targets: the library's, then the examples'.
    private static let sourceFolders = [
        examples.deletingLastPathComponent().appendingPathComponent("Sources"),
        examples.appendingPathComponent("Sources"),
    ]

    private static let system: Set<String> = [
        "Swift", "Foundation", "Dispatch", "Synchronization", "Glibc", "Darwin", "Musl",
        "Observation",
    ]

    /// The modules each target may import besides the system ones; any other target is a
    /// feature module, which may import CoreModule only.
    private static let allowed: [String: Set<String>] = [
        "CoreModule": [],
        "CoreModuleTesting": ["CoreModule"],
        // The UIKit adapter builds against UIKit, or the stand-in where there is none.
        "SceneRouterUIKit": ["CoreModule", "UIKit", "SceneRouterUIKitStandIn"],
        "SceneRouterUIKitStandIn": [],
        // The SwiftUI host builds against SwiftUI, where it exists.
        "SceneRouterSwiftUI": ["CoreModule", "SwiftUI"],
        // The script mode waits for a held link's opening with CoreModuleTesting's test hook.
        "DemoApp": ["CoreModule", "CoreModuleTesting", "FeatureA", "FeatureB"],
        "demo": ["DemoApp"],
        "FlowExamples": ["CoreModule"],
        "login-flow": ["FlowExamples"],
        "child-flows": ["FlowExamples"],
        "LinkExamples": ["CoreModule"],
        "shop-links": ["LinkExamples"],
    ]

    /// Every target of the library and of the examples, the feature modules included.
    static var targets: [String] {
        sourceFolders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { !$0.hasPrefix(".") }
        }.sorted()
    }

    /// The folder of `target`'s sources, in the library or in the examples.
    static func directory(of target: String) -> URL? {
        sourceFolders.map { $0.appendingPathComponent(target) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The modules imported by the Swift files of `target`.
    static func imports(of target: String) throws -> Set<String> {
        guard let directory = directory(of: target),
            let files = FileManager.default.enumerator(atPath: directory.path)
        else {
            return []
        }
        var modules = Set<String>()
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(
                contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            modules.formUnion(imports(in: text))
        }
        return modules
    }

    /// The modules imported by the Swift source `text`.
    static func imports(in text: String) -> Set<String> {
        var modules = Set<String>()
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count else {
                continue
            }
            let modifiers = words[..<index]
            let allowedModifiers: Set<String> = [
                "public", "package", "internal", "private", "fileprivate", "@testable",
                "@_exported", "@preconcurrency",
            ]
            // `@_spi(Name) import X` imports X as well.
            guard modifiers.allSatisfy({ allowedModifiers.contains($0) || $0.hasPrefix("@_spi(") })
            else { continue }
            let module = words[index + 1].split(separator: ".").first.map(String.init) ?? ""
            modules.insert(module)
        }
        return modules
    }

    /// What `target` imports beyond what its layer allows.
    static func forbidden(_ imported: Set<String>, in target: String) -> Set<String> {
        imported.subtracting(system.union(allowed[target] ?? ["CoreModule"]))
    }

    @Test(
        "each target's sources exist",
        arguments: [
            "CoreModule", "CoreModuleTesting", "SceneRouterUIKit", "SceneRouterUIKitStandIn",
            "FeatureA", "FeatureB",
        ])
    func sourcesExist(target: String) throws {
        #expect(Self.directory(of: target) != nil)
    }

    @Test(
        "a target imports only what its layer allows", arguments: LayeringTests.targets)
    func importsFollowLayers(target: String) throws {
        let forbidden = Self.forbidden(try Self.imports(of: target), in: target)
        #expect(forbidden.isEmpty, "\(target) imports \(forbidden.sorted())")
    }

    @Test("the import scanner sees a forbidden import")
    func scannerSeesForbiddenImport() {
        // A feature that imports another feature, in each way a Swift file can write it.
        let source = """
            import CoreModule
            @testable import FeatureB
            public import FeatureC.Screens
            @preconcurrency internal import DemoApp
            @_spi(Tools) import FlowExamples
            import Foundation
            // import FeatureD (a comment, not an import)
            """
        #expect(
            Self.imports(in: source) == [
                "CoreModule", "FeatureB", "FeatureC", "DemoApp", "FlowExamples", "Foundation",
            ])
        #expect(
            Self.forbidden(Self.imports(in: source), in: "FeatureA") == [
                "FeatureB", "FeatureC", "DemoApp", "FlowExamples",
            ])
    }

    @Test("the import scanner reads the features' own imports, which their layer allows")
    func scannerSeesAllowedImports() throws {
        // Guard against a scanner that finds nothing: the features must be seen importing CoreModule.
        for feature in ["FeatureA", "FeatureB"] {
            let imported = try Self.imports(of: feature)
            #expect(imported.contains("CoreModule"), "\(feature)")
            #expect(Self.forbidden(imported, in: feature).isEmpty, "\(feature)")
        }
    }
}
