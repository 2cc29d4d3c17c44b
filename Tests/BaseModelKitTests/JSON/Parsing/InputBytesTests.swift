// @testable: these tests exercise internal runtime-level and byte-level code directly; proving it
// sound is the point of the suite.
@testable import BaseModelKit
import Foundation
import Testing

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
