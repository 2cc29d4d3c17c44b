// @testable: these tests exercise internal runtime-level and byte-level code directly; proving it
// sound needs access below the public surface.
@testable import BaseModelKit
import Testing

@Suite("Buffer identity")
struct BufferIdentityTests {
    final class Box {}

    @Test("copies of a collection share an identity; a change made while a copy lives gets another")
    func collections() {
        let dictionary = ["a": Box(), "b": Box()]
        var copy = dictionary
        #expect(BufferIdentity.of(copy) == BufferIdentity.of(dictionary))
        copy["a"] = Box()
        #expect(BufferIdentity.of(copy) != BufferIdentity.of(dictionary))
        copy = dictionary
        copy["c"] = nil  // removing an absent key changes nothing
        #expect(BufferIdentity.of(copy) == BufferIdentity.of(dictionary))

        let array = [Box(), Box()]
        var other = array
        #expect(BufferIdentity.of(other) == BufferIdentity.of(array))
        other.swapAt(0, 1)
        #expect(BufferIdentity.of(other) != BufferIdentity.of(array))
    }

    @Test("optionals of collections and references have an identity; larger values have none")
    func sizes() {
        let array: [Int]? = [1, 2]
        #expect(BufferIdentity.of(array) == BufferIdentity.of(array!))
        let box = Box()
        #expect(BufferIdentity.of(box) == UInt(bitPattern: ObjectIdentifier(box)))
        #expect(BufferIdentity.of(box) == BufferIdentity.of(box as AnyObject))
        #expect(BufferIdentity.of("a string") == nil)
        #expect(BufferIdentity.of((1, 2)) == nil)
        // A struct of one byte per field, as large as a reference: its bits, read without alignment.
        let bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (1, 2, 3, 4, 5, 6, 7, 8)
        #expect(BufferIdentity.of(bytes) == UInt(littleEndian: 0x0807_0605_0403_0201))
    }

    @Test("isSameObject and anyObject see references, not equal values")
    func references() {
        let (first, second) = (Box(), Box())
        #expect(isSameObject(first, first) && !isSameObject(first, second))
        #expect(!isSameObject("a", "a"))
        #expect(anyObject(first) === first)
        #expect(anyObject(3) != nil)  // boxed: not an object of the graph, and never matched
    }
}
