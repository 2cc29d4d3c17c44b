import BaseModelKitJSON
/// How an update merges a dictionary of values by key (`BaseModel.mergedDictionaries`) where the model
/// holds it (`ValueCoding.entryMerging`): a key listed gets its value, `null` removes it, keys not
/// listed stay. The property's access takes the dictionary out of its field, leaving `empty` there,
/// so that `merge` holds the dictionary's only reference and changes it without a copy, then puts it
/// back; `merge` tells the edits it was given what it changed, whether it finishes or throws.
struct EntryMerging<Dictionary> {
    let empty: Dictionary
    /// Merges the object at the parser's position into the dictionary; given an encoding session,
    /// it also lists each entry changed (`EntryEdits.changes`).
    let merge: (inout JSONParser, inout Dictionary, DecodingSession, EncodingSession?, inout EntryEdits<Dictionary>) throws -> Void
}
