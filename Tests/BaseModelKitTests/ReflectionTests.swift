// @testable: these tests exercise the runtime-level field access directly (typed stores at field
// offsets), which is internal; proving it sound is the point of the suite.
@testable import BaseModelKit
import Dispatch
import Foundation
import Synchronization
import Testing

/// Live instances of `Tracked`, to prove that stores neither leak nor free twice.
private let liveTracked = Mutex(0)

private final class Tracked: CustomStringConvertible {
    let value: Int
    init(_ value: Int) {
        self.value = value
        liveTracked.withLock { $0 += 1 }
    }
    deinit { liveTracked.withLock { $0 -= 1 } }
    var description: String { "Tracked(\(value))" }
}

private class Holder {
    var text: String = ""
    var list: [Tracked] = []
    var child: Tracked?
    var existential: any CustomStringConvertible = 0
    var anything: Any = 0
    var number: Int = 0
    let constant: Int = 1
    weak var weakChild: Tracked?
}

private final class SubHolder: Holder {
    var extra: String = "x"
}

@Suite("Reflection", .serialized)
struct ReflectionTests {
    @Test("the self-test passes in this build")
    func selfTest() {
        #expect(ReflectionSelfTest.passes)
    }

    @Test("fields of the subclass and its superclass are listed, superclass first, with their owners")
    func inheritedFields() {
        let fields = RuntimeFields.storedFields(of: SubHolder.self)
        #expect(fields.map(\.name) == ["text", "list", "child", "existential", "anything", "number", "constant", "weakChild", "extra"])
        #expect(fields.first { $0.name == "extra" }?.declaringClass == SubHolder.self)
        #expect(fields.first { $0.name == "text" }?.declaringClass == Holder.self)
        #expect(fields.first { $0.name == "constant" }?.isVar == false)
        #expect(fields.first { $0.name == "weakChild" }?.isStrong == false)
        #expect(fields.first { $0.name == "number" }?.type == Int.self)
    }

    @Test("handles exist only for strong vars of the exact type")
    func handleChecks() {
        let fields = RuntimeFields.storedFields(of: Holder.self)
        let byName = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0) })
        #expect(FieldHandle<Int>(field: byName["number"]!) != nil)
        #expect(FieldHandle<Int32>(field: byName["number"]!) == nil)
        #expect(FieldHandle<Int>(field: byName["constant"]!) == nil)
        #expect(FieldHandle<Tracked?>(field: byName["weakChild"]!) == nil)
    }

    @Test("writing and overwriting every kind of field thousands of times leaks nothing and frees nothing twice")
    func noLeaks() {
        let fields = RuntimeFields.storedFields(of: SubHolder.self)
        let byName = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0) })
        let text = FieldHandle<String>(field: byName["text"]!)!
        let list = FieldHandle<[Tracked]>(field: byName["list"]!)!
        let child = FieldHandle<Tracked?>(field: byName["child"]!)!
        let existential = FieldHandle<any CustomStringConvertible>(field: byName["existential"]!)!
        let anything = FieldHandle<Any>(field: byName["anything"]!)!
        let extra = FieldHandle<String>(field: byName["extra"]!)!
        let baseline = liveTracked.withLock { $0 }
        do {
            var holders = (0..<20).map { _ in SubHolder() }
            for round in 0..<5_000 {
                let holder = holders[round % holders.count]
                text.write("a string long enough to live on the heap \(round)", to: holder)
                list.write([Tracked(round), Tracked(round + 1)], to: holder)
                child.write(round % 3 == 0 ? nil : Tracked(round), to: holder)
                existential.write(Tracked(round), to: holder)
                anything.write(round % 2 == 0 ? Tracked(round) as Any : "text \(round)" as Any, to: holder)
                extra.write("extra \(round)", to: holder)
                #expect(list.read(from: holder).map(\.value) == [round, round + 1])
                #expect(holder.text.hasSuffix("\(round)") && holder.extra == "extra \(round)")
            }
            #expect(liveTracked.withLock { $0 } > baseline)
            holders.removeAll()
        }
        #expect(liveTracked.withLock { $0 } == baseline)
    }

    @Test("a snapshot restores every field and releases what it held")
    func snapshots() {
        let baseline = liveTracked.withLock { $0 }
        do {
            let holder = Holder()
            holder.text = "before"
            holder.list = [Tracked(1)]
            let snapshot = ObjectSnapshot(of: holder, fields: RuntimeFields.storedFields(of: Holder.self))
            holder.text = "after"
            holder.list = [Tracked(2), Tracked(3)]
            holder.child = Tracked(4)
            holder.number = 9
            snapshot.restore()
            #expect(holder.text == "before" && holder.list.map(\.value) == [1] && holder.child == nil && holder.number == 0)
        }
        #expect(liveTracked.withLock { $0 } == baseline)
    }
}

/// Live instances of `CountedModel`, to prove that decoding and updating through the public API
/// releases every object it replaces.
private let liveModels = Mutex(0)

final class CountedModel: BaseModel {
    var name: String = ""
    var children: [CountedModel] = []
    var best: CountedModel?
    override class var apiToLocal: [String: String] { ["n": "name", "c": "children", "b": "best"] }
    required init() {
        super.init()
        liveModels.withLock { $0 += 1 }
    }
    deinit { liveModels.withLock { $0 -= 1 } }
}

@Suite("Model lifetimes", .serialized)
struct ModelLifetimeTests {
    @Test("a thousand decodes and updates leave no model alive")
    func noModelLeaks() throws {
        let baseline = liveModels.withLock { $0 }
        do {
            let root = try CountedModel.decode(from: #"{"n":"root","c":[{"n":"a"},{"n":"b","c":[{"n":"c"}]}],"b":{"n":"best"}}"#)
            for round in 0..<1_000 {
                try root.update(from: #"{"c":[{"n":"x\#(round)"}],"b":{"n":"y"}}"#)
                _ = try? root.update(from: #"{"c":[{"n":"z"}],"b":{"n":[]}}"#)
                _ = try CountedModel.decode(from: try root.jsonData())
            }
            #expect(root.children.map(\.name) == ["x999"])
        }
        #expect(liveModels.withLock { $0 } == baseline)
    }
}

/// Live instances of `UpcastCounted`: a reference read through `ClassDowncast.model` must be retained
/// and released like any other.
private let liveUpcastCounted = Mutex(0)

private final class UpcastCounted: BaseModel {
    required init() {
        super.init()
        liveUpcastCounted.withLock { $0 += 1 }
    }
    deinit { liveUpcastCounted.withLock { $0 -= 1 } }
}

@Suite("Class downcast")
struct ClassDowncastTests {
    @Test("a reference to a class or a subclass converts to the declared class unchanged")
    func downcast() {
        let person: AnyObject = Person()
        let manager: AnyObject = Manager()
        #expect(ClassDowncast.reference(person, as: Person.self) === person)
        let asEmployee = ClassDowncast.reference(manager, as: Employee.self)
        #expect(asEmployee === manager)
        asEmployee.salary = 5
        #expect((manager as? Manager)?.salary == 5)
    }

    @Test("a value of a generic model type reads as the same BaseModel reference, and keeps it alive")
    func upcast() {
        func viewed<Declared>(_ value: Declared) -> BaseModel { ClassDowncast.reference(of: value, as: BaseModel.self) }
        do {
            let manager = Manager()
            manager.salary = 7
            let model = viewed(manager)
            #expect(model === manager)
            #expect((model as? Manager)?.salary == 7)
            let person = Person()
            #expect(viewed(person) === person)
            var viewedCounted: BaseModel? = viewed(UpcastCounted())
            #expect(viewedCounted is UpcastCounted)
            #expect(liveUpcastCounted.withLock { $0 } == 1)
            viewedCounted = nil
            _ = viewedCounted
        }
        #expect(liveUpcastCounted.withLock { $0 } == 0)
    }
}

/// A raw-value enum with every one-byte tag in use.
enum Wide: String {
    case c0,c1,c2,c3,c4,c5,c6,c7,c8,c9,c10,c11,c12,c13,c14,c15,c16,c17,c18,c19,c20,c21,c22,c23,c24,c25,c26,c27,c28,c29,c30,c31,c32,c33,c34,c35,c36,c37,c38,c39,c40,c41,c42,c43,c44,c45,c46,c47,c48,c49,c50,c51,c52,c53,c54,c55,c56,c57,c58,c59,c60,c61,c62,c63,c64,c65,c66,c67,c68,c69,c70,c71,c72,c73,c74,c75,c76,c77,c78,c79,c80,c81,c82,c83,c84,c85,c86,c87,c88,c89,c90,c91,c92,c93,c94,c95,c96,c97,c98,c99,c100,c101,c102,c103,c104,c105,c106,c107,c108,c109,c110,c111,c112,c113,c114,c115,c116,c117,c118,c119,c120,c121,c122,c123,c124,c125,c126,c127,c128,c129,c130,c131,c132,c133,c134,c135,c136,c137,c138,c139,c140,c141,c142,c143,c144,c145,c146,c147,c148,c149,c150,c151,c152,c153,c154,c155,c156,c157,c158,c159,c160,c161,c162,c163,c164,c165,c166,c167,c168,c169,c170,c171,c172,c173,c174,c175,c176,c177,c178,c179,c180,c181,c182,c183,c184,c185,c186,c187,c188,c189,c190,c191,c192,c193,c194,c195,c196,c197,c198,c199,c200,c201,c202,c203,c204,c205,c206,c207,c208,c209,c210,c211,c212,c213,c214,c215,c216,c217,c218,c219,c220,c221,c222,c223,c224,c225,c226,c227,c228,c229,c230,c231,c232,c233,c234,c235,c236,c237,c238,c239,c240,c241,c242,c243,c244,c245,c246,c247,c248,c249,c250,c251,c252,c253,c254,c255
}

enum Pair: String {
    case on, off
}

enum Carrying {
    case text(String)
    case nothing
}

@Suite("Trivial bits")
struct TrivialBitsTests {
    @Test("every case of one-byte raw-value enums survives the trip through its bit pattern")
    func roundTrip() {
        #expect(TrivialBits.isStorable(Pair.self) && TrivialBits.isStorable(Wide.self))
        for value in [Pair.on, .off] {
            #expect(TrivialBits.value(bits: TrivialBits.bits(of: value), as: Pair.self) == value)
        }
        var seen = Set<UInt8>()
        for index in 0..<256 {
            let value = Wide(rawValue: "c\(index)")!
            let bits = TrivialBits.bits(of: value)
            seen.insert(bits)
            let again = TrivialBits.value(bits: bits, as: Wide.self)
            #expect(again == value && again.rawValue == "c\(index)")
        }
        #expect(seen.count == 256)
    }

    @Test("types that are not one trivial byte are refused")
    func refused() {
        #expect(!TrivialBits.isStorable(String.self))
        #expect(!TrivialBits.isStorable(Int64.self))
        #expect(!TrivialBits.isStorable(Carrying.self))
        #expect(!TrivialBits.isStorable(Optional<Wide>.self))
        #expect(!TrivialBits.isStorable(AnyObject.self))
    }
}

@Suite("Learned enum cases")
struct LearnedEnumCaseTests {
    @Test("string raw-value enums decode the same the first time and every time after")
    func repeated() throws {
        let statuses = ["open", "suspended", "closed", "closed", "open", "suspended", "open"]
        let text = "[" + statuses.map { #"{"i":"m","s":"\#($0)"}"# }.joined(separator: ",") + #",{"i":"m","s":"\u006fpen"}]"#
        for _ in 0..<3 {
            let markets = try Market.decodeArray(from: text)
            #expect(markets.map(\.status.rawValue) == statuses + ["open"])
        }
        // A raw value never learned is still an error with its message, before and after learning.
        #expect(message { _ = try Market.decode(from: #"{"s":"gone"}"#) } == #"Expected Status at s (Market.status) but found a string "gone"."#)
        #expect(message { _ = try Market.decode(from: #"{"s":"ope"}"#) } == #"Expected Status at s (Market.status) but found a string "ope"."#)
        #expect(message { _ = try Market.decode(from: #"{"s":"openn"}"#) } == #"Expected Status at s (Market.status) but found a string "openn"."#)
        #expect(try Market.decode(from: #"{"s":"closed"}"#).status == .closed)
    }
}

/// Live instances of `PublishedTable`, to prove that `PublishedReference` keeps and then frees them.
private let livePublished = Mutex(0)

private final class PublishedTable: Sendable {
    let count: Int
    let values: [Int]
    init(count: Int) {
        self.count = count
        self.values = Array(0..<count)
        livePublished.withLock { $0 += 1 }
    }
    deinit { livePublished.withLock { $0 -= 1 } }
}

@Suite("Published reference", .serialized)
struct PublishedReferenceTests {
    @Test("readers racing a writer only ever see whole objects, in the order they were published")
    func racingReaders() {
        let reference = PublishedReference<PublishedTable>()
        #expect(reference.read { $0 == nil })
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread == 0 {
                for count in 1...2_000 {
                    reference.publish { current in
                        // Every replacement sees the one published before it.
                        if current?.count != count - 1, count > 1 { failures.withLock { $0 += 1 } }
                        return PublishedTable(count: count)
                    }
                }
            } else {
                var last = 0
                for _ in 0..<100_000 {
                    let seen = reference.read { table -> Int in
                        guard let table else { return 0 }
                        // A torn or freed object would show a count that does not match its values.
                        return table.values.count == table.count && table.values.last == table.count - 1 ? table.count : -1
                    }
                    if seen < last { failures.withLock { $0 += 1 } }
                    last = max(last, seen)
                }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(reference.read { $0?.count } == 2_000)
    }

    @Test("a replacement of nil keeps the current object; everything published lives as long as the reference")
    func lifetimes() {
        let before = livePublished.withLock { $0 }
        do {
            let reference = PublishedReference<PublishedTable>()
            #expect(reference.publish { _ in PublishedTable(count: 1) }?.count == 1)
            #expect(reference.publish { _ in nil }?.count == 1)
            #expect(reference.publish { PublishedTable(count: ($0?.count ?? 0) + 1) }?.count == 2)
            // The first object is no longer current but is kept: a reader may still hold its address.
            #expect(livePublished.withLock { $0 } == before + 2)
            #expect(reference.read { $0?.count } == 2)
        }
        #expect(livePublished.withLock { $0 } == before)
    }
}

/// Live instances of `BufferedElement`, to prove that `ElementBuffer` neither leaks nor frees twice.
private let liveBuffered = Mutex(0)

private final class BufferedElement {
    let value: Int
    init(_ value: Int) {
        self.value = value
        liveBuffered.withLock { $0 += 1 }
    }
    deinit { liveBuffered.withLock { $0 -= 1 } }
}

@Suite("Element buffer", .serialized)
struct ElementBufferTests {
    @Test("elements come out in order, through several reallocations, and are owned by the array")
    func growthAndOwnership() {
        for total in [0, 1, 7, 8, 9, 1_000] {
            do {
                var buffer = ElementBuffer<BufferedElement>()
                for value in 0..<total { buffer.append(BufferedElement(value)) }
                #expect(liveBuffered.withLock { $0 } == total)
                let array = buffer.removeSuffix(from: 0)
                #expect(array.map(\.value) == Array(0..<total))
                #expect(liveBuffered.withLock { $0 } == total)
            }
            #expect(liveBuffered.withLock { $0 } == 0)
        }
    }

    @Test("a buffer dropped part way (a decode that throws) releases what it holds")
    func earlyExit() throws {
        struct Stop: Error {}
        func fill(upTo total: Int) throws -> [BufferedElement] {
            var buffer = ElementBuffer<BufferedElement>(capacity: 2)
            for value in 0..<100 {
                if value == total { throw Stop() }
                buffer.append(BufferedElement(value))
            }
            return buffer.removeSuffix(from: 0)
        }
        for total in [0, 1, 2, 3, 50] {
            #expect(throws: Stop.self) { _ = try fill(upTo: total) }
            #expect(liveBuffered.withLock { $0 } == 0)
        }
        #expect(try fill(upTo: 100).count == 100)
        #expect(liveBuffered.withLock { $0 } == 0)
    }

    @Test("values with their own storage (strings, arrays) survive the moves intact")
    func nonTrivialValues() {
        var strings = ElementBuffer<String>(capacity: 1)
        var arrays = ElementBuffer<[Int]>(capacity: 1)
        for value in 0..<300 {
            strings.append(String(repeating: "x", count: value % 40) + "\(value)")
            arrays.append(Array(0..<(value % 5)))
        }
        let madeStrings = strings.removeSuffix(from: 0)
        let madeArrays = arrays.removeSuffix(from: 0)
        #expect(madeStrings == (0..<300).map { String(repeating: "x", count: $0 % 40) + "\($0)" })
        #expect(madeArrays == (0..<300).map { Array(0..<($0 % 5)) })
    }
}

@Suite("Data bytes")
struct DataBytesTests {
    @Test("byteArray copies exactly the bytes of inline, large and sliced data")
    func copies() {
        var generator = SystemRandomNumberGenerator()
        for size in [0, 1, 14, 15, 16, 100, 4_096, 100_003] {
            let data = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
            #expect(data.byteArray == [UInt8](data))
            if size > 10 {
                let slice = data[3..<(size - 2)]
                #expect(slice.startIndex == 3)
                #expect(slice.byteArray == [UInt8](slice))
            }
        }
    }
}

@Suite("Byte scanning")
struct ByteScanningTests {
    /// Generated bytes biased towards the ones the scanners look for.
    private func sample(length: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        let alphabet: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x20, 0x0A, 0x0D, 0x09, 0x41, 0x7E, 0x7F, 0x80, 0xC3, 0xFF, 0x21, 0x5B]
        return (0..<length).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pick = Int(state >> 59)
            // Mostly plain letters, so that runs of eight and more occur.
            return pick < 10 ? UInt8(ascii: "a") + UInt8(pick) : alphabet[Int(state >> 33) % alphabet.count]
        }
    }

    @Test("stringRun finds the first quote, backslash or control byte and ors the bytes before it")
    func stringRun() {
        for seed in UInt64(1)...60 {
            let bytes = sample(length: Int(seed) * 3, seed: seed)
            for start in 0...bytes.count {
                var end = start
                var bits: UInt8 = 0
                while end < bytes.count, bytes[end] != 0x22, bytes[end] != 0x5C, bytes[end] >= 0x20 {
                    bits |= bytes[end]
                    end += 1
                }
                let run = ByteScanning.stringRun(in: bytes, from: start)
                #expect(run.end == end)
                #expect((run.highBits >= 0x80) == (bits >= 0x80), "at \(start) of \(bytes)")
            }
        }
        // Long plain runs, non-ASCII in every position of a word.
        for position in 0..<24 {
            var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 24)
            bytes[position] = 0xC3
            #expect(ByteScanning.stringRun(in: bytes, from: 0) == (24, bytes.reduce(0, |)))
            bytes[position] = 0x22
            #expect(ByteScanning.stringRun(in: bytes, from: 0).end == position)
        }
    }

    @Test("skippingWhitespace stops at the first byte that is not JSON whitespace")
    func whitespace() {
        for seed in UInt64(1)...40 {
            let bytes = sample(length: Int(seed) * 2, seed: seed &* 7)
            for start in 0...bytes.count {
                var end = start
                while end < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end]) { end += 1 }
                #expect(ByteScanning.skippingWhitespace(in: bytes, from: start) == end)
            }
        }
    }

    @Test("plainKey ends at the closing quote of a short printable ASCII key, and refuses anything else")
    func plainKeys() {
        let text = Array(#""id","a\b","é","long-enough-key","x"#.utf8)
        #expect(ByteScanning.plainKey(in: text, from: 1, maximumLength: 40)?.end == 3)
        #expect(ByteScanning.plainKey(in: text, from: 1, maximumLength: 40)?.hash == Int(UInt8(ascii: "i")) * 31 + Int(UInt8(ascii: "d")))
        #expect(ByteScanning.plainKey(in: text, from: 6, maximumLength: 40) == nil)
        #expect(ByteScanning.plainKey(in: text, from: 13, maximumLength: 40) == nil)
        #expect(ByteScanning.plainKey(in: text, from: 17, maximumLength: 40)?.end == 32)
        #expect(ByteScanning.plainKey(in: text, from: 17, maximumLength: 14) == nil)
        #expect(ByteScanning.plainKey(in: text, from: 17, maximumLength: 15)?.end == 32)
        // The text ends inside the last key, without its closing quote.
        #expect(ByteScanning.plainKey(in: text, from: 35, maximumLength: 40) == nil)
        #expect(ByteScanning.plainKey(in: Array("\"\"".utf8), from: 1, maximumLength: 40)?.end == 1)
        #expect(ByteScanning.plainKey(in: text, from: text.count, maximumLength: 40) == nil)
    }

    @Test("string(in:from:to:) makes the same string as decoding a slice, for every range")
    func strings() {
        let bytes = Array("plain ASCII, then é, 日本語 and 🎉 — and a long tail of plain letters".utf8) + [0xFF, 0x41]
        for start in 0...bytes.count {
            for end in start...bytes.count {
                #expect(ByteScanning.string(in: bytes, from: start, to: end) == String(decoding: bytes[start..<end], as: UTF8.self))
            }
        }
    }

    @Test("compactKey finds a quoted printable ASCII key directly followed by a colon, and nothing else")
    func compactKeys() {
        func expected(_ bytes: [UInt8], at start: Int) -> Int? {
            guard start < bytes.count, bytes[start] == 0x22 else { return nil }
            var end = start + 1
            while end < bytes.count, bytes[end] != 0x22 {
                guard bytes[end] >= 0x20, bytes[end] < 0x80, bytes[end] != 0x5C else { return nil }
                end += 1
            }
            return end + 1 < bytes.count && bytes[end + 1] == UInt8(ascii: ":") ? end : nil
        }
        let text = Array(#"{"id":1,"a b":2,"sp" :3,"a\"b":4,"é":5,"":6,"x":"#.utf8) + [0x22, 0x01, 0x22, 0x3A] + Array(#""end""#.utf8)
        for start in 0...text.count {
            #expect(ByteScanning.compactKey(in: text, at: start) == expected(text, at: start), "at \(start)")
        }
        #expect(ByteScanning.compactKey(in: text, at: 1) == 4)
        for seed in UInt64(1)...30 {
            let bytes = sample(length: Int(seed) * 3, seed: seed &* 13).map { $0 == 0x5B ? UInt8(ascii: ":") : $0 }
            for start in 0...bytes.count {
                #expect(ByteScanning.compactKey(in: bytes, at: start) == expected(bytes, at: start))
            }
        }
    }

    @Test("plainInteger reads plain integers of up to 18 digits and leaves every other number alone")
    func plainIntegers() {
        // A plain reference: the text between `start` and the first byte that cannot be in a number.
        func expected(_ bytes: [UInt8], from start: Int) -> (value: Int64, end: Int)? {
            var end = start
            while end < bytes.count, Array("-0123456789".utf8).contains(bytes[end]) || (end == start && bytes[end] == UInt8(ascii: "-")) {
                if end > start, bytes[end] == UInt8(ascii: "-") { break }
                end += 1
            }
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
            guard !digits.isEmpty, digits.count <= 18, digits.count == 1 || !digits.hasPrefix("0"), text != "-0" else { return nil }
            if end < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[end]) { return nil }
            return Int64(text).map { ($0, end) }
        }
        let texts = ["0", "7", "-7", "-0", "00", "01", "-01", "10", "123456789012345678", "-123456789012345678",
                     "1234567890123456789", "1.5", "1e3", "1E3", "-", "", "x", "42,", "42}", "42 ", "9.", "0.0", "-0.5"]
        for text in texts {
            for suffix in ["", ",", "]", " ", ".", "e"] {
                let bytes = Array((text + suffix).utf8)
                let found = ByteScanning.plainInteger(in: bytes, from: 0)
                let wanted = expected(bytes, from: 0)
                #expect(found?.value == wanted?.value && found?.end == wanted?.end, "\(text + suffix)")
            }
        }
        // Inside a longer text, at every offset, and at the very end.
        let document = Array(#"[12,-3,0,45.5,-0,007,1e2,123456789012345678,99]"#.utf8)
        for start in 0...document.count {
            let found = ByteScanning.plainInteger(in: document, from: start)
            let wanted = expected(document, from: start)
            #expect(found?.value == wanted?.value && found?.end == wanted?.end, "at \(start)")
        }
    }

    @Test("equal compares ranges of any length at any offsets")
    func equality() {
        let bytes = sample(length: 80, seed: 3) + sample(length: 80, seed: 3)
        for count in 0...40 {
            for first in stride(from: 0, through: 80, by: 7) {
                let second = first + 80
                guard second + count <= bytes.count else { continue }
                #expect(ByteScanning.equal(bytes, at: first, and: second, count: count))
                #expect(ByteScanning.equal(bytes, at: first, and: first + 1, count: count) == bytes[first..<(first + count)].elementsEqual(bytes[(first + 1)..<(first + 1 + count)]))
            }
        }
        for start in 0...20 {
            for end in start...min(start + 12, bytes.count) {
                let other = Array(bytes[start..<end])
                #expect(ByteScanning.equal(bytes, from: start, to: end, other))
                #expect(!ByteScanning.equal(bytes, from: start, to: end, other + [0]))
                if let last = other.last {
                    #expect(!ByteScanning.equal(bytes, from: start, to: end, other.dropLast() + [last ^ 0x40]))
                }
            }
        }
        var changed = bytes
        changed[80 + 39] ^= 1
        #expect(!ByteScanning.equal(changed, at: 0, and: 80, count: 40))
        #expect(ByteScanning.equal(changed, at: 0, and: 80, count: 39))
    }
}

@Suite("Byte output")
struct ByteOutputTests {
    @Test("appends of every kind, inserts, truncations and in-place writes match an Array doing the same")
    func matchesArray() {
        var output = ByteOutput(capacity: 1)
        var expected: [UInt8] = []
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let strings = ["", "a", "héllo wörld", String(repeating: "x", count: 300), "日本語🎉", "quote\"back\\slash"]
        for step in 0..<5_000 {
            switch next(8) {
            case 0:
                let byte = UInt8(next(256))
                output.append(byte)
                expected.append(byte)
            case 1:
                let bytes = (0..<next(40)).map { _ in UInt8(next(256)) }
                output.append(contentsOf: bytes)
                expected.append(contentsOf: bytes)
            case 2:
                let bytes = (0..<next(20)).map { _ in UInt8(next(256)) }
                let slice = bytes[(bytes.count / 2)...]
                output.append(contentsOf: slice)
                expected.append(contentsOf: slice)
            case 3:
                let string = strings[next(strings.count)]
                output.appendUTF8(of: string)
                expected.append(contentsOf: string.utf8)
            case 4:
                let value = UInt64(truncatingIfNeeded: state) >> UInt64(next(64))
                output.appendDecimal(value)
                expected.append(contentsOf: String(value).utf8)
            case 5:
                let index = next(expected.count + 1)
                output.insert(UInt8(step % 256), at: index)
                expected.insert(UInt8(step % 256), at: index)
            case 6 where expected.count > 100:
                let index = expected.count - next(50)
                output.truncate(to: index)
                expected.removeSubrange(index...)
            default:
                if !expected.isEmpty {
                    let index = next(expected.count)
                    output[index] = output[index] ^ 0x5A
                    expected[index] ^= 0x5A
                }
            }
            #expect(output.count == expected.count)
        }
        #expect(output.array == expected)
        #expect(output.bytes(from: expected.count / 3) == Array(expected[(expected.count / 3)...]))
    }

    @Test("firstIndexNeedingEscape finds quotes, backslashes, control bytes and, when asked, slashes")
    func escapes() {
        for length in 0..<40 {
            for position in 0...length {
                for special: UInt8 in [0x22, 0x5C, 0x00, 0x1F, 0x2F] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if position < length { bytes[position] = special }
                    var output = ByteOutput()
                    output.append(UInt8(ascii: "\""))
                    output.append(contentsOf: bytes)
                    let found = position < length && (special != 0x2F) ? position + 1 : output.count
                    #expect(output.firstIndexNeedingEscape(from: 1, slash: false) == found)
                    let foundWithSlash = position < length ? position + 1 : output.count
                    #expect(output.firstIndexNeedingEscape(from: 1, slash: true) == foundWithSlash)
                }
            }
        }
        var output = ByteOutput()
        output.appendUTF8(of: "ü€日本 ok")
        #expect(output.firstIndexNeedingEscape(from: 0, slash: true) == output.count)
    }
}
