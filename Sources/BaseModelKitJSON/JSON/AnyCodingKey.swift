import Foundation

/// A coding key of any name or index: JSON objects have keys no type declares.
@usableFromInline package struct AnyCodingKey: CodingKey, Hashable {
    @usableFromInline package let stringValue: String
    @usableFromInline package let intValue: Int?

    @inlinable package init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    @inlinable package init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
