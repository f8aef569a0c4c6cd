/// The app's windows: one ``AppCoordinator`` per window scene, all over one registry of scenes.
///
/// On iPad and Mac, an app shows several windows at once, each with its own navigation. Make one
/// registry at launch, open a window when the platform connects a scene, close it when the
/// platform discards the scene, and tell the registry which window the user is in:
///
/// ```swift
/// let windows = WindowRegistry(container: container) { coordinator in
///     coordinator.addGuard(signedIn)
/// }
/// // scene(_:willConnectTo:options:)
/// let coordinator = try windows.openWindow(WindowID(session.persistentIdentifier))
/// // sceneDidBecomeActive(_:)
/// try windows.activate(WindowID(scene.session.persistentIdentifier))
/// // application(_:didDiscardSceneSessions:)
/// try windows.closeWindow(WindowID(session.persistentIdentifier))
/// ```
///
/// Each window's coordinator has its own tree, guards, pending navigation, held link, flows and
/// history; making one costs a few small objects, and closing one releases them. A link goes
/// to the window ``linkTarget`` picks (the active one by default), to a window named in the
/// call, or to a new window. Each window is saved and restored on its own: its
/// ``AppCoordinator/snapshot()``, or a ``WindowActivity`` for UIKit's
/// `stateRestorationActivity(for:)`.
@MainActor
public final class WindowRegistry {
    /// The registry every window builds screens from.
    package let container: any SceneBuilderContainer

    /// The services every window's builders and flows resolve.
    package let services: ServiceRegistry

    /// The payload types every window's snapshots may keep.
    package let payloadTypes: PayloadTypes

    /// The app's policy: where a link goes when it names no window.
    ///
    /// ``open(_:in:force:)`` asks it for a link given no target. By default, the active window.
    ///
    /// ```swift
    /// // Orders open in a window of their own.
    /// windows.linkTarget = { link in
    ///     link.text.contains("/orders/") ? .newWindow(WindowID(UUID().uuidString)) : .active
    /// }
    /// ```
    public var linkTarget: @MainActor (AppLink) -> WindowRegistry.Target = { _ in .active }

    /// The open windows, in the order they were opened.
    public private(set) var windows: [WindowID] = []

    /// The window the user used last: the last one opened or activated that is still open, or
    /// `nil` when none is open.
    public var activeWindow: WindowID? { activations.last }

    /// The open windows' coordinators.
    private var coordinators: [WindowID: AppCoordinator] = [:]
    /// The windows being opened: `prepare` or a restoration is running for them.
    private var opening: Set<WindowID> = []
    /// The open windows, the most recently active last.
    private var activations: [WindowID] = []
    /// How long each window's asynchronous guards may take to answer, and the clock measuring it.
    private let guardTimeLimit: Duration
    private let guardClock: any Clock<Duration>
    /// Prepares each new window's coordinator.
    private let prepare: @MainActor (AppCoordinator) -> Void

    /// Creates a registry with no window open.
    ///
    /// - Parameters:
    ///   - container: The registry of scenes every window builds from.
    ///   - services: The services for builders and flows; by default the container's own when
    ///     it is a ``DependencyContainer``.
    ///   - payloadTypes: The payload types snapshots may keep; by default the container's own
    ///     when it is a ``DependencyContainer``.
    ///   - guardTimeLimit: How long each window's asynchronous guards may take to answer (see
    ///     ``AppCoordinator/init(container:services:payloadTypes:guardTimeLimit:guardClock:)``).
    ///   - guardClock: The clock that measures `guardTimeLimit`; a `ContinuousClock` by default.
    ///   - prepare: Called with each new window's coordinator before anything navigates it:
    ///     add guards, set ``AppCoordinator/tabHosts``. It also runs for a window whose opening
    ///     then fails (a restoration or a new window's link), so it should not keep the
    ///     coordinator: attach renderers where the window's UI is made.
    public init(
        container: any SceneBuilderContainer, services: ServiceRegistry? = nil,
        payloadTypes: PayloadTypes? = nil, guardTimeLimit: Duration = .seconds(10),
        guardClock: any Clock<Duration> = ContinuousClock(),
        prepare: @escaping @MainActor (AppCoordinator) -> Void = { _ in }
    ) {
        self.container = container
        self.services = container.services(or: services)
        self.payloadTypes = container.payloadTypes(or: payloadTypes)
        self.guardTimeLimit = guardTimeLimit
        self.guardClock = guardClock
        self.prepare = prepare
    }

    // MARK: Windows

    /// Opens the window `id`, which becomes the active one, and returns its coordinator.
    ///
    /// With a snapshot (the window's own, saved when the platform asked), the window's tree is
    /// restored from it as ``AppCoordinator/restore(_:force:)`` restores; if that fails, the
    /// window is not opened, and the coordinator `prepare` was given is closed (it refuses every
    /// navigation with ``NavigationError/WindowFailure/windowClosed(_:)``), as is that of a new window whose
    /// link fails.
    ///
    /// - Parameters:
    ///   - id: The window's identity.
    ///   - snapshot: The window's saved tree, if there is one.
    /// - Returns: The window's coordinator, empty or restored.
    /// - Throws: ``NavigationError/Input/invalidWindowID(_:)`` for an empty or over-long identity,
    ///   ``NavigationError/WindowFailure/windowAlreadyOpen(_:)`` when the window is open, or what restoring
    ///   throws; then nothing changed.
    @discardableResult
    public func openWindow(_ id: WindowID, restoring snapshot: TreeSnapshot? = nil)
        throws(NavigationError) -> AppCoordinator
    {
        guard id.isValid else { throw .input(.invalidWindowID(id)) }
        guard coordinators[id] == nil, !opening.contains(id) else {
            throw .window(.windowAlreadyOpen(id))
        }
        // Reserved while app code runs (`prepare`, the builders of a restoration).
        opening.insert(id)
        defer { opening.remove(id) }
        let coordinator = AppCoordinator(
            container: container, services: services, payloadTypes: payloadTypes,
            guardTimeLimit: guardTimeLimit, guardClock: guardClock)
        coordinator.navigator.window = id
        prepare(coordinator)
        if let snapshot {
            do throws(NavigationError) {
                try coordinator.restore(snapshot)
            } catch {
                _ = coordinator.navigator.close()
                throw error
            }
        }
        coordinators[id] = coordinator
        windows.append(id)
        activations.append(id)
        return coordinator
    }

    /// The coordinator of the open window `id`.
    ///
    /// - Parameter id: The window's identity.
    /// - Returns: Its coordinator.
    /// - Throws: ``NavigationError/WindowFailure/unknownWindow(_:open:)`` when no such window is open.
    public func coordinator(for id: WindowID) throws(NavigationError) -> AppCoordinator {
        guard let coordinator = coordinators[id] else {
            throw .window(.unknownWindow(id, open: windows))
        }
        return coordinator
    }

    /// Records that the user is in the window `id` (the scene became active, or its window key).
    ///
    /// - Parameter id: The window's identity.
    /// - Throws: ``NavigationError/WindowFailure/unknownWindow(_:open:)`` when no such window is open.
    public func activate(_ id: WindowID) throws(NavigationError) {
        guard coordinators[id] != nil else { throw .window(.unknownWindow(id, open: windows)) }
        if activations.last == id { return }
        activations.removeAll { $0 == id }
        activations.append(id)
    }

    /// Closes the window `id` and releases its navigation, as the platform discards the scene.
    ///
    /// Its pending navigation is cancelled (its caller gets
    /// ``NavigationError/GuardFailure/navigationCancelled(_:by:)``), its held link dropped and returned, and
    /// its screens let go: each screen's result handler hears ``ScreenResult/cancelled``, and its
    /// flows are finished and released (``FlowCoordinator/isFinished`` is `true`; their finishing
    /// hooks do not run, since no navigation removed their screens).
    /// Anything that still holds the coordinator finds it closed: every navigation fails with
    /// ``NavigationError/WindowFailure/windowClosed(_:)``. The window used before it becomes the active one.
    ///
    /// - Parameter id: The window's identity.
    /// - Returns: The link the window was holding, if any, for the app to open elsewhere.
    /// - Throws: ``NavigationError/WindowFailure/unknownWindow(_:open:)`` when no such window is open, or
    ///   ``NavigationError/WindowFailure/windowBusy(_:during:)`` when called from a builder, guard or veto of
    ///   that window's navigation (close it once the navigation is done).
    @discardableResult
    public func closeWindow(_ id: WindowID) throws(NavigationError) -> HeldLink? {
        guard let coordinator = coordinators[id] else {
            throw .window(.unknownWindow(id, open: windows))
        }
        if let applying = coordinator.navigator.runner.applying {
            throw .window(.windowBusy(id, during: applying))
        }
        return close(id, coordinator)
    }

    /// Closes the open window `id`, whose coordinator is `coordinator`.
    private func close(_ id: WindowID, _ coordinator: AppCoordinator) -> HeldLink? {
        coordinators[id] = nil
        windows.removeAll { $0 == id }
        activations.removeAll { $0 == id }
        return coordinator.navigator.close()
    }

    // MARK: Links

    /// Opens `link` in the window `target` names (or ``linkTarget`` picks), which becomes the
    /// active one.
    ///
    /// A link from outside that should wait until the window is ready (at a cold start) or for
    /// its asynchronous guards goes to that window's own
    /// ``AppCoordinator/openWhenAllowed(_:force:)``: `try windows.coordinator(for: id)`, or the
    /// coordinator ``openWindow(_:restoring:)`` returned, then `openWhenAllowed(link)`.
    ///
    /// A ``WindowRegistry/Target/newWindow(_:)`` target opens that window first; if the link then fails,
    /// the window is closed again, so that nothing changed, and if it leaves the window empty
    /// (an action route), the window is closed again too. Once the link has opened, nothing
    /// throws: an observer that closed the window meanwhile leaves it closed.
    ///
    /// - Parameters:
    ///   - link: The link to open.
    ///   - target: Where to open it; `nil` asks ``linkTarget``.
    ///   - force: Whether to remove screens that veto leaving.
    /// - Returns: The window that opened it, and what ``AppCoordinator/open(_:force:)`` returned.
    /// - Throws: ``NavigationError/WindowFailure/unknownWindow(_:open:)``,
    ///   ``NavigationError/WindowFailure/noActiveWindow``, what ``openWindow(_:restoring:)`` throws for a new
    ///   window, or what ``AppCoordinator/open(_:force:)`` throws; then nothing changed.
    @discardableResult
    public func open(_ link: AppLink, in target: WindowRegistry.Target? = nil, force: Bool = false)
        throws(NavigationError) -> (window: WindowID, event: NavigationEvent?)
    {
        let (id, coordinator, isNew) = try window(for: target ?? linkTarget(link))
        let active = activeWindow
        do throws(NavigationError) {
            let event = try coordinator.open(link, force: force)
            settle(id, coordinator, isNew: isNew, activeBefore: active)
            return (id, event)
        } catch {
            if isNew, coordinators[id] === coordinator { _ = close(id, coordinator) }
            throw error
        }
    }

    /// After a link opened in the window `id`: the window becomes the active one, unless it
    /// closed meanwhile or an observer activated another window meanwhile; a new window
    /// the link left empty (an action route) is closed again.
    private func settle(
        _ id: WindowID, _ coordinator: AppCoordinator, isNew: Bool, activeBefore: WindowID?
    ) {
        guard coordinators[id] === coordinator else { return }
        if isNew, coordinator.tree.isEmpty {
            _ = close(id, coordinator)
            return
        }
        guard activeWindow == activeBefore || activeWindow == id else { return }
        activations.removeAll { $0 == id }
        activations.append(id)
    }

    // MARK: Restoration

    /// The window `id`'s tree as a ``WindowActivity``, for UIKit's
    /// `stateRestorationActivity(for:)`.
    ///
    /// - Parameters:
    ///   - id: The window's identity.
    ///   - activityType: The activity type the app declares in its `Info.plist`
    ///     (`NSUserActivityTypes`).
    /// - Returns: The activity, holding the window's identity and snapshot.
    /// - Throws: ``NavigationError/WindowFailure/unknownWindow(_:open:)``, or what
    ///   ``AppCoordinator/snapshot()`` throws.
    public func restorationActivity(for id: WindowID, activityType: String)
        throws(NavigationError) -> WindowActivity
    {
        let snapshot = try coordinator(for: id).snapshot()
        return try WindowActivity(activityType: activityType, window: id, snapshot: snapshot)
    }

    /// The window a target names, opening a new one when it asks; whether it is new.
    private func window(for target: WindowRegistry.Target) throws(NavigationError) -> (
        WindowID, AppCoordinator, Bool
    ) {
        switch target {
        case .window(let id):
            return (id, try coordinator(for: id), false)
        case .active:
            guard let id = activeWindow else { throw .window(.noActiveWindow) }
            return (id, try coordinator(for: id), false)
        case .newWindow(let id):
            return (id, try openWindow(id), true)
        }
    }
}
