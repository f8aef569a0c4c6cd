import CoreModule

/// Writes an example's transcript: each transition as it happens, and the tree after a step.
@MainActor
final class Transcript {
    private let write: (String) -> Void
    private var token: ObservationToken?

    init(coordinator: AppCoordinator, write: @escaping (String) -> Void) {
        self.write = write
        token = coordinator.observe { [write] event in
            switch event {
            case .transition(let transition): write("   ✓ \(transition)")
            case .failure(let failure): write("   ✗ \(failure.error)")
            case .linkAction(let action): write("   ✓ \(action)")
            }
        }
    }

    func step(_ title: String) {
        write("")
        write(title)
    }

    func note(_ line: String) {
        write("   \(line)")
    }

    func tree(_ coordinator: AppCoordinator) {
        for line in coordinator.tree.description.split(separator: "\n") {
            write("   \(line)")
        }
    }
}
