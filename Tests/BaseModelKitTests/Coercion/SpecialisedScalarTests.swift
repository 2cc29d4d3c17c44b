// @testable: which access a plan gives a member is internal.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("Scalars with accesses of their own")
struct SpecialisedScalarTests {
    final class Scalars: BaseModel {
        var wide: Int64?
        var small: Int16?
        var unsigned: UInt64?
        var amount: Decimal = 0
        var maybeAmount: Decimal?
        var price: Decimal = 0
        var maybePrice: Decimal?
        var ratio: Float = 0
        var maybeRatio: Float?
        override class var apiToLocal: [String: String] {
            ["w": "wide", "s": "small", "u": "unsigned", "a": "amount", "ma": "maybeAmount", "p": "price", "mp": "maybePrice", "r": "ratio", "mr": "maybeRatio"]
        }
        override class var transformers: [String: JSONTransformer] { ["price": .decimalString, "maybePrice": .decimalString] }
    }

    @Test("optional integers, Decimal (also as a string) and Float, and their optionals, have specialised accesses")
    func accesses() throws {
        let members = try PlanRegistry.plan(for: Scalars.self).members
        for key in ["w", "s", "u", "a", "ma", "p", "mp", "r", "mr"] {
            let access = try #require(members.member(forKey: key).map { members.accesses[$0] })
            #expect(access is any ScalarMemberAccess, "\(key): \(type(of: access))")
        }
    }

    @Test("random updates write every new value and list exactly the members whose values changed, with their JSON")
    func randomUpdates() throws {
        var generator = SeededGenerator(seed: 6464)
        func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &generator)! }
        func document() -> [String: String] {
            [
                "w": pick(["null", "0", "-9223372036854775808", "9223372036854775807", "1700000000000"]),
                "s": pick(["null", "-32768", "7", "32767"]),
                "u": pick(["null", "0", "18446744073709551615", "42"]),
                "a": pick(["0", "1.5", "1.50", "-0.001", "12345678901234567890.5", "1e3"]),
                "ma": pick(["null", "2", "2.0", "0.10", "-7"]),
                "p": pick([#""0.00100000""#, #""0.001""#, #""-41004.01""#, #""100""#, #""1e2""#]),
                "mp": pick(["null", #""3.25""#, #""3.250""#, #""0""#]),
                "r": pick(["0", "0.1", "-0.0", "3.4028235e38"]),
                "mr": pick(["null", "1.5", "0.25"]),
            ]
        }
        func text(_ fields: [String: String]) -> String {
            "{" + fields.sorted { $0.key < $1.key }.map { #""\#($0.key)":\#($0.value)"# }.joined(separator: ",") + "}"
        }
        let model = try Scalars.decode(from: text(document()))
        for _ in 0..<400 {
            let next = document()
            let before = try JSON(parsing: model.jsonData()).object ?? [:]
            let changes = try model.update(from: text(next))
            let expected = try Scalars.decode(from: text(next))
            #expect(try model.jsonString() == expected.jsonString())
            let after = try JSON(parsing: model.jsonData()).object ?? [:]
            // A change where the written value differs, and none where it does not.
            let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
            let properties = Dictionary(uniqueKeysWithValues: Scalars.apiToLocal.map { ($0.value, $0.key) })
            #expect(Set(changes.map { properties[$0.property] ?? "" }) == changed, "\(text(next))")
            for change in changes {
                let key = properties[change.property] ?? ""
                #expect(change.oldValue == before[key] ?? .null && change.newValue == after[key] ?? .null, "\(change)")
            }
        }
    }
}
