import Foundation

/// A JSON number that never loses information.
///
/// The parser keeps the exact decimal text of every number it reads, so integers beyond 64 bits and
/// decimals with more digits than a `Double` holds survive a round trip unchanged. The accessors are
/// exact: `int64`, `uint64` and `int(exactly:)` return `nil` rather than round or truncate, `double`
/// returns the nearest `Double` (or `nil` when the value overflows it) and `decimal` returns `nil`
/// when `Decimal` cannot hold the value exactly.
///
/// Two numbers are equal when they denote the same mathematical value: `1`, `1.0` and `10e-1` are
/// equal, and `-0` equals `0`.
public struct JSONNumber: Sendable {
    @usableFromInline package enum Storage: Sendable {
        /// An integer that fits in 64 bits, as read or as built from an integer.
        case int(Int64)
        /// A value built from a `Double` (possibly not finite: the writer refuses those).
        case double(Double)
        /// The exact text of a number as it appeared in JSON; always valid JSON number grammar.
        case text(String)
        /// The same, for texts of up to 31 characters, packed four bits a character: no allocation
        /// (the parser made a `String` for each such number).
        case packed(PackedNumberText)
        /// The same, for a number without an exponent of at most 19 digits, as its digits and the
        /// point's place: read as a `Double` without going through its characters.
        case short(ShortDecimal)
    }

    @usableFromInline package let storage: Storage

    @usableFromInline package init(storage: Storage) {
        self.storage = storage
    }

    /// A number holding `value` exactly.
    public init<T: BinaryInteger>(_ value: T) {
        if let small = Int64(exactly: value) {
            storage = .int(small)
        } else {
            storage = .text(String(value))
        }
    }

    /// A number holding `value`. A NaN or infinite value can be held but not written as JSON.
    public init(_ value: Double) {
        storage = .double(value)
    }

    /// A number holding `value` exactly, written with all of its digits.
    public init(_ value: Decimal) {
        storage = .text(value.description)
    }

    /// The number spelled by `text`, which must follow JSON's number grammar (`-12`, `0.5`, `1e-7`);
    /// `nil` otherwise.
    public init?(text: String) {
        guard JSONNumber.isValidNumberText(text) else { return nil }
        storage = .text(text)
    }

    /// The exact text this number is written as in JSON. For a number built from a `Double`, the
    /// shortest text that reads back as the same `Double`.
    public var text: String {
        switch storage {
        case .int(let value): return String(value)
        case .double(let value): return value.description
        case .text(let text): return text
        case .packed(let packed): return packed.text
        case .short(let short): return short.text
        }
    }

    /// The value as an `Int64` if it is an integer in range; `nil` otherwise (never rounded).
    public var int64: Int64? { int(exactly: Int64.self) }

    /// The value as a `UInt64` if it is a non-negative integer in range; `nil` otherwise.
    public var uint64: UInt64? { int(exactly: UInt64.self) }

    /// The value as an integer of type `T` if it is an integer that `T` holds exactly; `nil` when it has
    /// a fraction or is out of range. `1.0` and `1e2` are integers; `1.5` is not.
    public func int<T: FixedWidthInteger>(exactly type: T.Type = Int.self) -> T? {
        integer(exactly: type)
    }

    /// `int(exactly:)` for the library, inlinable so that the caller's integer type specialises it
    /// (a public generic function runs unspecialised in another module).
    @inlinable package func integer<T: FixedWidthInteger>(exactly type: T.Type) -> T? {
        switch storage {
        case .int(let value):
            return T(exactly: value)
        case .double(let value):
            return T(exactly: value)
        case .text(let text):
            return JSONNumber.exactInteger(fromText: text, as: T.self)
        case .packed(let packed):
            return JSONNumber.exactInteger(fromText: packed.text, as: T.self)
        case .short(let short):
            return short.integer(exactly: T.self)
        }
    }

    /// The nearest `Double`, or `nil` when the value's magnitude is too large for a `Double`
    /// (`1e400`). Values too small to represent (`1e-400`) round to zero like any other decimal does.
    public var double: Double? {
        let value: Double
        switch storage {
        // An integer, or at most 19 digits with no exponent: always finite.
        case .int(let int): return Double(int)
        case .short(let short): return short.double
        case .double(let double): value = double
        case .text(let text):
            guard let parsed = Double(text) else { return nil }
            value = parsed
        case .packed(let packed):
            // An exponent, or more digits than `.short` takes: read from its text.
            guard let parsed = Double(packed.text) else { return nil }
            value = parsed
        }
        return value.isFinite ? value : nil
    }

    /// The value as a `Decimal` if `Decimal` holds it exactly (38 significant digits and a limited
    /// exponent range); `nil` otherwise.
    public var decimal: Decimal? {
        switch storage {
        case .int(let value):
            return Decimal(value)
        case .double(let value):
            guard value.isFinite else { return nil }
            return JSONNumber.exactDecimal(fromText: value.description)
        case .text(let text):
            return JSONNumber.exactDecimal(fromText: text)
        case .packed(let packed):
            return JSONNumber.exactDecimal(fromText: packed.text)
        case .short(let short):
            return JSONNumber.exactDecimal(significand: short.significand, exponent: -Int(short.fractionDigits), isNegative: short.isNegative)
        }
    }

    /// The value as a significand of at most 19 digits without trailing zeros, an exponent within
    /// `Decimal`'s and a sign (zero: 0, 0, `false`); `nil` for any other (a `Double`, more digits):
    /// two numbers that have one are the same value exactly when theirs are the same. (Read without
    /// a `Decimal`, which cost several times as much to make and compare.)
    package var shortValue: (significand: UInt64, exponent: Int, isNegative: Bool)? {
        switch storage {
        case .int(let value):
            return JSONNumber.shortValue(significand: value.magnitude, exponent: 0, isNegative: value < 0)
        case .double:
            return nil
        case .text(let text):
            return JSONNumber.shortValue(ofText: text)
        case .packed(let packed):
            return JSONNumber.shortValue(ofText: packed.text)
        case .short(let short):
            return JSONNumber.shortValue(significand: short.significand, exponent: -Int(short.fractionDigits), isNegative: short.isNegative)
        }
    }

    /// `shortValue` of number text, read without an array (the array was most of what a decimal
    /// string's value cost): `nil` for more than 19 significant digits too.
    @usableFromInline package static func shortValue(ofText text: String) -> (significand: UInt64, exponent: Int, isNegative: Bool)? {
        var significand: UInt64 = 0
        var digitCount = 0
        let parts = withBytes(of: text) { text in
            numberParts(of: text) { digit in
                guard digitCount < 19 else { return false }
                significand = significand &* 10 &+ UInt64(digit)
                digitCount += 1
                return true
            }
        }
        guard parts.complete else { return nil }
        return shortValue(significand: significand, exponent: parts.exponent, isNegative: parts.isNegative)
    }

    /// `shortValue` of `significand` × 10^`exponent`. Inlined into the reading of a text, which it
    /// ends: out of line, its call and the optional tuple it returns added to every reading.
    @inline(__always)
    @inlinable package static func shortValue(significand: UInt64, exponent: Int, isNegative: Bool) -> (significand: UInt64, exponent: Int, isNegative: Bool)? {
        guard significand != 0 else { return (0, 0, false) }
        let compact = compact(significand: significand, exponent: exponent)
        return (-128...127).contains(compact.exponent) ? (compact.significand, compact.exponent, isNegative) : nil
    }

    /// `significand` × 10^`exponent` written without the significand's trailing zeros: the form that
    /// equal values other than zero share.
    @inlinable package static func compact(significand: UInt64, exponent: Int) -> (significand: UInt64, exponent: Int) {
        var significand = significand
        var exponent = exponent
        while significand != 0, significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        return (significand, exponent)
    }

    /// Whether the value is a whole number (`3`, `3.0`, `3e2`).
    public var isInteger: Bool {
        switch storage {
        case .int: return true
        case .double(let value): return value.isFinite && value.rounded(.towardZero) == value
        case .text, .packed, .short: return canonical.exponent >= 0
        }
    }
}

// MARK: - Exact conversions

extension JSONNumber {
    /// The canonical form of a number: sign, significant digits without leading or trailing zeros,
    /// and a decimal exponent, so that equal values have equal forms.
    @usableFromInline package struct Canonical: Hashable {
        @usableFromInline package var isNegative: Bool
        @usableFromInline package var digits: [UInt8]
        @usableFromInline package var exponent: Int
    }

    /// Exponents are clamped to this magnitude while reading text; no real value comes near it.
    private static let exponentLimit = 1 << 48

    @usableFromInline package var canonical: Canonical {
        switch storage {
        case .int(let value):
            return JSONNumber.canonical(ofText: String(value))
        case .double(let value):
            guard value.isFinite else {
                // Not a real number: give it a form that no text produces.
                return Canonical(isNegative: value.sign == .minus, digits: value.isNaN ? [0x4E] : [0x49], exponent: 0)
            }
            return JSONNumber.canonical(ofText: value.description)
        case .text(let text):
            return JSONNumber.canonical(ofText: text)
        case .packed(let packed):
            return JSONNumber.canonical(ofText: packed.text)
        case .short(let short):
            return JSONNumber.canonical(ofText: short.text)
        }
    }

    /// Reads a number written in JSON grammar (or Swift's `Double.description`, which only adds
    /// `+` in exponents) into its canonical form.
    @usableFromInline package static func canonical(ofText text: String) -> Canonical {
        // Room for every byte of the text at once: grown from empty, the digits of a long integer
        // took two or three allocations.
        var digits: [UInt8] = []
        digits.reserveCapacity(text.utf8.count)
        let parts = withBytes(of: text) { text in
            numberParts(of: text) { digit in
                digits.append(digit)
                return true
            }
        }
        var scale = parts.exponent
        while let last = digits.last, last == 0 {
            digits.removeLast()
            scale += 1
        }
        if digits.isEmpty {
            return Canonical(isNegative: false, digits: [], exponent: 0)
        }
        return Canonical(isNegative: parts.isNegative, digits: digits, exponent: scale)
    }

    /// `body` with the UTF-8 bytes of `text`, lent for the call: sound as long as `body` reads them
    /// there, within their count, and keeps no pointer to them.
    private static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // Sound: the contiguous UTF-8 is lent for the call and read within its count. (Through the
        // `String`'s UTF-8 view, each byte cost several times as much.)
        text.utf8.withContiguousStorageIfAvailable(body) ?? Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// The parts of number text: each digit of its significand from the first that is not zero goes
    /// to `digit`, which returns whether it takes more (when it does not, the reading stops there
    /// and `complete` is `false`); the sign, and the exponent of the last digit read.
    @inline(__always)
    private static func numberParts(of text: UnsafeBufferPointer<UInt8>, digit: (UInt8) -> Bool) -> (isNegative: Bool, exponent: Int, complete: Bool) {
        var isNegative = false
        var fractionDigits = 0
        var exponent = 0
        var exponentIsNegative = false
        var started = false
        var complete = true
        var phase = 0  // 0: integer part, 1: fraction, 2: exponent
        for byte in text {
            switch byte {
            case UInt8(ascii: "-"):
                if phase == 2 { exponentIsNegative = true } else { isNegative = true }
            case UInt8(ascii: "."):
                phase = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                phase = 2
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let value = byte &- UInt8(ascii: "0")
                if phase == 2 {
                    exponent = min(exponent * 10 + Int(value), exponentLimit)
                } else if complete {
                    if phase == 1 { fractionDigits += 1 }
                    if value == 0 && !started { continue }
                    started = true
                    complete = digit(value)
                }
            default:
                break
            }
        }
        return (isNegative, (exponentIsNegative ? -exponent : exponent) - fractionDigits, complete)
    }

    @inlinable package static func exactInteger<T: FixedWidthInteger>(fromText text: String, as type: T.Type) -> T? {
        let form = canonical(ofText: text)
        guard form.exponent >= 0 else { return nil }
        if form.digits.isEmpty { return 0 }
        // A value with more digits than any 64-bit integer's cannot fit; stop before multiplying.
        guard form.digits.count + form.exponent <= 40 else { return nil }
        var value: T = 0
        // The digits, then a zero for each place of the exponent (not an array of them made first).
        for index in 0..<(form.digits.count + form.exponent) {
            let digit = index < form.digits.count ? form.digits[index] : 0
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            if overflow1 { return nil }
            let (next, overflow2) = form.isNegative
                ? shifted.subtractingReportingOverflow(T(digit))
                : shifted.addingReportingOverflow(T(digit))
            if overflow2 { return nil }
            value = next
        }
        return value
    }

    @inlinable package static func exactDecimal(fromText text: String) -> Decimal? {
        // Longer numbers, and numbers beyond `Decimal`'s exponents, through the array below.
        if let short = shortValue(ofText: text) {
            return exactDecimal(significand: short.significand, exponent: short.exponent, isNegative: short.isNegative)
        }
        let form = canonical(ofText: text)
        if form.digits.isEmpty { return Decimal(0) }
        // Decimal keeps up to 38 significant digits and an exponent in -128...127.
        guard form.digits.count <= 38, form.exponent >= -128, form.exponent <= 127 else { return nil }
        if form.digits.count <= 19 {
            // Up to 19 digits fit a `UInt64`: one conversion. (`Decimal`'s own arithmetic per digit
            // allocated arrays and looked up their metadata.) `DecimalTests` checks both ways give
            // the same values.
            var whole: UInt64 = 0
            for digit in form.digits {
                whole = whole &* 10 &+ UInt64(digit)
            }
            return exactDecimal(significand: whole, exponent: form.exponent, isNegative: form.isNegative)
        }
        return Decimal(sign: form.isNegative ? .minus : .plus, exponent: form.exponent, significand: digitByDigit(form.digits))
    }

    /// `significand` × 10^`exponent` (an exponent of a short number, well within `Decimal`'s),
    /// made as `exactDecimal(fromText:)` makes it: from the significand without its trailing zeros.
    @inlinable package static func exactDecimal(significand: UInt64, exponent: Int, isNegative: Bool) -> Decimal {
        guard significand != 0 else { return Decimal(0) }
        let compact = compact(significand: significand, exponent: exponent)
        return Decimal(sign: isNegative ? .minus : .plus, exponent: compact.exponent, significand: Decimal(compact.significand))
    }

    /// The whole number `digits` spell, by `Decimal` arithmetic.
    @inlinable package static func digitByDigit(_ digits: [UInt8]) -> Decimal {
        var significand = Decimal(0)
        for digit in digits {
            significand = significand * 10 + Decimal(Int(digit))
        }
        return significand
    }

    /// Whether `text` is exactly one number in JSON's grammar, read in place: copied into an array,
    /// it was an allocation per `Float` written. Out of line, so that the initializer stays as
    /// small as it was where it is inlined (the integer coders' slow paths).
    @inline(never)
    @inlinable package static func isValidNumberText(_ text: String) -> Bool {
        // Sound: the contiguous UTF-8 is lent for the call and read within its count.
        text.utf8.withContiguousStorageIfAvailable { isValidNumberText($0) } ?? isValidNumberText(Array(text.utf8))
    }

    /// Whether `bytes` is exactly one number in JSON's grammar:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    @inlinable package static func isValidNumberText<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        var index = bytes.startIndex
        func digits() -> Int {
            let start = index
            while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index - start
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.endIndex else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}

// MARK: - Conformances

extension JSONNumber: Hashable {
    /// Whether two numbers denote the same value (`1 == 1.0 == 10e-1`).
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b || (a.isNaN && b.isNaN)
        default: return lhs.canonical == rhs.canonical
        }
    }

    /// Hashes the value, not its spelling, to agree with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(canonical)
    }
}

extension JSONNumber: ExpressibleByIntegerLiteral {
    /// An integer literal, exactly.
    public init(integerLiteral value: Int64) {
        storage = .int(value)
    }
}

extension JSONNumber: ExpressibleByFloatLiteral {
    /// A floating-point literal, as the `Double` it denotes.
    public init(floatLiteral value: Double) {
        storage = .double(value)
    }
}

extension JSONNumber: CustomStringConvertible {
    /// The number's JSON text.
    public var description: String { text }
}
