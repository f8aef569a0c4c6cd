// swift-tools-version: 6.2
// The scene-registry router: navigate a modular app by scene name, over a headless screen tree.
// Zero package dependencies, by design: the standard library, Foundation and the test libraries.
//
// This package is the library and nothing else: SwiftPM needs every target name to be unique
// across an app's whole package graph, so an app with its own `FeatureA` or `demo` must be able
// to depend on it. The example app (FeatureA, FeatureB, the demo), the benchmark and the fuzz
// targets are packages of their own under Examples/, Benchmarks/ and Fuzz/, depending on this
// one by path.

import PackageDescription

/// The UIKit stand-in, where there is no UIKit.
let standIn: Target.Dependency = .target(
    name: "SceneRouterUIKitStandIn", condition: .when(platforms: [.linux]))

let package = Package(
    name: "SceneRouter",
    // Where the library's users ship; the SwiftUI host (SceneRouterSwiftUI) needs iOS 17 or
    // macOS 14 and says so with @available. Linux needs no entry: it has no minimum.
    platforms: [.iOS(.v16), .macCatalyst(.v16), .macOS(.v13)],
    products: [
        .library(name: "CoreModule", targets: ["CoreModule"]),
        .library(name: "CoreModuleTesting", targets: ["CoreModuleTesting"]),
        // The UIKit adapter; on Linux it builds against the stand-in, which tests drive.
        .library(name: "SceneRouterUIKit", targets: ["SceneRouterUIKit"]),
        .library(name: "SceneRouterUIKitStandIn", targets: ["SceneRouterUIKitStandIn"]),
        // The SwiftUI host (iOS 17, macOS 14); empty where SwiftUI does not exist.
        .library(name: "SceneRouterSwiftUI", targets: ["SceneRouterSwiftUI"]),
    ],
    targets: [
        // The router. Depends on nothing.
        .target(name: "CoreModule"),

        // Test support for apps: a recording renderer, stub screens, a manual clock and held
        // links' hooks, for their test targets (and for a demo's scripts, as the example app's).
        .target(name: "CoreModuleTesting", dependencies: ["CoreModule"]),

        // The UIKit adapter: one source, built against UIKit on Apple platforms and against the
        // stand-in on Linux, so that CI builds and exercises it.
        .target(name: "SceneRouterUIKit", dependencies: ["CoreModule", standIn]),
        // The subset of UIKit the adapter uses, with UIKit's presentation rules, and test hooks
        // (animations, gestures). Linux only: apps on Apple platforms have UIKit itself.
        .target(name: "SceneRouterUIKitStandIn"),

        // The SwiftUI host: the projection's state as SwiftUI's containers and presentations.
        // Every rule it follows is CoreModule's projection's, tested on Linux; the Apple check
        // type-checks the host itself against the real SwiftUI.
        .target(name: "SceneRouterSwiftUI", dependencies: ["CoreModule"]),

        // The model-based tests reuse their generator for the adapter's property test.
        .testTarget(
            name: "CoreModuleTests",
            dependencies: ["CoreModule", "CoreModuleTesting", "SceneRouterUIKit", standIn]),
        .testTarget(name: "RendererTests", dependencies: ["CoreModule", "CoreModuleTesting"]),
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
