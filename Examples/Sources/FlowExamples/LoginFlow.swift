public import CoreModule

// The login flow of seed 000 ("Swift - Coordinator Pattern"): the app starts on Login, whose three
// buttons push Signup, ForgotPassword, or go Home. Screens never push each other: they tell their
// coordinator, and the coordinator navigates by scene name. Home replaces the login stack, so the
// LoginCoordinator's screens leave the tree and it is finished and released without any
// bookkeeping.

/// A service registered once in the container and resolved by the builders that need it.
public protocol AuthService: Sendable {
    /// The signed-in user's name, or `nil`.
    @MainActor var userName: String? { get }
    /// Signs `name` in.
    @MainActor func signIn(as name: String)
}

/// The example's authentication service: an in-memory session.
@MainActor
public final class InMemoryAuth: AuthService {
    /// The signed-in user's name, or `nil`.
    public private(set) var userName: String?

    /// Creates a signed-out session.
    public init() {}

    /// Signs `name` in.
    ///
    /// - Parameter name: The user's name.
    public func signIn(as name: String) { userName = name }
}

/// What the login screen tells its coordinator (seed 000's `LoginVCNavigationDelegate`).
@MainActor
public protocol LoginNavigationDelegate: AnyObject {
    /// The user signed in.
    func navigateHome()
    /// The user tapped Signup.
    func navigateSignup()
    /// The user tapped Forgot Password.
    func navigateForgotPassword()
}

/// The login screen: three buttons, each reported to the delegate.
@MainActor
public final class LoginScreen {
    /// The coordinator that handles the buttons.
    public weak var delegate: (any LoginNavigationDelegate)?
    private let auth: any AuthService

    init(auth: any AuthService) {
        self.auth = auth
    }

    /// The user typed a name and tapped Login.
    ///
    /// - Parameter name: The user's name.
    public func didTapLogin(as name: String) {
        auth.signIn(as: name)
        delegate?.navigateHome()
    }

    /// The user tapped Signup.
    public func didTapSignup() { delegate?.navigateSignup() }

    /// The user tapped Forgot Password.
    public func didTapForgotPassword() { delegate?.navigateForgotPassword() }
}

/// A screen with nothing to do in this example (Signup, ForgotPassword).
@MainActor
public final class PlainScreen {
    /// The screen's scene.
    public let scene: SceneIdentifier

    init(scene: SceneIdentifier) {
        self.scene = scene
    }
}

/// The home screen, greeting the signed-in user.
@MainActor
public final class HomeScreen {
    /// "Welcome, NAME".
    public let greeting: String

    init(auth: any AuthService) {
        greeting = "Welcome, \(auth.userName ?? "guest")"
    }
}

/// Registers the login flow's scenes and the auth service.
///
/// - Parameter container: The registry to register into.
/// - Throws: What registration throws.
@MainActor
public func registerLoginScenes(in container: DependencyContainer) throws(NavigationError) {
    container.services.register(InMemoryAuth() as any AuthService)
    try container.assemble(contentsOf: [
        SceneBuilder("Login") { context in
            LoginScreen(auth: try context.service((any AuthService).self))
        },
        SceneBuilder("Signup") { _ in PlainScreen(scene: "Signup") },
        SceneBuilder("ForgotPassword") { _ in PlainScreen(scene: "ForgotPassword") },
        SceneBuilder("Home") { context in
            HomeScreen(auth: try context.service((any AuthService).self))
        },
    ])
}

/// Seed 000's LoginCoordinator: starts on Login and turns its buttons into navigation by name.
@MainActor
public final class LoginCoordinator: FlowCoordinator, LoginNavigationDelegate {
    /// Shows the login screen as the window's root.
    public override func start() throws(NavigationError) {
        try navigate(.root(scene: "Login"))
        (coordinator?.tree.visibleScreen?.content as? LoginScreen)?.delegate = self
    }

    /// Home replaces the login stack: the parent starts the home flow.
    public func navigateHome() {
        (parent as? AppFlow)?.loginDidFinish()
    }

    /// Pushes the Signup scene, by name.
    public func navigateSignup() {
        _ = try? navigate(.push(scene: "Signup", animated: true))
    }

    /// Pushes the ForgotPassword scene, by name.
    public func navigateForgotPassword() {
        _ = try? navigate(.push(scene: "ForgotPassword", animated: true))
    }
}

/// The home flow: replaces everything with Home.
@MainActor
public final class HomeCoordinator: FlowCoordinator {
    /// Shows Home as the window's root.
    public override func start() throws(NavigationError) {
        try navigate(.root(scene: "Home", animated: true))
    }
}

/// The app's root flow (seed 000's AppCoordinator): starts with the login flow.
@MainActor
public final class AppFlow: FlowCoordinator {
    /// Called with each child that finished.
    var onChildFinished: ((FlowCoordinator) -> Void)?

    /// Starts the login flow.
    public override func start() throws(NavigationError) {
        // A released app coordinator means the window is gone: there is nothing to show.
        guard let coordinator else { return }
        try startChild(LoginCoordinator(coordinator: coordinator), key: "login")
    }

    /// The login flow is done: start the home flow, which replaces the login screens.
    func loginDidFinish() {
        guard let coordinator else { return }
        _ = try? startChild(HomeCoordinator(coordinator: coordinator), key: "home")
    }

    /// Reports each finished child.
    public override func childDidFinish(_ child: FlowCoordinator, event: TransitionEvent) {
        onChildFinished?(child)
    }
}

/// Runs the login example and writes its transcript.
///
/// - Parameter write: Receives each line.
/// - Returns: `true` when every step ended as expected.
@MainActor
public func runLoginFlowExample(write: @escaping (String) -> Void) -> Bool {
    let container = DependencyContainer()
    do {
        try registerLoginScenes(in: container)
    } catch {
        write("Could not register the scenes: \(error)")
        return false
    }
    let coordinator = AppCoordinator(container: container)
    let transcript = Transcript(coordinator: coordinator, write: write)
    write("Seed 000's login flow, navigated by scene name.")

    let app = AppFlow(coordinator: coordinator)
    weak var login: FlowCoordinator?
    app.onChildFinished = { child in
        transcript.note("\(type(of: child)) finished; its parent let it go.")
    }
    transcript.step("1. The app starts the login flow: LoginCoordinator.start() shows Login.")
    do {
        try coordinator.startFlow(app, key: "app")
    } catch {
        write("Could not start: \(error)")
        return false
    }
    login = app.children["login"] as? FlowCoordinator
    transcript.tree(coordinator)

    func loginScreen() -> LoginScreen? { coordinator.tree.visibleScreen?.content as? LoginScreen }

    transcript.step("2. Signup is tapped: the coordinator pushes \"Signup\".")
    loginScreen()?.didTapSignup()
    transcript.tree(coordinator)

    transcript.step("3. The user swipes back; the renderer reports it.")
    if let screens = coordinator.tree.topStack.map(Array.init), screens.count > 1 {
        _ = try? coordinator.report(.poppedBackByUser(to: screens[screens.count - 2].id))
    }
    transcript.tree(coordinator)

    transcript.step(
        "4. Forgot Password is tapped: the coordinator pushes \"ForgotPassword\"; then the app pops"
            + " back to Login.")
    loginScreen()?.didTapForgotPassword()
    _ = try? coordinator.navigate(.pop(animated: true))
    transcript.tree(coordinator)

    transcript.step("5. Ann signs in: the home flow replaces the login stack.")
    loginScreen()?.didTapLogin(as: "Ann")
    transcript.tree(coordinator)
    let home = coordinator.tree.visibleScreen?.content as? HomeScreen
    transcript.note("Home says: \(home?.greeting ?? "nothing")")
    transcript.note("LoginCoordinator released: \(login == nil)")
    transcript.note("Running flows: \(app.children.keys.sorted().joined(separator: ", "))")

    return login == nil && home?.greeting == "Welcome, Ann"
        && coordinator.tree.scenes == [["Home"]]
}
