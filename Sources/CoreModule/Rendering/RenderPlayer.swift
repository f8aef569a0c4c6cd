/// A screen that performs render steps, one at a time, for a ``RenderPlayer``.
///
/// A UIKit adapter implements it by mapping each ``RenderPlan/Step`` to UIKit calls. A step that
/// shows at once (a window root, a tab selection, a change without animation) calls
/// `completion` before returning; an animated present, dismiss or stack change calls it when
/// the animation ends, from the platform's completion handler.
///
/// ```swift
/// final class LogHost: RenderHost {
///     func perform(_ step: RenderPlan.Step, completion: @escaping @MainActor () -> Void) {
///         print(step)
///         completion()  // nothing animates here
///     }
/// }
/// ```
@MainActor
package protocol RenderHost: AnyObject {
    /// Starts one step, and calls `completion` once when it has ended on screen.
    ///
    /// - Parameters:
    ///   - step: The step to perform.
    ///   - completion: Tells the player the step has ended; call it once, now or later. Later
    ///     calls are ignored.
    func perform(_ step: RenderPlan.Step, completion: @escaping @MainActor () -> Void)
}

/// Plays render plans on a ``RenderHost`` in order, one step at a time, waiting for each step
/// to end before starting the next.
///
/// UIKit refuses to present from a controller whose dismissal is still animating ("Attempt to
/// present … while a presentation is in progress") and drops the call. The player is the
/// waiting that avoids it: plans are queued in the order their events happened, and a step
/// starts only once the one before it has called its completion. A step's completion that
/// arrives twice, or after the player moved on, is ignored, so no step runs twice.
///
/// ```swift
/// let player = RenderPlayer(host: host)
/// player.play(event.plan)       // starts the first step at once
/// player.isIdle                 // false while an animated dismissal runs
/// ```
///
/// ## User changes while steps are pending
///
/// What the user does (a back swipe, a sheet dragged down, a tab tapped) is already on screen.
/// The adapter reports it to the coordinator at once, whatever the player is doing; the
/// coordinator checks it against its tree, and the event of an accepted report carries an empty
/// plan, so the player has nothing to add for it. The pending steps are neither dropped nor
/// reordered, and they still apply: every step names its stacks and levels by identity, and a
/// push or a pop acts on what the stack shows, the user's change included. A report about a
/// screen that the tree has already moved past (the user acted on what the screen showed
/// before the pending steps) is refused by the coordinator with a typed error and changes
/// nothing. For a refused pop the UIKit adapter then plays one more step that sets the stack
/// back to the coordinator's, so that the screen ends up showing the tree; a refused dismissal
/// or tab tap is not repaired (the stand-in, like UIKit, lets the user act only when no step is
/// running, so a report is refused only when the app navigated in the middle of a gesture).
@MainActor
package final class RenderPlayer {
    private weak var host: (any RenderHost)?
    /// Steps not started yet; `queue[head...]` are pending.
    private var queue: [RenderPlan.Step] = []
    private var head = 0
    /// Which start the next completion must belong to.
    private var running: UInt64 = 0
    /// Set while the player starts steps, so that a completion called from inside
    /// ``RenderHost/perform(_:completion:)`` does not start the next step recursively.
    private var starting = false
    private var whenIdle: [@MainActor () -> Void] = []

    /// The step that has started and not yet ended, if any.
    package private(set) var currentStep: RenderPlan.Step?
    /// How many steps have ended since the player was made.
    package private(set) var completedStepCount = 0
    /// How many completions arrived for a step that had already ended (a handler called twice),
    /// and were ignored.
    package private(set) var ignoredCompletionCount = 0

    /// A player that performs steps on `host`, which it holds weakly (the host usually owns the
    /// player).
    ///
    /// - Parameter host: The screen to perform steps on.
    package init(host: some RenderHost) {
        self.host = host
    }

    /// The steps queued behind ``currentStep``, in order.
    package var pendingSteps: [RenderPlan.Step] { Array(queue[head...]) }

    /// Whether every step queued so far has ended.
    package var isIdle: Bool { currentStep == nil && head == queue.count }

    /// Queues `plan`'s steps after those already queued.
    ///
    /// The first one starts at once if nothing is running. An empty plan changes nothing.
    ///
    /// - Parameter plan: The plan of the next event, as ``TransitionEvent/plan`` carries it.
    package func play(_ plan: RenderPlan) {
        guard !plan.isEmpty else { return }
        queue.append(contentsOf: plan.steps)
        advance()
    }

    /// Calls `action` once when the player is next idle: at once if it is idle now.
    ///
    /// - Parameter action: What to do, for example drop the view controllers of screens that
    ///   have left the tree.
    package func whenIdle(_ action: @escaping @MainActor () -> Void) {
        if isIdle {
            action()
        } else {
            whenIdle.append(action)
        }
    }

    /// Starts queued steps while the previous one has ended.
    private func advance() {
        guard !starting else { return }
        starting = true
        while currentStep == nil, head < queue.count {
            let step = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            guard let host else {
                // Nothing to show the steps on any more.
                queue.removeAll()
                head = 0
                break
            }
            currentStep = step
            running &+= 1
            let start = running
            host.perform(step) { [weak self] in self?.complete(start) }
        }
        starting = false
        if isIdle, !whenIdle.isEmpty {
            let actions = whenIdle
            whenIdle.removeAll()
            for action in actions { action() }
        }
    }

    /// Ends the step started as `start`, then starts the next one.
    private func complete(_ start: UInt64) {
        guard start == running, currentStep != nil else {
            ignoredCompletionCount += 1
            return
        }
        currentStep = nil
        completedStepCount += 1
        advance()
    }
}
