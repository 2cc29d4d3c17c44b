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

    @Test("a class whose hook sets a field has that field put back too")
    func hookFields() throws {
        let counted = try Counted.decode(from: #"{"p":1}"#)
        #expect(counted.seen == 1)
        try counted.update(from: #"{"p":2}"#)
        #expect(counted.seen == 2)
        #expect(throws: MappingError.self) { try counted.update(from: #"{"p":-1}"#) }
        #expect(counted.seen == 2 && counted.price == 2)
    }
}
