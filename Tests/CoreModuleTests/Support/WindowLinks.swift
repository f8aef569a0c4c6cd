@_spi(Rules) import CoreModule

extension WindowRegistry {
    /// Opens a link from outside that should wait for a window, as an app does.
    ///
    /// For a link that waits until the window is ready (at a cold start) or for its
    /// asynchronous guards: the window the target names (or ``linkTarget``
    /// picks; a new one opened for it), then that window's own
    /// `AppCoordinator.openWhenAllowed(_:force:)`. Once the link opens, the window becomes the
    /// active one, unless the user went to another window meanwhile, and a new window that an
    /// action route left empty is closed again, as ``open(_:in:force:)`` does.
    @discardableResult
    func openWhenAllowed(
        _ link: AppLink, in target: WindowRegistry.Target? = nil, force: Bool = false
    ) async throws(NavigationError) -> (window: WindowID, delivery: AppLink.Delivery) {
        let id: WindowID
        let coordinator: AppCoordinator
        var isNew = false
        switch target ?? linkTarget(link) {
        case .window(let named):
            (id, coordinator) = (named, try self.coordinator(for: named))
        case .active:
            guard let active = activeWindow else { throw .window(.noActiveWindow) }
            (id, coordinator) = (active, try self.coordinator(for: active))
        case .newWindow(let new):
            (id, coordinator, isNew) = (new, try openWindow(new), true)
        }
        let active = activeWindow
        // A new window is not ready for links yet: it holds the link rather than fail with it.
        let delivery = try await coordinator.openWhenAllowed(link, force: force)
        guard case .opened = delivery, (try? self.coordinator(for: id)) === coordinator else {
            return (id, delivery)
        }
        if isNew, coordinator.tree.isEmpty {
            try closeWindow(id)
        } else if activeWindow == active || activeWindow == id {
            try activate(id)
        }
        return (id, delivery)
    }
}
