import Foundation
import Testing

/// Checks the module layering, which is part of the contract.
///
/// CoreModule depends on nothing, and a feature module — every other target under `Sources/`
/// but CoreModuleTesting — depends on CoreModule only. SwiftPM on
/// Linux can let a module import another that is merely built alongside it, so this reads the
/// `import` lines of every source file; `scripts/check-layering.sh` checks the dependencies
/// declared in `Package.swift`.
@Suite("Module layering: features never import each other")
struct LayeringTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static let system: Set<String> = [
        "Swift", "Foundation", "Dispatch", "Synchronization", "Glibc", "Darwin", "Musl",
    ]

    /// The modules each target may import besides the system ones; any other target under
    /// `Sources/` is a feature module, which may import CoreModule only.
    private static let allowed: [String: Set<String>] = [
        "CoreModule": [],
        "CoreModuleTesting": ["CoreModule"],
    ]

    /// Every target under `Sources/`, the feature modules included.
    static var targets: [String] {
        let sources = root.appendingPathComponent("Sources").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The modules imported by the Swift files under `Sources/target`.
    static func imports(of target: String) throws -> Set<String> {
        let directory = root.appendingPathComponent("Sources/\(target)")
        guard let files = FileManager.default.enumerator(atPath: directory.path) else {
            return []
        }
        var modules = Set<String>()
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(
                contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
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
                guard modifiers.allSatisfy(allowedModifiers.contains) else { continue }
                let module = words[index + 1].split(separator: ".").first.map(String.init) ?? ""
                modules.insert(module)
            }
        }
        return modules
    }

    @Test(
        "each target's sources exist",
        arguments: ["CoreModule", "CoreModuleTesting", "FeatureA", "FeatureB"])
    func sourcesExist(target: String) throws {
        let path = Self.root.appendingPathComponent("Sources/\(target)").path
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test(
        "a target imports only what its layer allows", arguments: LayeringTests.targets)
    func importsFollowLayers(target: String) throws {
        let allowed = Self.system.union(Self.allowed[target] ?? ["CoreModule"])
        let imported = try Self.imports(of: target)
        #expect(
            imported.subtracting(allowed).isEmpty,
            "\(target) imports \(imported.subtracting(allowed).sorted())")
    }

    @Test("the import scanner sees a forbidden import")
    func scannerWorks() throws {
        // Guard against a scanner that finds nothing: the features must be seen importing CoreModule.
        #expect(try Self.imports(of: "FeatureA").contains("CoreModule"))
        #expect(try Self.imports(of: "FeatureB").contains("CoreModule"))
    }
}
