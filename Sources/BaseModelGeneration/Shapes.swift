import BaseModelKit
import Foundation

/// What the samples showed at one place of the documents: every kind of value seen there, with what
/// the generator needs to choose a Swift type.
final class ValueShape {
    /// How many values were seen here (`null` included).
    var count = 0
    var nulls = 0
    var bools = 0
    var integers = 0
    var fractions = 0
    var strings = 0
    var objects = 0
    var arrays = 0
    /// The integers' range.
    var smallest = Int64.max
    var largest = Int64.min
    /// Whether an integer did not fit `Int64`.
    var integerOverflow = false
    /// Whether a number did not fit `UInt64` (a negative one beyond `Int64`, a fraction, or a larger
    /// integer), `Decimal` exactly, or `Double`'s range.
    var beyondUInt64 = false
    var beyondDecimal = false
    var beyondDouble = false
    /// Distinct strings, in the order first seen, until there are more than `distinctLimit`.
    var distinctStrings: [String] = []
    var tooManyDistinct = false
    /// Whether every string read as an ISO 8601 date.
    var allDates = true
    /// Whether every string had exactly three digits of fractional seconds (`…:00.000Z`), which the
    /// `.iso8601` transformer would write without when they are zero.
    var allMillisecondText = true
    /// The shape of the objects seen here (made when the first is seen: shapes nest).
    private(set) lazy var object: ObjectShape = ObjectShape()
    /// The shape of the elements of the arrays seen here.
    private(set) lazy var element: ValueShape = ValueShape()
    /// For arrays of objects: whether, in every array, each element had the member `key` with a value
    /// no other element of that array had (candidates for the identity, by key).
    var uniqueInEveryArray: [String: Bool] = [:]

    /// A string enum needs at most this many distinct values.
    static let distinctLimit = 12

    func observe(_ value: JSON) {
        count += 1
        switch value {
        case .null:
            nulls += 1
        case .bool:
            bools += 1
        case .number(let number):
            if number.isInteger, let integer = number.int64 {
                integers += 1
                smallest = min(smallest, integer)
                largest = max(largest, integer)
            } else if number.isInteger {
                integers += 1
                integerOverflow = true
                if number.uint64 == nil { beyondUInt64 = true }
            } else {
                fractions += 1
                beyondUInt64 = true
            }
            if number.decimal == nil { beyondDecimal = true }
            if number.double.map({ !$0.isFinite }) ?? true { beyondDouble = true }
        case .string(let text):
            strings += 1
            if allDates, !ISO8601Text.isDate(text) { allDates = false }
            if allMillisecondText, !ISO8601Text.hasMilliseconds(text) { allMillisecondText = false }
            if !tooManyDistinct, !distinctStrings.contains(text) {
                distinctStrings.append(text)
                if distinctStrings.count > Self.distinctLimit { tooManyDistinct = true }
            }
        case .object(let members):
            objects += 1
            object.observe(members)
        case .array(let elements):
            arrays += 1
            for element in elements { self.element.observe(element) }
            noteUniqueness(in: elements)
        }
    }

    /// Keeps, for each key the objects of `elements` share, whether its values were unique in this
    /// array and in every one before.
    private func noteUniqueness(in elements: [JSON]) {
        let objects = elements.compactMap(\.object)
        guard !objects.isEmpty, objects.count == elements.count else { return }
        var keys: [String] = []
        for (key, _) in objects[0] where !keys.contains(key) { keys.append(key) }
        for key in keys {
            let values = objects.map { $0[key] }
            let scalars = values.compactMap { value -> JSON? in
                switch value {
                case .number?, .string?: value
                default: nil
                }
            }
            let unique = scalars.count == values.count && Set(scalars).count == scalars.count
            uniqueInEveryArray[key] = (uniqueInEveryArray[key] ?? true) && unique
        }
        // A key missing from this array's elements is no identity.
        for key in uniqueInEveryArray.keys where !keys.contains(key) { uniqueInEveryArray[key] = false }
    }

    /// Whether anything other than `null` was seen.
    var hasValues: Bool { count > nulls }
    /// How many kinds of non-null value were seen (integers and fractions count as one: numbers).
    var kinds: Int {
        [bools, integers + fractions, strings, objects, arrays].filter { $0 > 0 }.count
    }
}

/// What the samples showed of the objects at one place: their members in the order first seen, the
/// shape of each member's values, and how many objects had each.
///
/// Each value is observed once, into the one shape the generator asks for: while every key seen here
/// is made of digits (an object keyed by ids, perhaps), the values are kept as they are, and observed
/// into `anyValue` (for a dictionary) or into the members' shapes (for a class) when one is first
/// asked for. (Observed into both as they came, every level of nesting doubled the work: 20 levels of
/// `{"a":…}` took seconds and gigabytes.)
final class ObjectShape {
    private(set) var count = 0
    private(set) var keys: [String] = []
    private(set) var presence: [String: Int] = [:]
    /// Whether every key of every object here was made of digits (an object keyed by ids).
    private(set) var allKeysNumeric = true
    /// Whether every value of every object here was an object (what a dictionary of models holds).
    private(set) var allValuesAreObjects = true
    /// The members' shapes observed so far.
    private var memberShapes: [String: ValueShape] = [:]
    /// The values seen while every key was numeric, in order; the first `observedPending` of them
    /// are in `memberShapes` already.
    private var pending: [(key: String, value: JSON)] = []
    private var observedPending = 0
    /// `anyValue`, once made, and how many pending values it holds.
    private var anyValueShape: ValueShape?
    private var anyValueCount = 0

    /// The shape of each member's values, by key.
    var members: [String: ValueShape] {
        observePendingMembers()
        return memberShapes
    }

    /// The shape of every member's value, whatever the key: for an object keyed by ids.
    var anyValue: ValueShape {
        if anyValueShape == nil || anyValueCount != pending.count {
            let shape = ValueShape()
            for entry in pending { shape.observe(entry.value) }
            anyValueShape = shape
            anyValueCount = pending.count
        }
        return anyValueShape!
    }

    func observe(_ object: JSONObject) {
        count += 1
        for (key, value) in object {
            if presence[key] == nil { keys.append(key) }
            presence[key, default: 0] += 1
            if case .object = value {} else { allValuesAreObjects = false }
            if allKeysNumeric, key.isEmpty || !key.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
                allKeysNumeric = false
                observePendingMembers()
            }
            if allKeysNumeric {
                pending.append((key, value))
            } else {
                shape(of: key).observe(value)
            }
        }
    }

    /// Whether every object had `key`.
    func isAlwaysPresent(_ key: String) -> Bool {
        presence[key] == count
    }

    private func shape(of key: String) -> ValueShape {
        if let shape = memberShapes[key] { return shape }
        let shape = ValueShape()
        memberShapes[key] = shape
        return shape
    }

    /// Observes the pending values not yet in the members' shapes.
    private func observePendingMembers() {
        while observedPending < pending.count {
            let entry = pending[observedPending]
            shape(of: entry.key).observe(entry.value)
            observedPending += 1
        }
    }
}

extension ValueShape {
    /// What `shapes` saw together, as far as a member's type is told from it: the kinds of value,
    /// the numbers' range, the strings, the arrays' identities. Their objects and elements are not
    /// combined (the generator reads those from each shape: `ClassModel.valueType`), and none of
    /// `shapes` changes.
    static func combining(_ shapes: [ValueShape]) -> ValueShape {
        if shapes.count == 1 { return shapes[0] }
        let combined = ValueShape()
        for other in shapes {
            combined.count += other.count
            combined.nulls += other.nulls
            combined.bools += other.bools
            combined.integers += other.integers
            combined.fractions += other.fractions
            combined.strings += other.strings
            combined.objects += other.objects
            combined.arrays += other.arrays
            combined.smallest = min(combined.smallest, other.smallest)
            combined.largest = max(combined.largest, other.largest)
            combined.integerOverflow = combined.integerOverflow || other.integerOverflow
            combined.beyondUInt64 = combined.beyondUInt64 || other.beyondUInt64
            combined.beyondDecimal = combined.beyondDecimal || other.beyondDecimal
            combined.beyondDouble = combined.beyondDouble || other.beyondDouble
            combined.allDates = combined.allDates && other.allDates
            combined.allMillisecondText = combined.allMillisecondText && other.allMillisecondText
            for text in other.distinctStrings where !combined.distinctStrings.contains(text) { combined.distinctStrings.append(text) }
            combined.tooManyDistinct = combined.tooManyDistinct || other.tooManyDistinct || combined.distinctStrings.count > distinctLimit
            for (key, unique) in other.uniqueInEveryArray { combined.uniqueInEveryArray[key] = (combined.uniqueInEveryArray[key] ?? true) && unique }
        }
        return combined
    }
}

/// Recognises ISO 8601 date-times as the library's `.iso8601` transformer reads them:
/// `2026-11-22T10:15:00Z`, with optional fractional seconds and a `Z` or `±hh:mm` offset.
enum ISO8601Text {
    /// Whether `text` reads as a date with the `.iso8601` transformer: it has the form, and the
    /// library's own reader takes it (`…T23:59:60Z`, a day 31 in a month of 30, are refused there).
    static func isDate(_ text: String) -> Bool {
        hasForm(text) && (try? DateProbe.decode(from: ["d": .string(text)] as JSONObject)) != nil
    }

    private final class DateProbe: BaseModel {
        var date = Date(timeIntervalSince1970: 0)
        override class var apiToLocal: [String: String] { ["d": "date"] }
        override class var transformers: [String: JSONTransformer] { ["date": .iso8601] }
    }

    /// The format that writes a date as `text` writes it: with exactly three digits of fractional
    /// seconds (`2016-09-27T11:45:00.000Z`, `…00.000+01:00`).
    static let millisecondFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"

    /// Whether `text` has exactly three digits of fractional seconds before its zone.
    static func hasMilliseconds(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 24, bytes[19] == UInt8(ascii: "."), (20...22).allSatisfy({ (0x30...0x39).contains(bytes[$0]) }) else { return false }
        return bytes[23] == UInt8(ascii: "Z") || bytes[23] == UInt8(ascii: "+") || bytes[23] == UInt8(ascii: "-")
    }

    private static func hasForm(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return false }
        func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { $0 < bytes.count && (0x30...0x39).contains(bytes[$0]) } }
        guard digits(0..<4), bytes[4] == 0x2D, digits(5..<7), bytes[7] == 0x2D, digits(8..<10), bytes[10] == 0x54 || bytes[10] == 0x74,
              digits(11..<13), bytes[13] == 0x3A, digits(14..<16), bytes[16] == 0x3A, digits(17..<19) else { return false }
        var index = 19
        if bytes[index] == 0x2E {
            index += 1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        guard index < bytes.count else { return false }
        if bytes[index] == 0x5A || bytes[index] == 0x7A { return index + 1 == bytes.count }
        guard bytes[index] == 0x2B || bytes[index] == 0x2D, index + 6 == bytes.count, digits(index + 1..<index + 3), bytes[index + 3] == 0x3A,
              digits(index + 4..<index + 6) else { return false }
        return true
    }
}
