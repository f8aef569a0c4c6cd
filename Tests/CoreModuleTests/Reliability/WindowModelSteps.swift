@_spi(Rules) import CoreModule
import Foundation

// Each window operation, applied to the registry and checked against ``WindowModel``: the exact
// error of a failure, which changed nothing and reported no transition; the tree, event and
// errors of the window it is about (through ``ModelBasedTests/verify``, the single-window
// model's own check); the model moved on when it applied.

extension WindowHarness {
    /// The window whose coordinator may report the operation; every other stays silent.
    func subject(of operation: WindowOperation) -> WindowID? {
        switch operation {
        case .open(let id, _), .close(let id), .navigate(let id, _), .markReady(let id),
            .navigateClosed(let id, _), .openWhenAllowedClosed(let id, _):
            return id
        case .openLink(_, let target, _), .openWhenAllowed(_, let target, _):
            return try? model.resolve(target ?? model.policy).get().id
        case .activate, .lookUp, .save, .setPolicy:
            return nil
        }
    }

    func perform(_ operation: WindowOperation) async -> WindowOutcome {
        switch operation {
        case .open(let id, let restoration):
            return open(id, restoration)
        case .close(let id):
            return close(id)
        case .activate(let id):
            guard model.states[id] != nil else {
                return expectFailure(.window(.unknownWindow(id, open: model.windows))) {
                    () throws(NavigationError) in
                    try registry.activate(id)
                }
            }
            do throws(NavigationError) {
                try registry.activate(id)
            } catch {
                return .mismatch("activate threw \(error)")
            }
            model.activate(id)
            return .applied()
        case .lookUp(let id):
            guard let world = worlds[id] else {
                return expectFailure(.window(.unknownWindow(id, open: model.windows))) {
                    () throws(NavigationError) in
                    try registry.coordinator(for: id)
                }
            }
            guard (try? registry.coordinator(for: id)) === world.coordinator else {
                return .mismatch("coordinator(for:) is not the window's")
            }
            return .applied()
        case .navigate(let id, let operation):
            return navigate(id, operation)
        case .openLink(let link, let target, let force):
            return openLink(link, in: target, force: force)
        case .openWhenAllowed(let link, let target, let force):
            return await openWhenAllowed(link, in: target, force: force)
        case .markReady(let id):
            return await markReady(id)
        case .save(let id):
            return save(id)
        case .navigateClosed(let id, let operation):
            guard let world = closed[id] else { return .mismatch("no closed \(id) was kept") }
            // Whatever it is asked, it refuses, and says so to its observers.
            var nothing = ReferenceModel()
            if let mismatch = ModelBasedTests.verify(
                operation, outcome: .failed(.window(.windowClosed(id))),
                result: operation.apply(to: world),
                before: ScreenTree(), world: world, model: &nothing)
            {
                return .mismatch(mismatch)
            }
            return .failed(.window(.windowClosed(id)))
        case .openWhenAllowedClosed(let id, let link):
            guard let world = closed[id] else { return .mismatch("no closed \(id) was kept") }
            let appLink = AppLink.deepLink(link.text, format: ModelWorld.format)
            do throws(NavigationError) {
                let delivery = try await world.coordinator.openWhenAllowed(appLink)
                return .mismatch("a closed window's coordinator delivered \(delivery)")
            } catch {
                let expected = NavigationError.window(.windowClosed(id))
                guard error == expected,
                    world.events == [
                        .failure(
                            NavigationEvent.Failure(operation: .open(appLink), error: expected))
                    ]
                else {
                    return .mismatch("threw \(error), reported \(world.events)")
                }
                return .failed(error)
            }
        case .setPolicy(let target):
            registry.linkTarget = { _ in target }
            model.policy = target
            return .applied()
        }
    }

    /// A registry call the model says throws `expected`, changing nothing.
    func expectFailure<Value>(
        _ expected: NavigationError, _ body: () throws(NavigationError) -> Value
    ) -> WindowOutcome {
        do throws(NavigationError) {
            let value = try body()
            return .mismatch("returned \(value), expected \(expected)")
        } catch {
            guard error == expected else {
                return .mismatch("threw \(error), expected \(expected)")
            }
            guard preparation.world == nil else {
                return .mismatch("a window was prepared, but \(expected) opens none")
            }
            return .failed(error)
        }
    }

    // MARK: Windows

    func open(_ id: WindowID, _ restoration: WindowRestoration) -> WindowOutcome {
        var snapshot: TreeSnapshot?
        switch restoration {
        case .none:
            break
        case .snapshot(let drawn):
            snapshot = drawn
        case .activity(let activity):
            do throws(NavigationError) {
                snapshot = try activity.snapshot()
            } catch {
                let expected = NavigationError.snapshot(
                    .unreadable(reason: "the activity holds no snapshot"))
                guard activity.userInfo[WindowActivity.snapshotKey] == nil, error == expected else {
                    return .mismatch("reading the activity threw \(error)")
                }
                return .failed(error)
            }
        }
        if !WindowModel.isValid(id) || model.states[id] != nil {
            let expected: NavigationError =
                WindowModel.isValid(id)
                ? .window(.windowAlreadyOpen(id)) : .input(.invalidWindowID(id))
            return expectFailure(expected) { () throws(NavigationError) in
                try registry.openWindow(id, restoring: snapshot)
            }
        }
        let result: Result<AppCoordinator, NavigationError>
        do throws(NavigationError) {
            result = .success(try registry.openWindow(id, restoring: snapshot))
        } catch {
            result = .failure(error)
        }
        guard let world = preparation.world, world.coordinator.window == id else {
            return .mismatch("the new window's coordinator was not prepared for \(id)")
        }
        // The restore runs on the prepared coordinator, its observers watching.
        var window = WindowModel.Window()
        let restore = ModelOperation.restore(snapshot ?? TreeSnapshot(root: []), force: false)
        let outcome = snapshot == nil ? .silent(window.model) : restore.predict(window.model)
        let seen = result.map { _ in world.events.first?.transition }
        if let mismatch = ModelBasedTests.verify(
            restore, outcome: outcome, result: seen, before: ScreenTree(), world: world,
            model: &window.model)
        {
            return .mismatch(mismatch)
        }
        switch result {
        case .success(let coordinator):
            guard coordinator === world.coordinator else {
                return .mismatch("openWindow returned another coordinator than it prepared")
            }
            model.opened(id, window)
            worlds[id] = world
            var notes: [String] = []
            if case .activity = restoration, !window.model.tree.isEmpty {
                notes.append(WindowStatistics.reopened)
            }
            return .applied(notes: notes)
        case .failure(let error):
            // Not opened: its coordinator is closed, and whoever `prepare` gave it to finds so.
            closed[id] = world
            return .failed(error)
        }
    }

    func close(_ id: WindowID) -> WindowOutcome {
        guard let window = model.states[id], let world = worlds[id] else {
            return expectFailure(.window(.unknownWindow(id, open: model.windows))) {
                () throws(NavigationError) in
                try registry.closeWindow(id)
            }
        }
        let held: HeldLink?
        do throws(NavigationError) {
            held = try registry.closeWindow(id)
        } catch {
            return .mismatch("closeWindow threw \(error)")
        }
        guard held == window.heldLink else {
            return .mismatch(
                "closing returned \(String(describing: held)), expected "
                    + String(describing: window.heldLink))
        }
        guard world.events.isEmpty, world.coordinator.tree.isEmpty,
            world.coordinator.pendingNavigation == nil
        else {
            return .mismatch("closing reported \(world.events) or left a tree or a navigation")
        }
        model.closed(id)
        worlds[id] = nil
        closed[id] = world
        return .applied()
    }

    func navigate(_ id: WindowID, _ operation: ModelOperation) -> WindowOutcome {
        guard var window = model.states[id], let world = worlds[id] else {
            return .mismatch("navigating a window that is not open")
        }
        let outcome = operation.predict(window.model)
        let before = world.coordinator.tree
        let result = operation.apply(to: world)
        window.dropHeldLink(openedBy: operation)
        if let mismatch = ModelBasedTests.verify(
            operation, outcome: outcome, result: result, before: before, world: world,
            model: &window.model)
        {
            return .mismatch(mismatch)
        }
        model.states[id] = window
        if case .failure(let error) = result { return .failed(error) }
        return .applied()
    }

    func save(_ id: WindowID) -> WindowOutcome {
        let type = WindowGenerator.activityType
        guard let window = model.states[id], let world = worlds[id] else {
            return expectFailure(.window(.unknownWindow(id, open: model.windows))) {
                () throws(NavigationError) in
                try registry.restorationActivity(for: id, activityType: type)
            }
        }
        let result: Result<WindowActivity, NavigationError>
        do throws(NavigationError) {
            result = .success(try registry.restorationActivity(for: id, activityType: type))
        } catch {
            result = .failure(error)
        }
        guard world.events.isEmpty else { return .mismatch("saving reported \(world.events)") }
        switch (window.model.savedSnapshot(), result) {
        case (.failure(let expected), .failure(let error)):
            guard error == expected else {
                return .mismatch("threw \(error), expected \(expected)")
            }
            return .failed(error)
        case (.success(let snapshot), .success(let activity)):
            guard activity.activityType == type, activity.window == id else {
                return .mismatch("the activity is \(activity)")
            }
            // What the platform gives back: a `userInfo` of any values.
            var userInfo: [AnyHashable: Any] = ["launches": 3]
            for (key, value) in activity.userInfo { userInfo[key] = value }
            let given = WindowActivity(activityType: activity.activityType, userInfo: userInfo)
            guard given == activity else { return .mismatch("the activity read back differs") }
            let read = try? given.snapshot()
            guard read == snapshot else {
                return .mismatch(
                    "the activity holds \(String(describing: read)), expected \(snapshot)")
            }
            activities.append(given)
            if activities.count > 6 { activities.removeFirst() }
            return .applied()
        default:
            return .mismatch(
                "saving gave \(result), expected \(window.model.savedSnapshot())")
        }
    }

    // MARK: Links

    func openLink(_ link: ModelLink, in target: WindowRegistry.Target?, force: Bool)
        -> WindowOutcome
    {
        let appLink = AppLink.deepLink(link.text, format: ModelWorld.format)
        let resolved: (id: WindowID, window: WindowModel.Window, isNew: Bool)
        switch model.resolve(target ?? model.policy) {
        case .failure(let expected):
            return expectFailure(expected) { () throws(NavigationError) in
                try registry.open(appLink, in: target, force: force)
            }
        case .success(let found): resolved = found
        }
        let (id, isNew) = (resolved.id, resolved.isNew)
        var window = resolved.window
        let before = worlds[id]?.coordinator.tree ?? ScreenTree()
        let result: Result<(window: WindowID, event: NavigationEvent?), NavigationError>
        do throws(NavigationError) {
            result = .success(try registry.open(appLink, in: target, force: force))
        } catch {
            result = .failure(error)
        }
        guard let world = isNew ? preparation.world : worlds[id] else {
            return .mismatch("the new window \(id) was not prepared")
        }
        if case .success(let opened) = result, opened.window != id {
            return .mismatch("opened in \(opened.window), expected \(id)")
        }
        let operation = ModelOperation.open(link, force: force)
        window.dropHeldLink(openedBy: operation)
        if let mismatch = ModelBasedTests.verify(
            operation, outcome: operation.predict(window.model),
            result: result.map { $0.event?.transition }, before: before, world: world,
            model: &window.model)
        {
            return .mismatch(mismatch)
        }
        switch result {
        case .success:
            if isNew {
                model.opened(id, window)
                worlds[id] = world
            } else {
                model.states[id] = window
                model.activate(id)
            }
            return .applied()
        case .failure(let error):
            guard isNew else {
                model.states[id] = window
                return .failed(error)
            }
            // The window opened for the link is closed again.
            closed[id] = world
            return .failed(error, notes: [WindowStatistics.closedAgain])
        }
    }

    func openWhenAllowed(_ link: ModelLink, in target: WindowRegistry.Target?, force: Bool) async
        -> WindowOutcome
    {
        let appLink = AppLink.deepLink(link.text, format: ModelWorld.format)
        let resolved: (id: WindowID, window: WindowModel.Window, isNew: Bool)
        switch model.resolve(target ?? model.policy) {
        case .failure(let expected):
            do throws(NavigationError) {
                let value = try await registry.openWhenAllowed(appLink, in: target, force: force)
                return .mismatch("returned \(value), expected \(expected)")
            } catch {
                guard error == expected, preparation.world == nil else {
                    return .mismatch("threw \(error), expected \(expected)")
                }
                return .failed(error)
            }
        case .success(let found): resolved = found
        }
        let (id, isNew) = (resolved.id, resolved.isNew)
        var window = resolved.window
        let before = worlds[id]?.coordinator.tree ?? ScreenTree()
        let result: Result<(window: WindowID, delivery: AppLink.Delivery), NavigationError>
        do throws(NavigationError) {
            result = .success(try await registry.openWhenAllowed(appLink, in: target, force: force))
        } catch {
            result = .failure(error)
        }
        guard let world = isNew ? preparation.world : worlds[id] else {
            return .mismatch("the new window \(id) was not prepared")
        }
        if case .success(let opened) = result, opened.window != id {
            return .mismatch("opened in \(opened.window), expected \(id)")
        }
        var notes: [String] = []
        if !window.ready {
            // Held until the window is ready; a different link held before is replaced, and
            // reported.
            let held = HeldLink(appLink, force: force)
            guard case .success(let opened) = result,
                opened.delivery == .held(held, until: .appNotReady)
            else {
                return .mismatch("delivered \(result), expected it held until the app is ready")
            }
            var expected: [NavigationEvent] = []
            if let older = window.heldLink, older != held {
                expected = [
                    .failure(
                        NavigationEvent.Failure(
                            operation: .open(older.link),
                            error: .link(.heldLinkReplaced(older.link.text, by: appLink.text))))
                ]
                notes.append(WindowStatistics.heldReplaced)
            }
            guard world.events == expected, world.coordinator.tree == before else {
                return .mismatch("holding the link reported \(world.events) or changed the tree")
            }
            window.held = (link, force)
        } else {
            // Ready (never a new window): opened at once, as `open` opens it.
            let operation = ModelOperation.open(link, force: force)
            let seen = result.map { opened -> TransitionEvent? in
                if case .opened(let event) = opened.delivery { return event?.transition }
                return nil
            }
            if case .success(let opened) = result, case .held = opened.delivery {
                return .mismatch("a ready window held the link: \(opened.delivery)")
            }
            if let mismatch = ModelBasedTests.verify(
                operation, outcome: operation.predict(window.model), result: seen,
                before: before, world: world, model: &window.model)
            {
                return .mismatch(mismatch)
            }
            if case .failure(let error) = result {
                model.states[id] = window
                return .failed(error)
            }
        }
        if isNew {
            model.opened(id, window)
            worlds[id] = world
        } else {
            model.states[id] = window
            // The window becomes the active one when the link opens, not while it is held.
            if window.ready { model.activate(id) }
        }
        return .applied(notes: notes)
    }

    func markReady(_ id: WindowID) async -> WindowOutcome {
        guard var window = model.states[id], let world = worlds[id] else {
            return expectFailure(.window(.unknownWindow(id, open: model.windows))) {
                () throws(NavigationError) in
                try registry.coordinator(for: id)
            }
        }
        let before = world.coordinator.tree
        let result: Result<TransitionEvent?, NavigationError>
        do throws(NavigationError) {
            result = .success(try await world.coordinator.markReadyForLinks())
        } catch {
            result = .failure(error)
        }
        window.ready = true
        guard let held = window.held else {
            guard case .success(nil) = result, world.events.isEmpty else {
                return .mismatch("with no held link, marking ready gave \(result)")
            }
            model.states[id] = window
            return .applied()
        }
        // The held link is opened exactly once, read and checked as a new link would be.
        window.held = nil
        let operation = ModelOperation.open(held.link, force: held.force)
        var outcome = operation.predict(window.model)
        if case .failed(let error, let identities) = outcome {
            outcome = .failed(
                .link(.heldLinkFailed(held.link.text, error: error)), identities: identities)
        }
        if let mismatch = ModelBasedTests.verify(
            operation, outcome: outcome, result: result, before: before, world: world,
            model: &window.model)
        {
            return .mismatch(mismatch)
        }
        model.states[id] = window
        if case .failure(let error) = result { return .failed(error) }
        return .applied(notes: [WindowStatistics.heldOpened])
    }
}
