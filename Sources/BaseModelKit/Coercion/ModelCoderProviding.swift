import BaseModelKitJSON
import Foundation

/// A model class that can make the coder for values of its type. `BaseModel` conforms; the coder it
/// makes walks the class's own plan.
protocol ModelCoderProviding: AnyObject {
    /// A coder producing values of `declaredType` (this class or a superclass of it).
    /// `replaces`: an update replaces such a value with a new object (`BaseModel.replacedOnUpdate`).
    static func makeModelCoder<Declared>(declaredType: Declared.Type, replaces: Bool) -> Any?

    /// Whether this class is `other` or inherits from it.
    static func isSubclass(of other: ModelCoderProviding.Type) -> Bool
}
