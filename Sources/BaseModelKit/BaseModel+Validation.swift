import BaseModelKitJSON
extension BaseModel {
    /// Checks the class's mapping tables against its stored properties and throws a `SchemaError`
    /// listing every problem at once — one line in a test suite catches a typo in a map:
    ///
    ///     @Test func mappings() throws { try User.validateMappings() }
    ///
    /// It also lists what decoding lets pass but a class most likely means otherwise: an
    /// `@Observable` property without a key path in `observedKeyPaths`, whose observers updates
    /// cannot tell.
    public static func validateMappings() throws {
        let plan = try PlanRegistry.plan(for: self)
        guard plan.advisories.isEmpty else { throw SchemaError(model: plan.modelName, problems: plan.advisories) }
    }

    /// Property name → JSON key: the reverse of the effective `apiToLocal`, derived from it.
    public static var localToApi: [String: String] {
        (try? PlanRegistry.plan(for: self).localToApi) ?? [:]
    }
}
