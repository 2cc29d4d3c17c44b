// `@testable`: the work bound reads the parser's count of probes, which no public API shows.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("Objects with many keys: work linear in the keys")
struct RepeatedKeyWorkTests {
    /// Parses `keys` as one object with a value each and returns how many slots the search for a
    /// repeated key probed, after checking that every key was kept.
    private func probes(for keys: [String]) throws -> Int {
        let text = "{" + keys.map { "\(JSON.string($0)):0" }.joined(separator: ",") + "}"
        var parser = try JSONParser(bytes: DocumentBytes(copying: Array(text.utf8)), maxDepth: 512)
        let value = try parser.readDocument()
        #expect(value.object?.count == Set(keys).count)
        return parser.keyTable.probes
    }

    /// Key sets that defeat a hash of a key's length and first bytes, or of its last ones.
    private static func adversarialKeySets(count: Int) -> [(name: String, keys: [String])] {
        let prefix = String(repeating: "market.selection.", count: 4)
        return [
            ("numeric ids", (0..<count).map { "\($0)" }),
            ("k0, k1, …", (0..<count).map { "k\($0)" }),
            ("equal lengths, zero-padded", (0..<count).map { String(format: "%08d", $0) }),
            ("a long shared prefix", (0..<count).map { prefix + "\($0)" }),
            ("a shared suffix", (0..<count).map { "\($0)" + prefix }),
            ("UUIDs", (0..<count).map { UUID(uuid: (UInt8($0 & 0xFF), UInt8($0 >> 8 & 0xFF), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).uuidString }),
            ("one byte apart in the middle", (0..<count).map { "aaaa" + String(UnicodeScalar(UInt8(65 + $0 % 26))) + "\($0 / 26)" + "zzzz" }),
            ("non-ASCII", (0..<count).map { "é\($0)" }),
        ]
    }

    @Test("adversarial key sets: at most a few probes a key, never a scan of the keys before it")
    func adversarialKeys() throws {
        let count = 20_000
        for (name, keys) in Self.adversarialKeySets(count: count) {
            let probes = try probes(for: keys)
            // With the table at most half full, an open-addressing lookup probes about 1.5 slots on
            // average; a hash that ignored the bytes the keys differ in would probe thousands.
            #expect(probes <= 4 * keys.count, "\(name): \(probes) probes for \(keys.count) keys")
        }
    }

    @Test("small objects of keys alike: at most one comparison a key for each other key")
    func smallObjects() throws {
        // Up to the index threshold, keys are hashed on their length and ends: keys alike in those
        // cost comparisons, bounded by the object's size.
        let count = 64
        for keys in [(0..<count).map { "a\($0 % 10)\($0 / 10)z" }, (0..<count).map { String(format: "k%03dk", $0) }] {
            let probes = try probes(for: keys)
            #expect(probes <= count * count / 2 + count, "\(probes) probes for \(count) keys")
        }
    }

    @Test("random key sets, with repeats: found, and the work stays linear")
    func randomKeys() throws {
        var random = SeededGenerator(seed: 44)
        let alphabet = Array("ab01é_")
        for _ in 0..<40 {
            let count = Int.random(in: 65...3_000, using: &random)
            var keys = (0..<count).map { _ in String((0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }) }
            keys = Array(Set(keys))
            let probes = try probes(for: keys)
            let bound = keys.count > JSONObject.indexThreshold ? 4 * keys.count + 4 : keys.count * keys.count
            #expect(probes <= bound, "\(probes) probes for \(keys.count) keys")
            // A repeated key is found, and the last value wins.
            if keys.count > 2 {
                let repeated = keys[Int.random(in: 0..<keys.count, using: &random)]
                let text = "{" + (keys + [repeated]).enumerated().map { "\(JSON.string($0.element)):\($0.offset)" }.joined(separator: ",") + "}"
                let object = try #require(JSON(parsing: text).object)
                #expect(object.count == keys.count && object[repeated] == JSON.number(JSONNumber(keys.count)))
            }
        }
    }
}
