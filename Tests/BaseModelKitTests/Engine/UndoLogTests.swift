import BaseModelKit
import Foundation
import Testing


/// Its own code sets a field no map names during the decode: a failed update must put it back too.
private final class Counted: BaseModel {
    var price = 0.0
    var seen = 0
    override class var apiToLocal: [String: String] { ["p": "price"] }
    override func didDeserialize() throws {
        seen += 1
        if price < 0 { throw CancellationError() }
    }
}

private final class Leg: BaseModel {
    var name = ""
    var price = 0.0
    var inner: Leg?
    override class var apiToLocal: [String: String] { ["n": "name", "p": "price", "i": "inner"] }
}

private enum PackedSide: String { case home, away }

/// A trivial value longer than three words: its writes are undone through a closure.
private struct PackedSpan: Codable {
    var low = 0.0
    var high = 0.0
    var open = 0.0
    var close = 0.0
}

/// Trivial fields of every size up to three words, packed side by side (a write of the wrong size
/// would change a neighbour), and fields that are not trivial or are longer than three words.
private final class Packed: BaseModel {
    var a: Int8 = 0
    var b: Int8 = 0
    var c: UInt16 = 0
    var d: Int32 = 0
    var e: Float = 0
    var f: Bool = false
    var g: PackedSide = .home
    var h: Double = 0
    var i: Int64 = 0
    var j: UInt = 0
    var k: Double? = nil
    var l = ""
    var m: Decimal = 0
    var n: Int32? = nil
    var o: Decimal? = nil
    var p = PackedSpan()
    override class var apiToLocal: [String: String] {
        ["a": "a", "b": "b", "c": "c", "d": "d", "e": "e", "f": "f", "g": "g", "h": "h", "i": "i", "j": "j", "k": "k", "l": "l",
         "m": "m", "n": "n", "o": "o", "p": "p"]
    }
}

@Suite("Undo log")
struct UndoLogTests {
    @Test("an update writes a value that equals the one there but is not the same: -0.0, another normal form")
    func exactValues() throws {
        let leg = try Leg.decode(from: #"{"n":"\u00e9","p":0.0}"#)
        try leg.update(from: #"{"n":"e\u0301","p":-0.0}"#)
        #expect(Array(leg.name.utf8) == [0x65, 0xCC, 0x81])
        #expect(leg.price.sign == .minus)
    }

    @Test("a failed update undoes every write, nested and new objects included, in reverse order")
    func undoesWrites() throws {
        let leg = try Leg.decode(from: #"{"n":"a","p":1,"i":{"n":"b","p":2,"i":{"n":"c","p":3}}}"#)
        let inner = leg.inner
        let before = try leg.jsonData()
        // The same field written twice, a nested object replaced by null, then a failure deep down.
        #expect(throws: MappingError.self) {
            try leg.update(from: #"{"n":"x","n":"y","p":5,"i":{"n":"z","i":null,"p":"bad"}}"#)
        }
        #expect(try leg.jsonData() == before)
        #expect(leg.inner === inner)
    }

    @Test("an object an update claimed before it failed on a repeated key is given back; one an update removes is freed")
    func claimedAndRemoved() throws {
        for fails in [false, true] {
            let leg = try Leg.decode(from: #"{"n":"a","i":{"n":"b","p":1}}"#)
            weak var inner: Leg?
            inner = leg.inner
            if fails {
                // The first `i` merges into the nested leg (claiming it); the second is refused, and the
                // update rolled back with its claims given back.
                let error = try #require(throws: MappingError.self) { try leg.update(from: Data(#"{"i":{"p":2},"i":null}"#.utf8)) }
                #expect(error.description == "Repeated key at i (Leg.inner) in an update: an update merges this key's value into what the model holds, so the key must appear once in its object.")
                #expect(leg.inner === inner && inner?.price == 1)
                // Given back: another update claims it again.
                try leg.update(from: Data(#"{"i":{"p":3}}"#.utf8))
                #expect(inner?.price == 3)
            } else {
                try leg.update(from: Data(#"{"i":null}"#.utf8))
                #expect(leg.inner == nil && inner == nil)
            }
        }
    }

    @Test("a class whose hook sets a field has that field put back too")
    func hookFields() throws {
        let counted = try Counted.decode(from: #"{"p":1}"#)
        #expect(counted.seen == 1)
        try counted.update(from: #"{"p":2}"#)
        #expect(counted.seen == 2)
        #expect(throws: MappingError.self) { try counted.update(from: #"{"p":-1}"#) }
        #expect(counted.seen == 2 && counted.price == 2)
    }

    @Test("a failed update puts back trivial fields of every size bit for bit, and leaves their neighbours alone")
    func trivialFields() throws {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<200 {
            func values() -> String {
                let members = [
                    #""a":\#(Int8.random(in: .min ... .max, using: &random))"#,
                    #""b":\#(Int8.random(in: .min ... .max, using: &random))"#,
                    #""c":\#(UInt16.random(in: .min ... .max, using: &random))"#,
                    #""d":\#(Int32.random(in: .min ... .max, using: &random))"#,
                    #""e":\#(Float(Int16.random(in: .min ... .max, using: &random)) / 8)"#,
                    #""f":\#(Bool.random(using: &random))"#,
                    #""g":"\#(Bool.random(using: &random) ? "home" : "away")""#,
                    #""h":\#(Double(Int32.random(in: .min ... .max, using: &random)) / 64)"#,
                    #""i":\#(Int64.random(in: .min ... .max, using: &random))"#,
                    #""j":\#(UInt.random(in: 0 ... UInt(Int.max), using: &random))"#,
                    #""k":\#(Bool.random(using: &random) ? "null" : String(Double(Int16.random(in: .min ... .max, using: &random)) / 4))"#,
                    #""l":"\#(Int.random(in: 0 ..< 1000, using: &random))""#,
                    #""m":\#(Int64.random(in: .min ... .max, using: &random)).\#(UInt32.random(in: 0 ... .max, using: &random))"#,
                    #""n":\#(Bool.random(using: &random) ? "null" : String(Int32.random(in: .min ... .max, using: &random)))"#,
                    #""o":\#(Bool.random(using: &random) ? "null" : "\(Int32.random(in: .min ... .max, using: &random)).\(UInt16.random(in: 0 ... .max, using: &random))")"#,
                    #""p":{"low":\#(Int16.random(in: .min ... .max, using: &random)),"high":0,"open":0.5,"close":\#(Double(Int16.random(in: .min ... .max, using: &random)) / 4)}"#,
                ]
                return members.filter { _ in Bool.random(using: &random) }.joined(separator: ",")
            }
            let packed = try Packed.decode(from: "{\(values())}")
            let before = try packed.jsonData()
            let written = values()
            #expect(throws: MappingError.self) {
                try packed.update(from: "{\(written)\(written.isEmpty ? "" : ",")\"a\":\"bad\"}")
            }
            #expect(try packed.jsonData() == before, "after {\(written)}")
        }
    }
}
