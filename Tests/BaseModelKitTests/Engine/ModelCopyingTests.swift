import BaseModelKit
import Foundation
import Testing

final class CopyLeg: BaseModel {
    var selection = ""
    var price = 0.0
    override class var apiToLocal: [String: String] { ["s": "selection", "p": "price"] }
}

class CopySlip: BaseModel {
    var slipId = 0
    var note: String? = "default note"
    var legs: [CopyLeg] = []
    var byMarket: [String: CopyLeg] = [:]
    var main: CopyLeg?
    var home = 0
    /// Not mapped: not copied.
    var cache = "warm"
    override class var apiToLocal: [String: String] { ["i": "slipId", "n": "note", "l": "legs", "m": "byMarket", "mn": "main", "sc.h": "home"] }
}

final class SystemCopySlip: CopySlip {
    var system = ""
    override class var apiToLocal: [String: String] { ["sy": "system"] }
}

@Suite("Deep copies and descriptions")
struct ModelCopyingTests {
    @Test("copy() makes a new graph of the same classes with the same mapped values")
    func deepCopy() throws {
        let slip = try SystemCopySlip.decode(from: #"{"i":1,"l":[{"s":"Home","p":1.5}],"m":{"x":{"s":"Draw","p":3}},"mn":{"s":"Away","p":4},"sc":{"h":2},"sy":"2/3"}"#)
        slip.note = nil
        slip.cache = "hot"
        let copy = try slip.copy()
        #expect(type(of: copy) == SystemCopySlip.self)
        #expect(try copy.jsonString() == slip.jsonString())
        #expect(copy.note == nil)                       // nil copied, not the initializer's default
        #expect(copy.cache == "warm")                   // unmapped: as init() leaves it
        #expect(copy !== slip && copy.legs[0] !== slip.legs[0] && copy.byMarket["x"] !== slip.byMarket["x"] && copy.main !== slip.main)
        copy.legs[0].price = 9
        #expect(slip.legs[0].price == 1.5)
    }

    @Test("debugDescription shows the class and the mapped properties")
    func description() throws {
        let slip = try CopySlip.decode(from: #"{"i":1,"l":[{"s":"Home","p":1.5}],"sc":{"h":2}}"#)
        slip.note = nil
        #expect(slip.debugDescription == #"CopySlip(slipId: 1, note: nil, legs: [{"s":"Home","p":1.5}], byMarket: {}, main: nil, home: 2)"#)
        #expect(String(reflecting: slip.legs[0]) == #"CopyLeg(selection: "Home", price: 1.5)"#)
    }
}
