import BaseModelKitJSON
import Foundation

/// A coder for one type that can offer itself to the `CoderFactory` as the coder of that type.
protocol LeafCoderProviding: Sendable {
    /// The type converted.
    var valueType: Any.Type { get }
    /// This coder typed for `T` when `T` is the converted type; `nil` otherwise.
    func coder<T>(for type: T.Type) -> (any ValueCoding<T>)?
}

extension LeafCoderProviding where Self: ValueCoding {
    var valueType: Any.Type { Value.self }

    func coder<T>(for type: T.Type) -> (any ValueCoding<T>)? {
        self as? any ValueCoding<T>
    }
}
