extension TreeSnapshot {
    /// The saved columns of a split root: each column's stack, bottom first.
    package struct Split: Codable, Hashable, Sendable {
        /// The primary column's stack: at least one screen.
        package var primary: [Screen]
        /// The supplementary column's stack, for a three-column split (possibly empty); `nil`
        /// for two columns.
        package var supplementary: [Screen]?
        /// The detail column's stack; empty when nothing was selected.
        package var detail: [Screen]

        /// Creates saved split columns.
        ///
        /// - Parameters:
        ///   - primary: The primary column's stack.
        ///   - supplementary: The supplementary column's stack, for three columns.
        ///   - detail: The detail column's stack.
        package init(primary: [Screen], supplementary: [Screen]? = nil, detail: [Screen] = []) {
            self.primary = primary
            self.supplementary = supplementary
            self.detail = detail
        }

        /// Every screen, column after column.
        var screens: [Screen] { primary + (supplementary ?? []) + detail }

        /// The number of screens in every column.
        var screenCount: Int { primary.count + (supplementary?.count ?? 0) + detail.count }

        /// The number of columns.
        var columnCount: Int { supplementary == nil ? 2 : 3 }

        private enum CodingKeys: String, CodingKey {
            case primary, supplementary, detail
        }

        /// Reads the columns, each list's length checked against the screens the snapshot may
        /// still hold before its elements are read.
        static func decode(from decoder: any Decoder, screenLimit: Int) throws -> Split {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            var remaining = screenLimit
            func column(_ key: CodingKeys) throws -> [Screen]? {
                guard container.contains(key) else { return nil }
                var nested = try container.nestedUnkeyedContainer(forKey: key)
                if let count = nested.count, count > remaining {
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: [], debugDescription: "The snapshot holds too many screens."
                        ))
                }
                var screens: [Screen] = []
                while !nested.isAtEnd { screens.append(try nested.decode(Screen.self)) }
                remaining -= screens.count
                return screens
            }
            return Split(
                primary: try column(.primary) ?? [], supplementary: try column(.supplementary),
                detail: try column(.detail) ?? [])
        }
    }
}
