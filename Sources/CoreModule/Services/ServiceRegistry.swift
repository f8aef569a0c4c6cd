/// Services that builders and flows share, registered once and resolved by type.
///
/// The seed articles' flow controllers receive "a container of services"; this is that
/// container. Register an implementation at start-up, resolve it where a screen is built:
///
/// ```swift
/// container.services.register(session as AuthService)
///
/// SceneBuilder("Profile") { context in
///     ProfileScreen(auth: try context.service(AuthService.self))
/// }
/// ```
///
/// A missing service is a typed error, ``NavigationError/Misuse/missingService(type:)``, raised when
/// the screen is built; the navigation then changes nothing. Registration and lookup are safe
/// from any thread.
public final class ServiceRegistry: Sendable {
    private let services = Locked<[ObjectIdentifier: any Sendable]>([:])

    /// Creates an empty registry.
    public init() {}

    /// Registers `service` as the implementation of `type`, replacing any earlier one.
    ///
    /// - Parameters:
    ///   - service: The implementation.
    ///   - type: The type it is resolved by; by default its own static type, so register a
    ///     protocol's implementation as `register(session as AuthService)` or with `as:`.
    public func register<Service: Sendable>(
        _ service: Service, as type: Service.Type = Service.self
    ) {
        services.withLock { $0[ObjectIdentifier(type)] = service }
    }

    /// The implementation registered for `type`.
    ///
    /// - Parameter type: The service's type.
    /// - Returns: The registered implementation.
    /// - Throws: ``NavigationError/Misuse/missingService(type:)`` when none is registered.
    public func resolve<Service>(_ type: Service.Type) throws(NavigationError) -> Service {
        let found = services.withLock { $0[ObjectIdentifier(type)] }
        guard let service = found as? Service else {
            throw .misuse(.missingService(type: String(describing: type)))
        }
        return service
    }

    /// Whether an implementation is registered for `type`.
    ///
    /// - Parameter type: The service's type.
    package func contains<Service>(_ type: Service.Type) -> Bool {
        services.withLock { $0[ObjectIdentifier(type)] != nil }
    }
}
