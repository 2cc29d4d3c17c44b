import BaseModelKitJSON
/// The mapping tables one class in a model hierarchy declares, as read from its class members.
struct ClassTables {
    let type: AnyClass
    let apiToLocal: [String: String]
    let constructors: [String: () -> Any]
    let transformers: [String: JSONTransformer]
    let lossyCollections: Set<String>
    let requiredKeys: Set<String>
    let fixedKeys: Set<String>
    let alternativeKeys: [String: [String]]
    let forwardCompatibleEnums: Set<String>
    let identities: [String: String]
    let partialCollections: Set<String>
    let replacedOnUpdate: Set<String>
    let mergedDictionaries: Set<String>
    let observedKeyPaths: [String: AnyKeyPath]

    var name: String { String(describing: type) }
}
