// swift-tools-version: 6.2
// The fuzz targets (libFuzzer), as a package of their own that depends on the library by path.
//
// Each target is only an entry point; scripts/fuzz.sh builds them with --sanitize=fuzzer and
// -DFUZZING, and libFuzzer supplies `main`. Built normally, each is a small tool that replays
// input files (see docs/contributing/internals.md):
//
//   swift run --package-path Fuzz fuzz-links FILE...

import PackageDescription

/// The library, by its manifest's name (a path dependency's identity is its folder's name, which
/// depends on where the repository was cloned).
let coreModule: Target.Dependency = .product(name: "CoreModule", package: "SceneRouter")
let coreModuleTesting: Target.Dependency = .product(
    name: "CoreModuleTesting", package: "SceneRouter")

let package = Package(
    name: "SceneRouterFuzz",
    // The library's own minimums.
    platforms: [.iOS(.v16), .macCatalyst(.v16), .macOS(.v13)],
    products: [
        .executable(name: "fuzz-links", targets: ["fuzz-links"]),
        .executable(name: "fuzz-navigation", targets: ["fuzz-navigation"]),
        .executable(name: "fuzz-snapshots", targets: ["fuzz-snapshots"]),
        .executable(name: "fuzz-windows", targets: ["fuzz-windows"]),
    ],
    dependencies: [.package(name: "SceneRouter", path: "..")],
    targets: [
        .target(name: "FuzzReplay", dependencies: [coreModule]),
        .executableTarget(
            name: "fuzz-links", dependencies: [coreModule, coreModuleTesting, "FuzzReplay"]),
        .executableTarget(
            name: "fuzz-navigation", dependencies: [coreModule, coreModuleTesting, "FuzzReplay"]),
        .executableTarget(
            name: "fuzz-snapshots", dependencies: [coreModule, coreModuleTesting, "FuzzReplay"]),
        .executableTarget(
            name: "fuzz-windows", dependencies: [coreModule, coreModuleTesting, "FuzzReplay"]),
    ],
    swiftLanguageModes: [.v6]
)

// Strict settings for every target, in one place.
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
