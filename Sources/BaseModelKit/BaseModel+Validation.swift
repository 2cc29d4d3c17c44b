extension BaseModel {
    /// Checks the class's mapping tables against its stored properties and throws a `SchemaError`
    /// listing every problem at once — one line in a test suite catches a typo in a map:
    ///
    ///     @Test func mappings() throws { try User.validateMappings() }
    public static func validateMappings() throws {
        _ = try SchemaRegistry.schema(for: self)
    }

    /// Property name → JSON key: the reverse of the effective `apiToLocal`, derived from it.
    public static var localToApi: [String: String] {
        (try? SchemaRegistry.schema(for: self).localToApi) ?? [:]
    }
}
