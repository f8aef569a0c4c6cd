/// Writes a link byte by byte into one buffer.
///
/// Its start goes in as it is, then delimiters as they are and names and values
/// percent-encoded: the one writer of both link forms, the package's own deep links and
/// universal links.
struct LinkWriter {
    private var bytes: [UInt8] = []

    /// Starts a link of `format`: `scheme://host/`, written piece by piece (an interpolated
    /// prefix would make a string first).
    init(_ format: DeepLinkFormat) {
        self.init(start: format.scheme)
        bytes.append(contentsOf: "://".utf8)
        bytes.append(contentsOf: format.host.utf8)
        bytes.append(UInt8(ascii: "/"))
    }

    /// Starts a link with `start` as it is: `https://example.com/`, `shop://`.
    init(start: String) {
        bytes.reserveCapacity(128)
        bytes.append(contentsOf: start.utf8)
    }

    /// Appends a delimiter of the grammar (`/`, `+`, `;`, `=`, `?`, `&`) as it is.
    mutating func appendDelimiter(_ delimiter: UInt8) {
        bytes.append(delimiter)
    }

    /// Appends `text`, percent-encoded.
    mutating func appendEncoded(_ text: String) {
        for byte in text.utf8 { appendEncoded(byte) }
    }

    /// Appends `[attribute,…]`, each attribute percent-encoded after its `:`; nothing when
    /// there are none.
    mutating func appendAttributes(_ attributes: [String]) {
        guard !attributes.isEmpty else { return }
        bytes.append(UInt8(ascii: "["))
        for (index, attribute) in attributes.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            // Split on the byte `:`: a value may begin with a combining mark, which would join
            // the `:` in one Character.
            let utf8 = Array(attribute.utf8)
            if let colon = utf8.firstIndex(of: UInt8(ascii: ":")) {
                bytes.append(contentsOf: utf8[...colon])
                for byte in utf8[(colon + 1)...] { appendEncoded(byte) }
            } else {
                bytes.append(contentsOf: attribute.utf8)
            }
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The attributes that write `style`: none for a default sheet, `nil` for an alert's or a
    /// dialog's, which links leave out.
    static func attributes(of style: PresentationStyle) -> [String]? {
        switch style {
        case .sheet(let detents, let selected, let interactiveDismissal):
            var words = detents == [.large] ? [] : detents.map(\.word)
            if let selected { words.append("at:" + selected.word) }
            if !interactiveDismissal { words.append("fixed") }
            return words
        case .fullScreenCover:
            return ["full-screen"]
        case .popover(let anchor, let interactiveDismissal):
            return ["popover:" + anchor] + (interactiveDismissal ? [] : ["fixed"])
        case .alert, .confirmationDialog:
            return nil
        }
    }

    /// Appends the parameters as `;name=value` pairs, sorted by name.
    mutating func appendParameters(_ parameters: SceneParameters) {
        guard !parameters.isEmpty else { return }
        for (key, value) in parameters.sorted {
            bytes.append(UInt8(ascii: ";"))
            appendEncoded(key)
            bytes.append(UInt8(ascii: "="))
            appendEncoded(value)
        }
    }

    private mutating func appendEncoded(_ byte: UInt8) {
        PercentEncoding.append(byte, to: &bytes)
    }

    /// The link written so far.
    var link: String { String(decoding: bytes, as: UTF8.self) }
}

/// Percent-encoding of UTF-8 text, as links need it.
enum PercentEncoding {
    /// Whether `byte` is written as it is: ASCII letters, digits, `-`, `.`, `_`, `~`, `:` and
    /// `@`; every other byte is escaped.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "@"):
            return true
        default:
            return false
        }
    }

    /// Appends `byte` to `bytes` as it is when it is unreserved, else as `%XX`: the one
    /// encoder of both link forms.
    static func append(_ byte: UInt8, to bytes: inout [UInt8]) {
        if isUnreserved(byte) {
            bytes.append(byte)
        } else {
            bytes.append(UInt8(ascii: "%"))
            bytes.append(hexDigit(byte >> 4))
            bytes.append(hexDigit(byte & 0x0F))
        }
    }

    /// The uppercase hexadecimal digit for `value` (0 to 15).
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// Unescapes `%XX` sequences in the UTF-8 bytes of a link; `nil` when one is malformed or
    /// the result is not UTF-8.
    static func decode(_ text: ArraySlice<UInt8>) -> String? {
        // The bytes come from a String, split at ASCII delimiters, so they are valid UTF-8
        // unless escapes make them otherwise.
        guard text.contains(UInt8(ascii: "%")) else {
            return String(decoding: text, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue),
                let low = iterator.next().flatMap(hexValue)
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
