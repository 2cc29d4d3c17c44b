import BaseModelKitJSON
/// The text of one date, made in place: up to 32 ASCII bytes in a vector, with no allocation.
struct DateText {
    private var storage = SIMD32<UInt8>()
    /// How many bytes are written.
    private(set) var count = 0

    /// Appends one byte; bytes past the 32nd are dropped (no date form written here is that long).
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        guard count < 32 else { return }
        storage[count] = byte
        count += 1
    }

    /// Appends `value` (not negative) as exactly `width` digits: zeros in front, the lowest digits kept.
    @inline(__always)
    mutating func append(_ value: Int, width: Int) {
        var divisor = 1
        var place = 1
        while place < width {
            divisor *= 10
            place += 1
        }
        while divisor > 0 {
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / divisor % 10))
            divisor /= 10
        }
    }

    /// `body` with the bytes written (sound: see inside).
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        var storage = storage
        let count = count
        // Sound: `withUnsafeBytes(of:)` lends the vector's 32 bytes for the call, bound here as the
        // `UInt8`s they are; `count` is at most 32, so the buffer lies inside them, and it is used
        // only inside `body`. `ISO8601DateTests` and `FixedDateFormatTests` check the text of every
        // form written against Foundation's formatters.
        return try withUnsafeBytes(of: &storage) { raw in
            try body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<count]))
        }
    }

    var string: String {
        withBytes { String(decoding: $0, as: UTF8.self) }
    }
}
