public import CoreModule

/// What a script answers for the demo's asynchronous guard: `answer allow`,
/// `answer reject REASON`, `answer redirect COMMAND`.
public enum ScriptAnswer: Equatable, Sendable {
    /// Let the navigation go on.
    case allow
    /// Refuse it, for this reason.
    case reject(String)
    /// Perform this navigation instead.
    case redirect(ApplicationTransitionType)

    /// The answer as the guard gives it.
    var decision: NavigationGuard.Decision {
        switch self {
        case .allow: return .allow
        case .reject(let reason): return .reject(reason: reason)
        case .redirect(let request): return .redirect(request)
        }
    }
}

extension ScriptCommand {
    /// The commands of asynchronous guards and held links, one a line, as `help` prints them.
    static let asyncReference = """
        async-guard SCENE ...          add the asynchronous guard "session": it asks the
                                       script (the "server") about these scenes; the
                                       synchronous commands fail where it applies
        async COMMAND                  run a navigation command through navigateWhenAllowed:
                                       it is pending while the guard decides
        answer allow                   answer the guard's oldest question: allow,
        answer reject REASON           refuse with a reason, or redirect to another
        answer redirect COMMAND        navigation (answer redirect present A1)
        clock SECONDS                  move the guard's clock forward; a guard that has not
                                       answered within 10 seconds times out
        incoming LINK                  a link arrives from outside (openWhenAllowed): held
                                       until the app is ready, or opened
        ready                          the app is ready for links: opens the held one
        held                           print the held link and why it waits
        """

    /// The command words of asynchronous guards and held links.
    static let asyncWords = [
        "async-guard", "async", "answer", "clock", "incoming", "ready", "held",
    ]

    /// Reads a command of asynchronous guards and held links.
    static func asyncCommand(_ word: String, _ words: [Word]) throws(ScriptError) -> ScriptCommand {
        let arguments = words.map(\.text)
        switch word {
        case "async-guard":
            guard !arguments.isEmpty else {
                throw ScriptError("\"async-guard\" needs the scenes it guards: async-guard B1 B2.")
            }
            return .asyncGuard(arguments.map { SceneIdentifier($0) })
        case "async":
            let rest = words.map { String($0.written) }.joined(separator: " ")
            guard case .navigate(let request) = try parse(rest) else {
                throw ScriptError(
                    "\"async\" needs a navigation command after it, such as async push B1"
                        + (words.first.map { ", not \"\($0.text)\"." } ?? "."))
            }
            return .navigateWhenAllowed(request)
        case "answer":
            switch arguments.first {
            case "allow" where arguments.count == 1:
                return .answer(.allow)
            case "reject" where arguments.count > 1:
                return .answer(.reject(arguments.dropFirst().joined(separator: " ")))
            case "redirect" where arguments.count > 1:
                let rest = words.dropFirst().map { String($0.written) }.joined(separator: " ")
                guard case .navigate(let request) = try parse(rest) else {
                    throw ScriptError(
                        "\"answer redirect\" needs a navigation command, such as present A1.")
                }
                return .answer(.redirect(request))
            default:
                throw ScriptError(
                    "\"answer\" takes allow, reject REASON or redirect COMMAND.")
            }
        case "clock":
            guard arguments.count == 1, let seconds = Int(arguments[0]), seconds > 0 else {
                throw ScriptError(
                    "\"clock\" takes a whole number of seconds greater than 0, such as clock 10.")
            }
            return .advanceClock(seconds: seconds)
        case "incoming":
            guard arguments.count == 1 else {
                throw ScriptError(
                    "\"incoming\" takes one link, such as demo://open/A1/A2, but found "
                        + "\(arguments.count) words.")
            }
            return .incoming(arguments[0])
        default:
            if let extra = arguments.first {
                throw ScriptError("\"\(word)\" takes no arguments, but found \"\(extra)\".")
            }
            return word == "ready" ? .ready : .held
        }
    }
}
