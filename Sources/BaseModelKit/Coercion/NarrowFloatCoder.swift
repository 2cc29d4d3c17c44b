import BaseModelKitJSON
import Foundation

/// A binary floating-point type narrower than `Double` (`Float`, and `Float16` where the processor
/// has it): the nearest value, or an error beyond its range; written as its own shortest text, so 0.1
/// stays 0.1 rather than 0.10000000149011612.
///
/// A number is in range when it rounds to a finite value of the type. That is not "at most
/// `greatestFiniteMagnitude`": the shortest text of `Float.greatestFiniteMagnitude`, `3.4028235e+38`,
/// is a little larger than the value it names, and must read back as it.
struct NarrowFloatCoder<Narrow: BinaryFloatingPoint & LosslessStringConvertible & Sendable>: ValueCoding {
    var typeName: String { String(describing: Narrow.self) }

    /// The value of the type nearest to a number, given as `value` (the `Double` nearest to it): not
    /// finite beyond the type's range. Rounding twice, to a `Double` and then to the type, gives the
    /// nearest value except where the `Double` lies exactly halfway between two of the type's values
    /// (`7.038531e-26` for `Float`): there the number as written (`text`) is rounded once.
    ///
    /// Returns no `Narrow?`: run unspecialised (for `Float16`), forming one looks up its metadata per
    /// value. The rare case is out of line, so that its `Narrow?` is formed only there.
    @inline(__always)
    static func nearest(to value: Double, text: () throws -> String) rethrows -> Narrow {
        let narrow = Narrow(value)
        if Narrow(value.nextUp) != Narrow(value.nextDown) { return try roundedOnce(text(), else: narrow) }
        return narrow
    }

    @inline(never)
    private static func roundedOnce(_ text: String, else narrow: Narrow) -> Narrow {
        Narrow(text) ?? narrow
    }

    func decode(_ json: JSON, existing: Narrow?, session: DecodingSession) throws -> Narrow {
        try exactNumber(in: json, session: session) { number in
            guard let value = number.double else { return nil }
            let narrow = Self.nearest(to: value) { number.description }
            return narrow.isFinite ? narrow : nil
        }
    }

    func encode(_ value: Narrow, session: EncodingSession) throws -> JSON {
        guard value.isFinite else { throw MappingError.nonFinite(Double(value)) }
        return .number(JSONNumber(text: value.description) ?? JSONNumber(Double(value)))
    }
}
