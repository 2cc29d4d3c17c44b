import Foundation

extension Data {
    /// The bytes as an array, copied in one `memcpy`.
    ///
    /// `[UInt8](data)` iterates a `Data` element by element: about 9 instructions a byte for the
    /// small inline representation of short messages (callgrind: 8 % of decoding a 100-byte message),
    /// and `Array(unsafeUninitializedCapacity:)` called the standard library's unspecialised buffer
    /// allocation, about 500 instructions a message. `DataBytesTests` compares it with
    /// `[UInt8](data)` for inline, large and sliced data.
    var byteArray: [UInt8] {
        // Sound: `withUnsafeBytes` lends the data's bytes for the closure only, and the array copies
        // them (one `memcpy`, through its specialised initialiser) before it returns.
        withUnsafeBytes { [UInt8]($0) }
    }
}

extension Collection where Element == UInt8 {
    /// The bytes as an array: an array as it is, `Data` in one copy, any other contiguous collection
    /// in one copy, anything else element by element. (The entry points read `Data` in place instead,
    /// see `DocumentBytes`.)
    var inputBytes: [UInt8] {
        if let array = self as? [UInt8] { return array }
        if let data = self as? Data { return data.byteArray }
        return withContiguousStorageIfAvailable { Array($0) } ?? Array(self)
    }
}
