extension Collection where Element == UInt8 {
    /// The bytes as an array: an array as it is, any other contiguous collection in one copy,
    /// anything else element by element. (Callers read `Data` in place before they come here: see
    /// `DocumentBytes.reading`.)
    @inlinable package var inputBytes: [UInt8] {
        if let array = self as? [UInt8] { return array }
        return withContiguousStorageIfAvailable { Array($0) } ?? Array(self)
    }
}
