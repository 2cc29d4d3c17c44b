import BaseModelKitJSON
/// Where in a JSON document something happened: `b[3].a`, `m["k"].x`.
///
/// Object members read through a model's map appear as `.name`, array elements as `[index]` and
/// dictionary entries as `["key"]`. The empty path is the top level of the document.
public struct MappingPath: Sendable, Hashable, CustomStringConvertible {
    /// One step down into a JSON value.
    public enum Component: Sendable, Hashable {
        /// A member of an object, by its JSON key.
        case key(String)
        /// An element of an array, counting from 0.
        case index(Int)
        /// An entry of an object read as a `[String: T]` dictionary.
        case dictionaryKey(String)
    }

    /// The steps from the top level, outermost first.
    public var components: [Component]

    /// A path with these steps.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// This path one step further down.
    func appending(_ component: Component) -> MappingPath {
        MappingPath(components + [component])
    }

    /// Whether this is the top level of the document.
    public var isTopLevel: Bool { components.isEmpty }

    /// The path as written in messages: `b[3].a`, or `the top level` for the empty path. A path of
    /// more than 32 steps shows its first and last 16 with the count of those left out between them.
    public var description: String {
        guard !components.isEmpty else { return "the top level" }
        guard components.count > 32 else { return Self.text(of: components[...]) }
        let head = Self.text(of: components.prefix(16))
        let tail = Self.text(of: components.suffix(16))
        return head + " … (\(components.count - 32) more steps) … " + tail
    }

    private static func text(of steps: ArraySlice<Component>) -> String {
        var text = ""
        for component in steps {
            switch component {
            case .key(let key):
                text += text.isEmpty ? key : "." + key
            case .index(let index):
                text += "[\(index)]"
            case .dictionaryKey(let key):
                text += "[\"\(key)\"]"
            }
        }
        return text
    }
}
