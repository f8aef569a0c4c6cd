import Foundation

/// The payload types a snapshot may keep, each under a name of its own.
///
/// A snapshot is data saved now and read by a later launch, maybe a later version of the app:
/// it names a payload's type by the name registered here, never by the Swift type's name, and
/// restoring reads only the types registered under those names.
///
/// ```swift
/// container.payloadTypes.register(Product.self, name: "product")
/// let data = try JSONEncoder().encode(try coordinator.snapshot())
/// ```
///
/// A screen whose payload's type is not registered cannot be saved: ``AppCoordinator/snapshot()``
/// throws ``NavigationError/LinkFailure/payloadNotSaved(scene:screen:type:)`` naming it.
public final class PayloadTypes: Sendable {
    /// How to write and read one registered type.
    private struct Entry: Sendable {
        let name: String
        let encode: @Sendable (ScenePayload) throws -> Data?
        let decode: @Sendable (Data) throws -> ScenePayload
    }

    private struct Table: Sendable {
        var byType: [ObjectIdentifier: Entry] = [:]
        var byName: [String: Entry] = [:]
    }

    private let table = Locked(Table())

    /// An empty table.
    public init() {}

    /// Registers `type` under `name`, for snapshots to keep payloads of that type.
    ///
    /// Registering a type again, or another type under the same name, replaces the earlier one.
    ///
    /// - Parameters:
    ///   - type: A `Codable` payload type.
    ///   - name: The name snapshots write; the type's name by default. Choose one that stays
    ///     the same across versions of the app.
    public func register<Value: Codable & Hashable & Sendable>(
        _ type: Value.Type, name: String? = nil
    ) {
        let entry = Entry(
            name: name ?? ScenePayload.name(of: type),
            encode: { payload in
                guard let value = payload.value(as: Value.self) else { return nil }
                // Sorted keys: the same payload always saves as the same bytes.
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                return try encoder.encode(value)
            },
            decode: { data in ScenePayload(try JSONDecoder().decode(Value.self, from: data)) })
        table.withLock { table in
            if let old = table.byType[ObjectIdentifier(type)] { table.byName[old.name] = nil }
            table.byType[ObjectIdentifier(type)] = entry
            table.byName[entry.name] = entry
        }
    }

    /// The names registered, sorted.
    package var names: [String] {
        table.withLock { $0.byName.keys.sorted() }
    }

    /// The payload as a saved payload, or `nil` when its type is not registered.
    func save(_ payload: ScenePayload) -> TreeSnapshot.SavedPayload? {
        let entry = table.withLock { $0.byType[ObjectIdentifier(type(of: payload.base))] }
        guard let entry, let data = try? entry.encode(payload) else { return nil }
        return TreeSnapshot.SavedPayload(
            type: entry.name, json: String(decoding: data, as: UTF8.self))
    }

    /// The payload a saved payload holds.
    ///
    /// - Throws: ``NavigationError/snapshot(_:)`` with the problem that keeps it from
    ///   being read.
    func load(_ saved: TreeSnapshot.SavedPayload) throws(NavigationError) -> ScenePayload {
        guard let entry = table.withLock({ $0.byName[saved.type] }) else {
            throw .snapshot(.unknownPayloadType(saved.type))
        }
        do {
            return try entry.decode(Data(saved.json.utf8))
        } catch {
            throw .snapshot(
                .unreadablePayload(type: saved.type, reason: String(describing: error)))
        }
    }
}
