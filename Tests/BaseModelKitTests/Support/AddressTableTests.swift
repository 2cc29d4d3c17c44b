// @testable: the table is internal; its removals move values in ways only a test of the table
// itself reaches.
@testable import BaseModelKit
import Testing

@Suite("Address table")
struct AddressTableTests {
    @Test("random inserts, replacements, removals and lookups give what a Dictionary gives, through growth and shrinking")
    func sameAsDictionary() {
        var random = SeededGenerator(seed: 1_426)
        var table = AddressTable<Int>()
        var expected: [UInt: Int] = [:]
        // Few addresses, object-like (16-byte aligned), so that runs of probes meet and removals
        // move values back; phases that mostly add and mostly remove, so that the table grows and
        // shrinks several times.
        let addresses = (1...600).map { UInt($0) * 16 + 0x7F00_0000_0000 }
        var largest = 0
        for step in 0..<60_000 {
            let adding = (step / 5_000) % 2 == 0
            let address = addresses[Int.random(in: 0..<addresses.count, using: &random)]
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let value = Int.random(in: 0..<1_000, using: &random)
                table[address] = value
                expected[address] = value
            case 4..<7 where !adding, 4 where adding:
                #expect(table.removeValue(for: address) == expected.removeValue(forKey: address))
            case 7 where !adding:
                table[address] = nil
                expected[address] = nil
            default:
                #expect(table[address] == expected[address])
            }
            #expect(table.count == expected.count)
            largest = max(largest, table.count)
        }
        for address in addresses {
            #expect(table[address] == expected[address])
        }
        #expect(largest > 400)
    }
}
