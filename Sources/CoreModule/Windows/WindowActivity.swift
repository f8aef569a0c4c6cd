import Foundation

/// A window's saved navigation in the shape of an `NSUserActivity`: an activity type and string
/// entries for its `userInfo`, ready for UIKit's `stateRestorationActivity(for:)`.
///
/// ```swift
/// func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
///     let id = WindowID(scene.session.persistentIdentifier)
///     guard let saved = try? windows.restorationActivity(for: id, activityType: "restore")
///     else { return nil }
///     let activity = NSUserActivity(activityType: saved.activityType)
///     activity.addUserInfoEntries(from: saved.userInfo)
///     return activity
/// }
///
/// // scene(_:willConnectTo:options:)
/// let saved = session.stateRestorationActivity.map {
///     WindowActivity(activityType: $0.activityType, userInfo: $0.userInfo ?? [:])
/// }
/// try windows.openWindow(id, restoring: try saved?.snapshot())
/// ```
///
/// In SwiftUI, keep the window's snapshot in `@SceneStorage` as data instead: encode
/// ``AppCoordinator/snapshot()`` with a `JSONEncoder`, and read it back with
/// ``TreeSnapshot/decode(_:)``.
public struct WindowActivity: Hashable, Sendable {
    /// The `userInfo` key of the window's identity.
    package static let windowKey = "SceneRouter.window"
    /// The `userInfo` key of the window's snapshot, as JSON text.
    package static let snapshotKey = "SceneRouter.snapshot"

    /// The activity type, one the app declares in its `Info.plist` (`NSUserActivityTypes`).
    public var activityType: String
    /// The entries to add to the activity's `userInfo`: the window's identity and snapshot.
    public var userInfo: [String: String]

    /// An activity holding `window`'s identity and `snapshot`.
    ///
    /// - Throws: ``NavigationError/snapshot(_:)`` should the snapshot not be written as
    ///   JSON (its payloads were already encoded when it was taken, so this does not happen).
    init(activityType: String, window: WindowID, snapshot: TreeSnapshot) throws(NavigationError) {
        guard let json = try? JSONEncoder().encode(snapshot) else {
            throw .snapshot(.unreadable(reason: "the snapshot cannot be written as JSON"))
        }
        self.activityType = activityType
        self.userInfo = [
            Self.windowKey: window.rawValue,
            Self.snapshotKey: String(decoding: json, as: UTF8.self),
        ]
    }

    /// Reads an activity the platform gave back; entries that are not strings are ignored.
    ///
    /// - Parameters:
    ///   - activityType: The activity's type.
    ///   - userInfo: The activity's `userInfo`.
    public init(activityType: String, userInfo: [AnyHashable: Any]) {
        self.activityType = activityType
        var entries: [String: String] = [:]
        for (key, value) in userInfo {
            if let key = key as? String, let value = value as? String { entries[key] = value }
        }
        self.userInfo = entries
    }

    /// The window the activity was saved from, if it names one.
    public var window: WindowID? { userInfo[Self.windowKey].map { WindowID($0) } }

    /// The window's saved tree, read and checked as ``TreeSnapshot/decode(_:)`` reads it.
    ///
    /// - Returns: The snapshot to restore (see ``WindowRegistry/openWindow(_:restoring:)``).
    /// - Throws: ``NavigationError/snapshot(_:)`` (`invalid-snapshot`: "the activity holds no
    ///   snapshot") when the activity holds none, or what ``TreeSnapshot/decode(_:)`` throws.
    public func snapshot() throws(NavigationError) -> TreeSnapshot {
        guard let json = userInfo[Self.snapshotKey] else {
            throw .snapshot(.unreadable(reason: "the activity holds no snapshot"))
        }
        return try TreeSnapshot.decode(Array(json.utf8))
    }
}
