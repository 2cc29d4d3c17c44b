/// A coder of an optional reference (an optional model) that writes the optional's value from the
/// reference itself (`ValueCoding.writeReference`), so that no `Optional<Wrapped>` is made (see
/// `GenericMemberAccess.write`).
protocol OptionalReferenceWriting {}
