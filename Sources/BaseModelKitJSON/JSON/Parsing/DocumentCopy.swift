import Foundation

/// Memory holding a copy of bytes — a document, or a member table's keys — freed with this object.
/// Sound, and `Sendable`: the memory is allocated here, written only while the initialiser copies
/// into it, read afterwards and freed in `deinit`, when nothing can read it any more.
@usableFromInline package final class DocumentCopy: @unchecked Sendable {
    @usableFromInline package let base: UnsafeMutablePointer<UInt8>
    @usableFromInline package let count: Int
    /// Whether `base` came from `malloc` (a writer's output, taken over), to be given back with
    /// `free`; otherwise it was allocated here.
    @usableFromInline package let isMalloced: Bool

    /// A byte to point at for empty documents, never read (sound: every read checks `count`).
    nonisolated(unsafe) static let empty = UnsafePointer(UnsafeMutablePointer<UInt8>.allocate(capacity: 1))

    @inlinable package init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        count = bytes.count
        // At least one byte, so that `base` is a real allocation for empty documents too.
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
        isMalloced = false
        let copied = bytes.withContiguousStorageIfAvailable { source in
            if let address = source.baseAddress { base.initialize(from: address, count: source.count) }
            return true
        }
        if copied == nil {
            _ = UnsafeMutableBufferPointer(start: base, count: count).initialize(from: bytes)
        }
    }

    /// Takes over `count` initialized bytes at `base`, a block from `malloc` that nothing else
    /// uses or frees (see `ByteOutput.takenDocument`).
    @inlinable package init(adoptingMalloced base: UnsafeMutablePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        isMalloced = true
    }

    deinit {
        // Sound: the block is this copy's alone (see the initialisers), freed once, as it was
        // allocated.
        if isMalloced { free(base) } else { base.deallocate() }
    }
}
