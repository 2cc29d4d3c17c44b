// @testable: the word reads of `DocumentBytes` are checked directly, next to the member loop that
// uses them.
@testable import BaseModelKit
import Foundation
import Testing

/// Keys that are prefixes of each other, ones whose `"key":` is exactly eight bytes, nine, sixteen
/// and seventeen (read the slow way), and a non-ASCII one: the member loop compares a member's
/// compact key as one or two words, and must never take one of them for another.
private final class Prefixes: BaseModel {
    var one = 0
    var two = 0
    var three = ""
    var five = 0
    var six = 0
    var thirteen = 0
    var fourteen = 0
    var accented = 0
    override class var apiToLocal: [String: String] {
        ["a": "one", "ab": "two", "abc": "three", "abcde": "five", "abcdef": "six", "abcdefghijklm": "thirteen", "abcdefghijklmn": "fourteen", "é": "accented"]
    }
}

private enum Gear: Int {
    case low = 1, high = 2, reverse = -1
}

private final class Shift: BaseModel {
    var gear: Gear = .low
    var status: Status = .open
    var price = 0.0
    override class var apiToLocal: [String: String] { ["g": "gear", "s": "status", "p": "price"] }
    override func didDeserialize() throws {
        if price < 0 { throw CancellationError() }
    }
}

@Suite("Key matching")
struct KeyMatchingTests {
    @Test("a word is the eight bytes from its index, and there is none with fewer than eight left")
    func words() {
        var generator = SeededGenerator(seed: 8)
        for size in 0..<20 {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            DocumentBytes.reading(bytes) { document in
                for index in -2...(size + 1) {
                    let word = document.word(at: index)
                    if index < 0 || index + 8 > size {
                        #expect(word == nil)
                    } else {
                        #expect(word.map { value in withUnsafeBytes(of: value) { Array($0) } } == Array(bytes[index..<(index + 8)]))
                    }
                }
            }
        }
    }

    @Test("random documents: members in any order, spaced or not, escaped or not, repeated or unknown, decode as their last values say and update so, or refuse a repeat")
    func randomDocuments() throws {
        var generator = SeededGenerator(seed: 2026)
        let keys = ["a", "ab", "abc", "abcde", "abcdef", "abcdefghijklm", "abcdefghijklmn", "é"]
        // Unknown keys that start or end like known ones.
        let strangers = ["abcd", "b", "ba", "abcdefg", "e", "a\u{301}", "aa", "abcdefghijkl", "abcdefghijklmno", "abcdefghijklmM"]
        var documents = 0
        for _ in 0..<3_000 {
            var expected: [String: Int] = [:]
            var repeats = false
            var members: [String] = []
            // Half the documents list their keys in the declaration order, which the loop predicts.
            let inOrder = Bool.random(using: &generator)
            for position in 0..<Int.random(in: 0...9, using: &generator) {
                let isStranger = Int.random(in: 0..<5, using: &generator) == 0
                let key = isStranger ? strangers.randomElement(using: &generator)! : inOrder ? keys[position % keys.count] : keys.randomElement(using: &generator)!
                let value = Int.random(in: -999...999, using: &generator)
                if !isStranger {
                    repeats = repeats || expected[key] != nil
                    expected[key] = value
                }
                let text = key == "abc" ? #""\#(value)""# : "\(value)"
                members.append(spelled(key, using: &generator) + spaces(using: &generator) + ":" + spaces(using: &generator) + text)
            }
            let document = "{" + members.map { spaces(using: &generator) + $0 + spaces(using: &generator) }.joined(separator: ",") + "}"
            let decoded = try Prefixes.decode(from: document)
            #expect(values(of: decoded) == fill(expected, defaults: 0), "\(document)")
            // An update reads the same keys into an object that has values already.
            // A mapped key repeated is refused there, and changes nothing.
            let updated = try Prefixes.decode(from: #"{"a":5000,"ab":5000,"abc":"5000","abcde":5000,"abcdef":5000,"abcdefghijklm":5000,"abcdefghijklmn":5000,"é":5000}"#)
            if repeats {
                let error = try #require(throws: MappingError.self, "\(document)") { try updated.update(from: document) }
                guard case .repeatedKey = error.reason else {
                    Issue.record("\(document): \(error)")
                    continue
                }
                #expect(values(of: updated) == fill([:], defaults: 5000), "\(document)")
            } else {
                try updated.update(from: document)
                #expect(values(of: updated) == fill(expected, defaults: 5000), "\(document)")
            }
            documents += 1
        }
        print("Key matching: \(documents) random documents decoded and applied as updates")
    }

    @Test("learned enum cases are stored as their byte: the same case is no change, another is one, and a failed update puts it back")
    func learnedCases() throws {
        // Learned on the first read, stored from the bytes on every read after.
        for _ in 0..<2 {
            let shift = try Shift.decode(from: #"{"g":-1,"s":"suspended","p":1}"#)
            #expect(shift.gear == .reverse && shift.status == .suspended)
        }
        let shift = try Shift.decode(from: #"{"g":2,"s":"closed","p":1}"#)
        #expect(try shift.update(from: #"{"g":2,"s":"closed"}"#).isEmpty)
        let changes = try shift.update(from: #"{"g":1,"s":"open"}"#)
        #expect(Set(changes.map(\.property)) == ["gear", "status"])
        #expect(shift.gear == .low && shift.status == .open)
        // Both written, then the object's own check fails: both are put back.
        #expect(throws: (any Error).self) { try shift.update(from: #"{"g":-1,"s":"suspended","p":-1}"#) }
        #expect(shift.gear == .low && shift.status == .open && shift.price == 1)
        // A raw value never learned is still read, and an unknown one still refused.
        #expect(message { _ = try Shift.decode(from: #"{"g":3}"#) } == "Expected Gear at g (Shift.gear) but found the number 3.")
        #expect(try Shift.decode(from: #"{"g":2.0}"#).gear == .high)
    }

    /// `key` as a JSON string: plain, or with one character escaped, so that the loop must read it.
    private func spelled(_ key: String, using generator: inout SeededGenerator) -> String {
        guard Int.random(in: 0..<4, using: &generator) == 0, let first = key.unicodeScalars.first else { return #""\#(key)""# }
        let rest = String(key.unicodeScalars.dropFirst())
        return #""\u"# + String(format: "%04x", first.value) + rest + #"""#
    }

    /// Nothing, mostly; sometimes whitespace.
    private func spaces(using generator: inout SeededGenerator) -> String {
        Int.random(in: 0..<3, using: &generator) == 0 ? [" ", "\n ", "\t"].randomElement(using: &generator)! : ""
    }

    private func values(of model: Prefixes) -> [String: Int] {
        ["a": model.one, "ab": model.two, "abc": Int(model.three) ?? -1, "abcde": model.five, "abcdef": model.six,
         "abcdefghijklm": model.thirteen, "abcdefghijklmn": model.fourteen, "é": model.accented]
    }

    private func fill(_ values: [String: Int], defaults: Int) -> [String: Int] {
        var filled = values
        for key in ["a", "ab", "abc", "abcde", "abcdef", "abcdefghijklm", "abcdefghijklmn", "é"] where filled[key] == nil {
            filled[key] = key == "abc" && defaults == 0 ? -1 : defaults
        }
        return filled
    }
}
