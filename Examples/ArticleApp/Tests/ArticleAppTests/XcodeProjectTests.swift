import ArticleApp
import Foundation
import Testing

/// Checks the iOS app's Xcode project (`iOS/ArticleApp.xcodeproj`) against the files beside it.
///
/// There is no Xcode here, so the project is read as text, for what a user opening it would see
/// break: its two app targets, the folders they compile, the packages and products they link,
/// their deployment target and their Info.plists must agree with the sources and the manifests.
@Suite("The iOS app's Xcode project agrees with the sources and manifests it builds from")
struct XcodeProjectTests {
    /// This package's folder (`Examples/ArticleApp/`).
    private static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The project's folder (`Examples/ArticleApp/iOS/`): its paths are relative to it.
    private static let iOS = package.appendingPathComponent("iOS")

    /// The products each app target links, by name, with the package each comes from (the
    /// package reference's path, relative to the project's folder).
    private static let links: [String: [String: String]] = [
        "ArticleSwiftUIApp": [
            "ArticleApp": "..", "CoreUI": "..", "CoreModule": "../../..",
            "SceneRouterSwiftUI": "../../..",
        ],
        "ArticleUIKitApp": [
            "ArticleApp": "..", "CoreUI": "..", "CoreModule": "../../..",
            "SceneRouterUIKit": "../../..",
        ],
    ]

    /// The custom URL scheme each app declares: one of its own, so that a link opens the app it
    /// names.
    private static let schemes = [
        "ArticleSwiftUIApp": ArticleLinks.swiftUIScheme,
        "ArticleUIKitApp": ArticleLinks.uiKitScheme,
    ]

    /// The project's objects, by identifier: the text between each object's braces.
    static func objects() throws -> [String: String] {
        let text = try String(
            contentsOf: iOS.appendingPathComponent("ArticleApp.xcodeproj/project.pbxproj"),
            encoding: .utf8)
        var objects: [String: String] = [:]
        var open: (id: String, body: String)?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if var current = open {
                if line == "\t\t};" {
                    objects[current.id] = current.body
                    open = nil
                } else {
                    current.body += line + "\n"
                    open = current
                }
                continue
            }
            guard line.hasPrefix("\t\t"), !line.hasPrefix("\t\t\t"),
                let brace = line.range(of: "= {")
            else { continue }
            let id = String(line.dropFirst(2).prefix(24))
            let body = String(line[brace.upperBound...])
            if body.hasSuffix("};") {
                objects[id] = String(body.dropLast(2))
            } else {
                open = (id, body + "\n")
            }
        }
        return objects
    }

    /// The value of `key = value;` in an object, without its comment or quotes.
    static func field(_ key: String, in object: String) -> String? {
        for separator in ["\t", " ", "{"] {
            guard let start = object.range(of: separator + key + " = ") else { continue }
            let value = object[start.upperBound...].prefix { $0 != ";" }
            let bare = value.components(separatedBy: " /*")[0]
            return bare.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    /// The identifiers listed in `key = ( … );` in an object.
    static func list(_ key: String, in object: String) -> [String] {
        guard let start = object.range(of: key + " = (") else { return [] }
        let items = object[start.upperBound...].prefix { $0 != ")" }
        return items.split(separator: "\n").compactMap { line in
            let id = line.trimmingCharacters(in: .whitespaces).prefix(24)
            return id.count == 24 ? String(id) : nil
        }
    }

    /// The app targets, by name.
    static func targets(in objects: [String: String]) -> [String: String] {
        var targets: [String: String] = [:]
        for object in objects.values where field("isa", in: object) == "PBXNativeTarget" {
            targets[field("name", in: object) ?? ""] = object
        }
        return targets
    }

    /// Every value of a build setting in a target's configurations.
    static func settings(
        _ key: String, of target: String, in objects: [String: String]
    ) -> [String] {
        let configurations = objects[field("buildConfigurationList", in: target) ?? ""] ?? ""
        return list("buildConfigurations", in: configurations).compactMap { objects[$0] }
            .compactMap { field(key, in: $0) }
    }

    /// The folders a target compiles, relative to the project's folder.
    static func synchronizedFolders(
        of target: String, in objects: [String: String]
    ) -> [String] {
        list("fileSystemSynchronizedGroups", in: target).compactMap { objects[$0] }
            .compactMap { field("path", in: $0) }
    }

    @Test("both app targets are in the project, as applications")
    func appTargetsExist() throws {
        let targets = Self.targets(in: try Self.objects())
        #expect(targets.keys.sorted() == ["ArticleSwiftUIApp", "ArticleUIKitApp"])
        for (name, target) in targets {
            #expect(
                Self.field("productType", in: target) == "com.apple.product-type.application",
                "\(name)")
        }
    }

    @Test("each target compiles a folder beside the project that holds its @main")
    func synchronizedFoldersHoldTheApps() throws {
        let objects = try Self.objects()
        for (name, target) in Self.targets(in: objects) {
            let folders = Self.synchronizedFolders(of: target, in: objects)
            #expect(folders == [name], "\(name) compiles \(folders)")
            for folder in folders {
                let directory = Self.iOS.appendingPathComponent(folder)
                let files =
                    (try? FileManager.default.contentsOfDirectory(atPath: directory.path))
                    ?? []
                let mains = try files.filter { $0.hasSuffix(".swift") }.filter {
                    try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)
                        .contains("@main")
                }
                #expect(mains.count == 1, "\(folder): \(files)")
            }
        }
    }

    @Test("the project's local packages are this package and the library, by relative path")
    func packageReferences() throws {
        let paths = try Self.objects().values
            .filter { Self.field("isa", in: $0) == "XCLocalSwiftPackageReference" }
            .compactMap { Self.field("relativePath", in: $0) }
        #expect(paths.sorted() == ["..", "../../.."])
        for path in paths {
            let manifest = Self.iOS.appendingPathComponent(path)
                .appendingPathComponent("Package.swift")
            #expect(FileManager.default.fileExists(atPath: manifest.path), "\(path)")
        }
    }

    @Test("each app links exactly its products, each declared by the package it names")
    func linkedProducts() throws {
        let objects = try Self.objects()
        for (name, target) in Self.targets(in: objects) {
            var linked: [String: String] = [:]
            for dependency in Self.list("packageProductDependencies", in: target) {
                let product = objects[dependency] ?? ""
                let package = objects[Self.field("package", in: product) ?? ""] ?? ""
                linked[Self.field("productName", in: product) ?? ""] =
                    Self.field("relativePath", in: package)
            }
            #expect(linked == Self.links[name], "\(name) links \(linked)")

            // What the Frameworks phase links is what the target depends on.
            let frameworks = Self.list("buildPhases", in: target).compactMap { objects[$0] }
                .filter { Self.field("isa", in: $0) == "PBXFrameworksBuildPhase" }
                .flatMap { Self.list("files", in: $0) }.compactMap { objects[$0] }
                .compactMap { objects[Self.field("productRef", in: $0) ?? ""] }
                .compactMap { Self.field("productName", in: $0) }
            #expect(frameworks.sorted() == linked.keys.sorted(), "\(name)")

            for (product, path) in linked {
                let manifest = try String(
                    contentsOf: Self.iOS.appendingPathComponent(path)
                        .appendingPathComponent("Package.swift"),
                    encoding: .utf8)
                let declared = manifest.contains(".library(name: \"\(product)\"")
                #expect(declared, "\(product) is not a library product of the package at \(path)")
            }
        }
    }

    @Test("the deployment target is the package's iOS minimum")
    func deploymentTarget() throws {
        let manifest = try String(
            contentsOf: Self.package.appendingPathComponent("Package.swift"), encoding: .utf8)
        let major = try #require(manifest.components(separatedBy: ".iOS(.v").dropFirst().first)
            .prefix { $0.isNumber }
        let objects = try Self.objects()
        let values = objects.values
            .filter { Self.field("isa", in: $0) == "XCBuildConfiguration" }
            .compactMap { Self.field("IPHONEOS_DEPLOYMENT_TARGET", in: $0) }
        #expect(!values.isEmpty)
        #expect(Set(values) == ["\(major).0"], "package: iOS \(major); project: \(values)")
    }

    @Test("each app's Info.plist exists outside its sources and declares its own URL scheme")
    func infoPlists() throws {
        #expect(Set(Self.schemes.values).count == Self.schemes.count, "\(Self.schemes)")
        let objects = try Self.objects()
        for (name, target) in Self.targets(in: objects) {
            let paths = Self.settings("INFOPLIST_FILE", of: target, in: objects)
            #expect(paths.count == 2, "\(name): one Info.plist per configuration: \(paths)")
            for path in Set(paths) {
                #expect(
                    !Self.synchronizedFolders(of: target, in: objects)
                        .contains { path.hasPrefix($0 + "/") },
                    "\(path) would be copied as a resource too")
                let data = try Data(contentsOf: Self.iOS.appendingPathComponent(path))
                let plist = try #require(
                    try PropertyListSerialization.propertyList(from: data, format: nil)
                        as? [String: Any])
                let types = plist["CFBundleURLTypes"] as? [[String: Any]] ?? []
                let schemes = types.flatMap { $0["CFBundleURLSchemes"] as? [String] ?? [] }
                #expect(schemes == [Self.schemes[name]].compactMap { $0 }, "\(path): \(schemes)")
            }
        }
    }
}
