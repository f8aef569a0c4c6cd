/// Finds the scene a navigation names and checks its parameters.
///
/// It looks up through the registry's own lookup when the container is a
/// ``DependencyContainer``, else through any ``SceneBuilderContainer``'s `build(for:)`. Runs no app code and changes nothing.
struct SceneResolver {
    /// The registry screens are built from.
    let container: any SceneBuilderContainer
    /// The container as a ``DependencyContainer``, whose lookups skip wrapping the builder.
    let registry: DependencyContainer?

    init(_ container: any SceneBuilderContainer) {
        self.container = container
        self.registry = container as? DependencyContainer
    }

    /// Finds the scene a navigation names.
    func resolveTarget(_ scene: SceneIdentifier) throws(NavigationError) -> ResolvedTarget {
        if let registry { return try registry.resolveTarget(scene) }
        if let builder = container.build(for: scene) {
            return ResolvedTarget(scene: scene, builder: builder)
        }
        if let problem = scene.brokenRule {
            throw .input(.invalidSceneIdentifier(scene, problem: problem))
        }
        throw .unknownScene(
            scene,
            suggestions: NavigationError.SceneSuggestions(
                for: scene, among: container.sceneIdentifiers))
    }

    /// The registration of `scene` as registered, if it still is, so that
    /// a custom container's builders that need a payload are checked too.
    func registration(of scene: SceneIdentifier) -> Registration? {
        try? resolveTarget(scene).registration
    }

    /// Checks the builder's required parameters.
    func checkedParameters(_ parameters: SceneParameters, for resolved: ResolvedTarget)
        throws(NavigationError) -> SceneParameters
    {
        for (name, type) in resolved.registration.requiredParameters {
            guard let value = parameters[name] else {
                throw .input(.missingParameter(scene: resolved.scene, name: name))
            }
            guard type.accepts(value) else {
                throw .input(
                    .malformedParameter(
                        scene: resolved.scene, name: name, value: value, expected: type))
            }
        }
        return parameters
    }
}
