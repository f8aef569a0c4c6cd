@_spi(Rules) import CoreModule
import Testing

/// Asserts that resolving `path` in `container` fails exactly as an unknown scene, naming the
/// path byte for byte as written, and leaves the container holding the scenes it held.
///
/// `suggestions` are the names the error suggests; when `nil`, they are the ones the
/// documented rule gives among the container's names (``NavigationError/SceneSuggestions/init(for:among:)``,
/// held to that rule by `SceneSuggestionsTests`), for randomized registries whose names a test
/// cannot list.
func expectUnknownPath(
    _ path: SceneIdentifier, in container: DependencyContainer,
    suggestions: NavigationError.SceneSuggestions? = nil, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let scenes = container.sceneIdentifiers
    let count = container.count
    let expected = NavigationError.unknownScene(
        path, suggestions: suggestions ?? NavigationError.SceneSuggestions(for: path, among: scenes)
    )
    do {
        let resolved = try container.resolve(path)
        Issue.record(
            "\(path) resolved to \(resolved.scene); \(comment ?? "")",
            sourceLocation: sourceLocation)
    } catch {
        #expect(error == expected, comment, sourceLocation: sourceLocation)
        // `SceneIdentifier` compares canonically equivalent spellings equal: the name in the
        // error is the path's own bytes.
        if case .unknownScene(let name, _) = error {
            #expect(
                name.rawValue.utf8.elementsEqual(path.rawValue.utf8), comment,
                sourceLocation: sourceLocation)
        }
    }
    #expect(container.sceneIdentifiers == scenes, comment, sourceLocation: sourceLocation)
    #expect(container.count == count, comment, sourceLocation: sourceLocation)
}
