import BaseModelKitJSON
/// A programmer's mistake in a model's mapping tables: every problem of the class at once.
///
///     Mapping tables of `User` are invalid:
///     - apiToLocal maps "zp" to `zipCode`, which `User` does not declare.
///     - `createdAt` is a `let`; mapped properties must be `var`.
public struct SchemaError: Error, CustomStringConvertible, Hashable {
    /// The model class whose tables are invalid.
    public let model: String
    /// One sentence per problem, in a stable order.
    public let problems: [String]

    init(model: String, problems: [String]) {
        self.model = model
        self.problems = problems
    }

    /// All problems, one per line, under a heading that names the class.
    public var description: String {
        (["Mapping tables of `\(model)` are invalid:"] + problems.map { "- \($0)" }).joined(separator: "\n")
    }
}
