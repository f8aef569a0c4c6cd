public import CoreModule

// The child coordinators of seed 002: First shows FirstViewController; "next" starts a child
// SecondCoordinator, which handles both Second and Third; Third's "back to first" asks the parent
// to pop to root, which drops the child. Here the child is finished and released because its
// screens left the tree — also when the user swipes back, which the seed could only handle with
// a custom Back button.

/// A screen with buttons the example taps.
@MainActor
public final class PageScreen {
    /// The screen's scene.
    public let scene: SceneIdentifier

    init(scene: SceneIdentifier) {
        self.scene = scene
    }
}

/// Registers First, Second and Third.
///
/// - Parameter container: The registry to register into.
/// - Throws: What registration throws.
public func registerPageScenes(in container: DependencyContainer) throws(NavigationError) {
    try container.assemble(
        contentsOf: ["First", "Second", "Third"].map { name in
            SceneBuilder(SceneIdentifier(name)) { context in PageScreen(scene: context.scene) }
        })
}

/// Seed 002's FirstCoordinator: owns First, starts a SecondCoordinator child on demand.
@MainActor
public final class FirstCoordinator: FlowCoordinator {
    /// Called with each line the parent has to say.
    var log: (String) -> Void = { _ in }

    /// Shows First as the window's root.
    public override func start() throws(NavigationError) {
        try navigate(.root(scene: "First"))
    }

    /// "Next" on First: start the child flow that shows Second.
    public func showSecond() throws(NavigationError) {
        // A released app coordinator means the window is gone: there is nothing to show.
        guard let coordinator else { return }
        let child = SecondCoordinator(coordinator: coordinator)
        child.parentCoordinator = self
        try startChild(child, key: "second")
    }

    /// Seed 002's `navigateBackToFirstPage`: pop to root; the child's screens leave, so it ends.
    public func navigateBackToFirstPage() throws(NavigationError) {
        try navigate(.popToRoot(animated: true))
    }

    /// The child finished: seed 002 removed it by hand here; now it is already on its way out.
    public override func childDidFinish(_ child: FlowCoordinator, event: TransitionEvent) {
        let cause = event.isUserInitiated ? "the user's \(event.kind)" : "a \(event.kind)"
        log("\(type(of: child)) finished after \(cause); FirstCoordinator let it go.")
    }
}

/// Seed 002's SecondCoordinator: handles Second and Third.
@MainActor
public final class SecondCoordinator: FlowCoordinator {
    /// The parent, for "back to first" (seed 002's delegate).
    weak var parentCoordinator: FirstCoordinator?

    /// Pushes Second.
    public override func start() throws(NavigationError) {
        try navigate(.push(scene: "Second", animated: true))
    }

    /// "Next" on Second: push Third.
    public func showThird() throws(NavigationError) {
        try navigate(.push(scene: "Third", animated: true))
    }

    /// "Back to first" on Third: ask the parent.
    public func backToFirst() throws(NavigationError) {
        try parentCoordinator?.navigateBackToFirstPage()
    }
}

/// Runs the child-flows example and writes its transcript.
///
/// - Parameter write: Receives each line.
/// - Returns: `true` when every step ended as expected.
@MainActor
public func runChildFlowsExample(write: @escaping (String) -> Void) -> Bool {
    let container = DependencyContainer()
    let coordinator = AppCoordinator(container: container)
    let first = FirstCoordinator(coordinator: coordinator)
    let transcript = Transcript(coordinator: coordinator, write: write)
    first.log = { transcript.note($0) }
    write("Seed 002's child coordinators: First, then a child flow for Second and Third.")

    weak var child: FlowCoordinator?
    var released: [Bool] = []
    do {
        try registerPageScenes(in: container)

        transcript.step("1. FirstCoordinator starts: First is the root.")
        try coordinator.startFlow(first, key: "first")
        transcript.tree(coordinator)

        transcript.step("2. Next on First: a child SecondCoordinator pushes Second, then Third.")
        try first.showSecond()
        child = first.children["second"] as? FlowCoordinator
        try (child as? SecondCoordinator)?.showThird()
        transcript.tree(coordinator)
        transcript.note(
            "Running child flows: \(first.children.keys.sorted().joined(separator: ", "))")

        transcript.step("3. Back to first on Third: the parent pops to root.")
        try (child as? SecondCoordinator)?.backToFirst()
        transcript.tree(coordinator)
        released.append(child == nil)
        transcript.note("SecondCoordinator released: \(child == nil)")

        transcript.step("4. Next again, then the user swipes back from Second.")
        try first.showSecond()
        child = first.children["second"] as? FlowCoordinator
        // The platform reports the screen the user went back to: the one below Second.
        let screens = coordinator.tree.topStack.map(Array.init) ?? []
        let backTo = screens.count > 1 ? screens[screens.count - 2].id : ScreenID(0)
        try coordinator.report(.poppedBackByUser(to: backTo))
        transcript.tree(coordinator)
        released.append(child == nil)
        transcript.note("SecondCoordinator released: \(child == nil)")

        transcript.step(
            "5. The same report again (a duplicate) changes nothing: the tree shows it.")
        if try coordinator.report(.poppedBackByUser(to: backTo)) == nil {
            transcript.note("(nothing to follow: the tree is unchanged)")
        }
        transcript.tree(coordinator)
    } catch {
        write("Unexpected error: \(error)")
        return false
    }
    return released == [true, true] && coordinator.tree.scenes == [["First"]]
        && first.children.isEmpty
}

extension ScreenTree {
    /// The visible screen's identity, or `#0` for an empty window (which no screen has).
    fileprivate var lastScreenID: ScreenID { visibleScreen?.id ?? ScreenID(0) }
}
