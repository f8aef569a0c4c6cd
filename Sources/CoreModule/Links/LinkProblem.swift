extension NavigationError {
    /// Why a deep link cannot be read.
    ///
    /// Positions count the link's screen segments from 1.
    @_spi(Rules) public enum LinkProblem: Hashable, Sendable, ReasonText {
        /// The link is the empty string.
        case empty
        /// The link is `length` bytes long, over the format's limit.
        case tooLong(length: Int, limit: Int)
        /// The link's scheme is `found`; the format expects `expected`.
        case unsupportedScheme(found: String, expected: String)
        /// The link has no `://` after its scheme, or no scheme at all (a bare path such as
        /// `Home/A1`); the format's links start with `expected`.
        case missingSchemeSeparator(expected: String)
        /// The link's host is `found`; the format expects `expected`.
        case unexpectedHost(found: String, expected: String)
        /// The link names no screen.
        case noScreens
        /// The link names `count` screens, over the format's limit.
        case tooManyScreens(count: Int, limit: Int)
        /// The screen at `position` has `count` parameters, over the format's limit.
        case tooManyParameters(position: Int, count: Int, limit: Int)
        /// The segment at `position` is empty (as in `A1//A2`).
        case emptySegment(position: Int)
        /// The segment at `position` is a `+` without a scene name.
        case modalWithoutScene(position: Int)
        /// The first segment starts with `+`, but the first screen is the root, not a modal.
        case modalBeforeRoot
        /// The segment at `position`, written `segment`, has a `%` not followed by two hexadecimal
        /// digits, or escapes bytes that are not UTF-8.
        case badPercentEncoding(position: Int, segment: String)
        /// The segment at `position` has a parameter written `text` that is not `name=value`.
        case malformedParameter(position: Int, text: String)
        /// The segment at `position` gives the parameter `name` twice.
        case repeatedParameter(position: Int, name: String)
        /// The segment at `position`, written `segment`, contains whitespace, a control character,
        /// `?` or `#`, which a link must percent-encode.
        case invalidCharacter(position: Int, segment: String)
        /// The segment at `position` opens attributes with `[` and never closes them.
        case unclosedAttributes(position: Int)
        /// The segment at `position` has the attribute `text`, which the grammar does not know (or
        /// repeats, or gives an invalid tab name or popover anchor).
        case unknownAttribute(position: Int, text: String)
        /// The segment at `position` has attributes where they do not belong: a style outside a
        /// modal, `selected` outside a tab, a tab with a style, a sheet that is also another style,
        /// or a split column out of its place (the primary column starts the link; the
        /// supplementary and detail columns follow it in that order, once each, before any modal).
        case misplacedAttributes(position: Int)
        /// The segment at `position` starts a tab, but the root is a stack or a modal was started.
        case misplacedTab(position: Int)
        /// The segment at `position` starts a second tab named `name`.
        case repeatedTab(position: Int, name: String)
        /// The segment at `position` marks a second tab selected.
        case twoSelectedTabs(position: Int)
        /// A universal link's query item, written `text`, has a `%` not followed by two hexadecimal
        /// digits, escapes bytes that are not UTF-8, holds a character to escape, or has no name
        /// (`?=x`).
        case badQueryItem(text: String)
        /// A universal link's query gives the item `name` more than once, a list, and one of its
        /// values holds a `,`, which separates a list's values.
        case repeatedQueryItem(name: String)
        /// A universal link does not start with a scheme (`https:`, `shop:`): a path alone, such
        /// as `/projects/a/b`, is no link.
        case noScheme
        /// A universal link's query item `name` has the name of one of its path's captures.
        case queryItemNamesCapture(name: String)

        /// The problem as the end of a sentence.
        package var description: String {
            switch self {
            case .empty:
                return "it is empty"
            case .tooLong(let length, let limit):
                return "it is \(length) bytes long, over the limit of \(limit)"
            case .unsupportedScheme(let found, let expected):
                return "its scheme is \"\(NavigationError.shorten(found))\", not \"\(expected)\""
            case .missingSchemeSeparator(let expected):
                return "it does not start with \"\(expected)\""
            case .unexpectedHost(let found, let expected):
                return "its host is \"\(NavigationError.shorten(found))\", not \"\(expected)\""
            case .noScreens:
                return "it names no screen"
            case .tooManyScreens(let count, let limit):
                return "it names \(count) screens, over the limit of \(limit)"
            case .tooManyParameters(let position, let count, let limit):
                return "screen \(position) has \(count) parameters, over the limit of \(limit)"
            case .emptySegment(let position):
                return "segment \(position) is empty"
            case .modalWithoutScene(let position):
                return "segment \(position) is a \"+\" without a scene name"
            case .modalBeforeRoot:
                return "its first screen starts with \"+\", but the first screen is the root"
            case .badPercentEncoding(let position, let segment):
                return
                    "segment \(position), \"\(NavigationError.shorten(segment))\", has a bad "
                    + "percent-encoding"
            case .malformedParameter(let position, let text):
                return
                    "segment \(position) has the parameter \"\(NavigationError.shorten(text))\", "
                    + "which is not name=value"
            case .repeatedParameter(let position, let name):
                return
                    "segment \(position) gives the parameter \"\(NavigationError.shorten(name))\" twice"
            case .invalidCharacter(let position, let segment):
                return
                    "segment \(position), \"\(NavigationError.shorten(segment))\", contains a "
                    + "character that must be percent-encoded"
            case .unclosedAttributes(let position):
                return "segment \(position) opens attributes with \"[\" and never closes them"
            case .unknownAttribute(let position, let text):
                return
                    "segment \(position) has the attribute \"\(NavigationError.shorten(text))\", "
                    + "which is unknown, repeated or not valid"
            case .misplacedAttributes(let position):
                return
                    "segment \(position) has attributes where they do not belong (a style belongs to "
                    + "a \"+\" segment, \"selected\" to a tab; a split starts with [primary], and "
                    + "[supplementary] and [detail] follow it in that order, before any modal)"
            case .misplacedTab(let position):
                return
                    "segment \(position) starts a tab, but tabs must start the link and come before "
                    + "any modal"
            case .repeatedTab(let position, let name):
                return
                    "segment \(position) starts a second tab named \"\(NavigationError.shorten(name))\""
            case .twoSelectedTabs(let position):
                return "segment \(position) marks a second tab selected"
            case .badQueryItem(let text):
                return
                    "its query item \"\(NavigationError.shorten(text))\" has a bad escape, a character to escape or no name"
            case .repeatedQueryItem(let name):
                return
                    "its query gives \"\(NavigationError.shorten(name))\" more than once, "
                    + "with a \",\" in a value: a list's values cannot hold one"
            case .noScheme:
                return "it has no scheme, such as \"https:\""
            case .queryItemNamesCapture(let name):
                return
                    "its query item \"\(NavigationError.shorten(name))\" has the name of a value of its path"
            }
        }
    }
}
