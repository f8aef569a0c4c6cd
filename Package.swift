// swift-tools-version: 6.0
// The scene-registry router: navigate a modular app by scene name, over a headless screen tree.
// Zero package dependencies, by design: the standard library, Foundation and the test libraries.

import PackageDescription

let package = Package(
    name: "SceneRouter",
    products: [
        .library(name: "CoreModule", targets: ["CoreModule"]),
        .library(name: "CoreModuleTesting", targets: ["CoreModuleTesting"]),
        .library(name: "FeatureA", targets: ["FeatureA"]),
        .library(name: "FeatureB", targets: ["FeatureB"]),
        .executable(name: "demo", targets: ["demo"]),
        .executable(name: "login-flow", targets: ["login-flow"]),
        .executable(name: "child-flows", targets: ["child-flows"]),
        .executable(name: "benchmarks", targets: ["benchmarks"]),
    ],
    targets: [
        // The router. Depends on nothing; every other target builds on it.
        .target(name: "CoreModule"),

        // Test support for apps: a recording renderer and stub screens, for their test targets.
        .target(name: "CoreModuleTesting", dependencies: ["CoreModule"]),

        // Feature modules: each depends on CoreModule only and never on another feature.
        .target(name: "FeatureA", dependencies: ["CoreModule"]),
        .target(name: "FeatureB", dependencies: ["CoreModule"]),

        // The example app: the only target that knows every feature module.
        .target(
            name: "DemoApp",
            dependencies: ["CoreModule", "FeatureA", "FeatureB"],
            path: "Examples/DemoApp"
        ),
        .executableTarget(name: "demo", dependencies: ["DemoApp"], path: "Examples/demo"),

        // Flow examples after the seed articles: a login flow (000) and child flows (002).
        .target(name: "FlowExamples", dependencies: ["CoreModule"], path: "Examples/FlowExamples"),
        .executableTarget(
            name: "login-flow", dependencies: ["FlowExamples"], path: "Examples/login-flow"),
        .executableTarget(
            name: "child-flows", dependencies: ["FlowExamples"], path: "Examples/child-flows"),

        // The benchmark: router figures next to plain standard-library baselines.
        .executableTarget(
            name: "benchmarks", dependencies: ["CoreModule"], path: "Benchmarks/benchmarks"),

        // Fuzz targets (libFuzzer), each only an entry point; scripts/fuzz.sh builds them with
        // --sanitize=fuzzer and -DFUZZING, and libFuzzer supplies `main`. Built normally, each
        // is a small tool that replays input files (see docs/reliability.md).
        .target(name: "FuzzReplay", path: "Fuzz/FuzzReplay"),
        .executableTarget(
            name: "fuzz-links", dependencies: ["CoreModule", "FuzzReplay"],
            path: "Fuzz/fuzz-links"),
        .executableTarget(
            name: "fuzz-navigation", dependencies: ["CoreModule", "FuzzReplay"],
            path: "Fuzz/fuzz-navigation"),

        .testTarget(name: "CoreModuleTests", dependencies: ["CoreModule"]),
        .testTarget(name: "FeatureTests", dependencies: ["CoreModule", "FeatureA", "FeatureB"]),
        .testTarget(name: "DemoTests", dependencies: ["DemoApp"], exclude: ["Fixtures"]),
        .testTarget(
            name: "FlowExampleTests", dependencies: ["FlowExamples"], exclude: ["Fixtures"]),
        .testTarget(name: "LayeringTests"),
        .testTarget(
            name: "RendererTests",
            dependencies: ["CoreModule", "CoreModuleTesting", "FeatureA", "FeatureB"]),
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
