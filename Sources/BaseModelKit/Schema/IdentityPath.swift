import BaseModelKitJSON
/// A path to one model of a graph through identities, as a live feed names the target of a delta:
/// `IdentityPath("ev", 101).then("m", "101-1")` is market `"101-1"` of event `101`.
///
/// Each step names a property by its JSON key and, for a collection of models, the model in it: the
/// element whose identity (`identities`) is the step's value, for an array merged by identity; the
/// key, for a dictionary of models (a number stands for its text). A step without a value goes
/// through a model property. `model(at:)` finds the model, `update(from:at:)` applies a delta to it;
/// both look up each step in constant time (see `model(at:)`).
public struct IdentityPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: a property's JSON key, and the identity of a model in it (`nil` for a model
    /// property).
    public struct Step: Sendable, Hashable {
        /// The property's JSON key in the model the step starts from.
        public var key: String
        /// The identity of the model in the collection (an element's identity, a dictionary's key); `nil` to go through a model property.
        public var identity: JSON?

        /// A step into the property under `key`, to the model with `identity` (or into a model property).
        public init(key: String, identity: JSON? = nil) {
            self.key = key
            self.identity = identity
        }
    }

    /// The steps, outermost first. An empty path names the model it starts from.
    public var steps: [Step]

    /// A path of `steps`, outermost first.
    public init(_ steps: [Step] = []) {
        self.steps = steps
    }

    /// A path of one step: the model with `identity` in the collection under `key`.
    public init(_ key: String, _ identity: JSON) {
        self.init([Step(key: key, identity: identity)])
    }

    /// This path followed by a step into the collection under `key`, to the model with `identity`.
    public func then(_ key: String, _ identity: JSON) -> IdentityPath {
        IdentityPath(steps + [Step(key: key, identity: identity)])
    }

    /// This path followed by a step into the model property under `key`.
    public func then(_ key: String) -> IdentityPath {
        IdentityPath(steps + [Step(key: key)])
    }

    /// `ev[id: 101].m[id: "101-1"]`: each key, with the identity it names (a `MappingPath` says
    /// `ev[3]` for a position).
    public var description: String {
        steps.enumerated().map { position, step in
            (position == 0 ? "" : ".") + step.key + (step.identity.map { "[id: \($0)]" } ?? "")
        }.joined()
    }
}
