import Foundation

/// What a row's budget bounds: its ratio to the baseline, or its value.
enum Budget {
    /// The median ratio to the baseline is at most this; `of` names the baseline in the budget
    /// column when the row's baseline is not plain standard-library code (empty when it is).
    case ratio(Double, of: String = "")
    /// The value is at most this many of the row's unit.
    case atMost(Double)
    /// The value is below this many of the row's unit.
    case below(Double)

    /// Whether `row` stays within the budget.
    func isMet(by row: Row) -> Bool {
        switch self {
        case .ratio(let limit, _): return (row.ratio ?? .infinity) <= limit
        case .atMost(let limit): return row.median <= limit
        case .below(let limit): return row.median < limit
        }
    }

    /// The budget as the table prints it: `≤ 3x`, `≤ 4x build`, `≤ 256 B`, `< 1 MiB`.
    func text(unit: Row.Unit) -> String {
        switch self {
        case .ratio(let limit, let baseline):
            return "≤ \(formatCompact(limit))x" + (baseline.isEmpty ? "" : " \(baseline)")
        case .atMost(let limit): return "≤ \(unit.formatLimit(limit))"
        case .below(let limit): return "< \(unit.formatLimit(limit))"
        }
    }
}

/// One line of the report: a figure, its baseline, and whether it stays within its budget.
struct Row {
    /// What a row's values count.
    enum Unit: String {
        /// Nanoseconds per operation (per pair, for push + pop and present + dismiss).
        case nanosecondsPerOperation = "ns/op"
        /// Heap bytes per registered scene.
        case bytesPerEntry = "bytes/entry"
        /// Heap bytes per screen in the tree.
        case bytesPerScreen = "bytes/screen"
        /// Bytes in total.
        case bytes = "bytes"

        /// Whether the unit counts bytes rather than time.
        var countsBytes: Bool { self != .nanosecondsPerOperation }

        /// A value in this unit, for the table.
        func format(_ value: Double) -> String {
            switch self {
            case .nanosecondsPerOperation:
                return formatDecimal(value)
            case .bytes, .bytesPerEntry, .bytesPerScreen:
                if abs(value) >= 1024 * 1024 { return "\(formatDecimal(value / 1_048_576)) MiB" }
                if abs(value) >= 10 * 1024 { return "\(formatDecimal(value / 1024)) KiB" }
                return "\(formatDecimal(value)) B"
            }
        }

        /// A budget's limit in this unit, without trailing zeros: `256 B`, `1 MiB`.
        func formatLimit(_ limit: Double) -> String {
            switch self {
            case .nanosecondsPerOperation:
                return limit >= 1_000_000
                    ? "\(formatCompact(limit / 1_000_000)) ms" : formatCompact(limit)
            case .bytes, .bytesPerEntry, .bytesPerScreen:
                if limit >= 1024 * 1024 { return "\(formatCompact(limit / 1_048_576)) MiB" }
                if limit >= 10 * 1024 { return "\(formatCompact(limit / 1024)) KiB" }
                return "\(formatCompact(limit)) B"
            }
        }
    }

    /// What is measured.
    let figure: String
    /// The set of scene names the row ran with.
    let names: NameSet
    /// The number of registered scenes, screens pushed, or scenes in the soak registry.
    let size: Int
    /// What the values count.
    let unit: Unit
    /// The median over the rounds (the single measurement, for memory rows).
    let median: Double
    /// The fastest sample, for timed rows.
    let minimum: Double?
    /// The baseline's median, when the row has a baseline.
    let baseline: Double?
    /// The median of the per-round ratios of figure to baseline, when the row has a baseline.
    let ratio: Double?
    /// The bound the row should stay within.
    let budget: Budget

    /// Whether the row stays within its budget.
    var isWithinBudget: Bool { budget.isMet(by: self) }

    /// The row in one line, for a list of misses: `push + pop [realistic] at 10: 4.21x, budget
    /// ≤ 4x`, or the value itself when the budget bounds it: `…: 2.424 ms, budget < 1 ms`.
    var summary: String {
        let value: String
        switch (budget, ratio) {
        case (.ratio, let ratio?): value = "\(formatDecimal(ratio))x"
        default: value = unit.formatLimit(median)
        }
        return "\(figure) [\(names)] at \(formatCount(size)): \(value), budget "
            + budget.text(unit: unit)
    }
}

/// Everything one run measured, ready to print as a table or as JSON.
struct Report {
    /// `"full"` or `"quick"`.
    let mode: String
    /// The number of interleaved rounds each timed row was sampled in.
    let rounds: Int
    /// The rows, timed rows first.
    let rows: [Row]
    /// Every result folded together; printed so that no measured work is dead code.
    let checksum: UInt64

    /// The report as aligned tables: one for the timed rows and one for the memory rows.
    func table() -> String {
        let timed = rows.filter { !$0.unit.countsBytes }
        let memory = rows.filter { $0.unit.countsBytes }
        var sections: [String] = []
        if !timed.isEmpty {
            sections.append(
                Self.render(
                    header: [
                        "figure", "names", "size", "median ns/op", "min ns/op",
                        "baseline median ns/op", "ratio", "budget", "ok/MISS",
                    ],
                    rows: timed.map { row in
                        [
                            row.figure, row.names.rawValue, formatCount(row.size),
                            formatDecimal(row.median),
                            row.minimum.map(formatDecimal) ?? "—",
                            row.baseline.map(formatDecimal) ?? "—", Self.ratioText(row),
                            row.budget.text(unit: row.unit), row.isWithinBudget ? "ok" : "MISS",
                        ]
                    }))
        }
        if !memory.isEmpty {
            sections.append(
                Self.render(
                    header: [
                        "figure", "names", "size", "measured", "baseline", "ratio", "budget",
                        "ok/MISS",
                    ],
                    rows: memory.map { row in
                        [
                            row.figure, row.names.rawValue, formatCount(row.size),
                            row.unit.format(row.median),
                            row.baseline.map(row.unit.format) ?? "—", Self.ratioText(row),
                            row.budget.text(unit: row.unit), row.isWithinBudget ? "ok" : "MISS",
                        ]
                    }))
        }
        let misses = self.misses.count
        sections.append(
            """
            \(mode) run, \(rounds) interleaved rounds (at most \(SamplingPlan.longCaseRounds) for a row whose one sample
            lasts over ten planned samples); ratios are medians of per-round ratios.
            names: short = scene-<i> (at most 15 bytes); realistic = <Module>.<Screen><i>
            (16 to 40 bytes) and patterns such as account/orders-<i>/:order/items/:item.
            Baselines: build(for:) + makeScreen: [String: closure] lookup + call.
            push + pop, present + dismiss: lookup + call + Array append/removeLast of a struct
            holding the screen. push + pop, against build(for:) + makeScreen (budget "build"):
            the router's own build(for:) + makeScreen of the same names. root replacement:
            lookup + call + Array removeAll(keepingCapacity:)/append. unknown-scene error: one
            failed lookup. open and write link: the same six navigations one by one. open
            universal link (200 routes, a two-item query; or a route per scene, 5 segments; or
            :user, :user/posts/:id, shop/item-:id, blog/:slug.html among a literal route per
            scene): navigate(.root) to the same scene with the same parameters, so the ratio is
            what reading and matching the link add. push + pop, SwiftUI state (budget "beside 10"):
            the same push and pop, SwiftUI's state following, beside a tab of 10 screens, so the
            ratio is what 10,000 more screens in the tree add.
            register, launch: inserting the same names and a closure into an empty Dictionary
            (ns/op is per entry for register rows, per launch for the launch row, whose budget
            is absolute). heap bytes / registered scene: one [String: closure] entry.
            open universal link, 5 segments, :user and item-:id should be flat from the smallest
            size to the largest.
            \(misses == 0 ? "Every figure is within budget." : "\(misses) figure(s) MISS budget.")
            checksum: \(String(checksum, radix: 16))
            """)
        return sections.joined(separator: "\n\n")
    }

    /// The rows over budget.
    var misses: [Row] { rows.filter { !$0.isWithinBudget } }

    /// The report as one JSON object with an array of rows, for tools.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let document = JSONDocument(
            mode: mode, rounds: rounds, checksum: String(checksum, radix: 16),
            rows: rows.map(JSONRow.init))
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }

    private static func ratioText(_ row: Row) -> String {
        row.ratio.map { "\(formatDecimal($0))x" } ?? "—"
    }

    /// Renders rows under a header, the first column left-aligned and the others right-aligned.
    private static func render(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return column == 0 ? cells[column] + padding : padding + cells[column]
            }
            .joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}

/// The JSON form of a report.
private struct JSONDocument: Encodable {
    let mode: String
    let rounds: Int
    let checksum: String
    let rows: [JSONRow]
}

/// The JSON form of a row; absent values are written as `null`.
private struct JSONRow: Encodable {
    let row: Row

    enum CodingKeys: String, CodingKey {
        case figure, names, size, unit, median, min, baselineMedian = "baseline_median", ratio
        case budgetKind = "budget_kind", budgetLimit = "budget_limit", budget, ok
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(row.figure, forKey: .figure)
        try container.encode(row.names.rawValue, forKey: .names)
        try container.encode(row.size, forKey: .size)
        try container.encode(row.unit.rawValue, forKey: .unit)
        try container.encode(rounded(row.median), forKey: .median)
        try container.encode(row.minimum.map(rounded), forKey: .min)
        try container.encode(row.baseline.map(rounded), forKey: .baselineMedian)
        try container.encode(row.ratio.map { ($0 * 1000).rounded() / 1000 }, forKey: .ratio)
        switch row.budget {
        case .ratio(let limit, _):
            try container.encode("ratio_at_most", forKey: .budgetKind)
            try container.encode(limit, forKey: .budgetLimit)
        case .atMost(let limit):
            try container.encode("value_at_most", forKey: .budgetKind)
            try container.encode(limit, forKey: .budgetLimit)
        case .below(let limit):
            try container.encode("value_below", forKey: .budgetKind)
            try container.encode(limit, forKey: .budgetLimit)
        }
        try container.encode(row.budget.text(unit: row.unit), forKey: .budget)
        try container.encode(row.isWithinBudget, forKey: .ok)
    }

    private func rounded(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}

/// `value` with two decimals below 10, one below 100 and none above or when it is whole:
/// `1.27`, `32.4`, `148`, `0`.
func formatDecimal(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    let magnitude = abs(value)
    let digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
    return String(format: "%.\(digits)f", value)
}

/// `value` with at most three decimals and no trailing zeros: `1.3`, `50`.
func formatCompact(_ value: Double) -> String {
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}

/// `value` with thousands separators, as in `100,000`.
func formatCount(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
        grouped.append(digit)
    }
    return value < 0 ? "-" + grouped : grouped
}
