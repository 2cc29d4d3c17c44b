import BaseModelKitJSON
/// What a recorded change is about: the whole value of a property, one key of a dictionary of models,
/// one element of an array merged by identity, or the order of such an array's elements.
enum ChangeScope: Hashable {
    case value
    case key(String)
    /// The element at this position: before the update for one removed (the new value is `null`),
    /// after it for one added.
    case element(Int)
    /// The elements that stayed are in another order: the old and new values list their identities.
    case order

    var isElement: Bool {
        if case .element = self { true } else { false }
    }
}
