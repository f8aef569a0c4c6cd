// The smallest SwiftUI app on SceneRouter, on the library's API alone: three screens that give
// their own views, the host, a link from onOpenURL, and each window's navigation saved and
// restored. docs/integrating-swiftui.md quotes this file; the Apple check compiles it.

#if os(iOS)
    import CoreModule
    import Foundation
    import SceneRouterSwiftUI
    import SwiftUI

    /// "Home": a list of products; a row pushes "Product" by name.
    @MainActor final class HomeScreen: SwiftUIScreen {
        let context: SceneContext
        init(context: SceneContext) { self.context = context }

        var body: some View {
            List(["1", "2", "3"], id: \.self) { [context] id in
                Button("Product \(id)") {
                    // A refusal is an error the coordinator's observers see; the screen stays.
                    _ = try? context.navigate(.push(scene: "Product", parameters: ["id": id]))
                }
            }
            .navigationTitle("Home")
        }
    }

    /// "Product": one product, from the `id` parameter; it presents "Settings" in a sheet.
    @MainActor final class ProductScreen: SwiftUIScreen {
        let context: SceneContext
        init(context: SceneContext) { self.context = context }

        var body: some View {
            Button("Settings") { [context] in
                _ = try? context.navigate(
                    .present(scene: "Settings", style: .sheet(detents: [.medium, .large])))
            }
            .navigationTitle("Product \(context.parameters["id"] ?? "")")
        }
    }

    /// "Settings": a sheet the user swipes down, or closes with Done.
    @MainActor final class SettingsScreen: SwiftUIScreen {
        let context: SceneContext
        init(context: SceneContext) { self.context = context }

        var body: some View {
            Button("Done") { [context] in _ = try? context.navigate(.dismiss()) }
                .navigationTitle("Settings")
        }
    }

    /// One window's navigation: every scene registered, the app's links, and the tree, restored
    /// from what the window saved, else Home.
    @MainActor final class MinimalNavigation {
        let coordinator: AppCoordinator
        let links: LinkTable

        init(restoring savedState: Data?) throws(NavigationError) {
            let container = DependencyContainer()
            try container.assemble(contentsOf: [
                SceneBuilder("Home", destinations: ["Product"]) { HomeScreen(context: $0) },
                SceneBuilder("Product", destinations: ["Settings"]) { ProductScreen(context: $0) },
                SceneBuilder("Settings") { SettingsScreen(context: $0) },
            ])
            // minimalswiftui://product/2 opens Home › Product 2 (a scheme the Info.plist declares).
            links = try LinkTable(
                accepting: [.scheme("minimalswiftui")],
                routes: [
                    LinkRoute("home", scene: "Home", reachableFromOutside: true),
                    LinkRoute(
                        "product/:id", scene: "Product", parent: "home",
                        reachableFromOutside: true),
                ])
            coordinator = AppCoordinator(container: container)
            if let savedState {  // a snapshot that no longer restores leaves the window empty
                _ = try? coordinator.restore(TreeSnapshot.decode(savedState))
            }
            if coordinator.tree.isEmpty { try coordinator.navigate(.root(scene: "Home")) }
        }
    }

    @main
    struct MinimalApp: App {
        var body: some Scene {
            WindowGroup { MinimalWindow() }
        }
    }

    /// One window: the host shows its tree; SceneStorage keeps its snapshot.
    @MainActor struct MinimalWindow: View {
        @SceneStorage("navigation") private var savedState: Data?
        @Environment(\.scenePhase) private var scenePhase
        @State private var navigation: MinimalNavigation?
        @State private var failure: NavigationError?  // a registration error: a bug

        var body: some View {
            Group {
                if let navigation {
                    NavigationHost(navigation.coordinator)
                } else {
                    Text(failure.map { String(describing: $0) } ?? "")
                }
            }
            .onAppear(perform: start)
            .onOpenURL { url in
                start()
                guard let navigation else { return }
                _ = try? navigation.coordinator.open(
                    .universal(url.absoluteString, in: navigation.links))
            }
            .onChange(of: scenePhase) { _, phase in
                guard phase != .active, let snapshot = try? navigation?.coordinator.snapshot()
                else { return }
                savedState = try? JSONEncoder().encode(snapshot)
            }
        }

        /// Makes the window's navigation, once.
        private func start() {
            guard navigation == nil, failure == nil else { return }
            do throws(NavigationError) {
                navigation = try MinimalNavigation(restoring: savedState)
            } catch {
                failure = error
            }
        }
    }
#endif
