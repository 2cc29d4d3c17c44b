import BaseModelKitJSON
// What the coders of collections share beside their cursors (`ElementCursor` for arrays,
// `EntryCursor` for objects, over `CursorState`), which hold the rules every collection keeps — each
// element's index or key in the paths, failed elements dropped by lossy collections, unknown enum
// cases left out: an element's read (`null` only for element types that accept it), the parser's
// reads ahead of an element (an array's element by position, an object's identity), and how an
// element is compared by reference. The coders themselves say what to do with each element
// (`ArrayCoder`, `SetCoder`, `DictionaryCoder`, `KeyedDictionaryCoder`).

extension ValueCoding {
    /// The collection element at the parser's position. `null` is an element only of a type that
    /// accepts it: it cannot be "left unchanged" inside a new collection.
    @inline(__always)
    func decodeElement(from parser: inout JSONParser, session: DecodingSession) throws -> Value {
        if parser.peekToken() == UInt8(ascii: "n"), !acceptsNull {
            try parser.readLiteral(.null)
            throw mismatch(.null)
        }
        return try decode(from: &parser, session: session)
    }

    /// The error for a value at the parser's position that is not the container the coder reads: the
    /// value is read, to name it.
    func containerMismatch(at parser: inout JSONParser) throws -> MappingError {
        mismatch(try parser.readValue())
    }
}

extension JSONParser {
    /// The element at `position` of the array at the parser's position, read ahead: the parser is
    /// put back where it was, not copied (a copy retains and releases the parser's references); what
    /// else a read changes is kept from document to document only to be reused. `nil` when the value
    /// is not an array, is shorter, or cannot be read.
    mutating func elementValue(at position: Int) -> JSON? {
        let (start, level) = (self.position, depth)
        defer { (self.position, depth) = (start, level) }
        guard peekToken() == UInt8(ascii: "[") else { return nil }
        do {
            try enterContainer()
            if closesImmediately(UInt8(ascii: "]")) { return nil }
            var index = 0
            while index < position {
                try skipValue()
                guard try nextMember(closing: UInt8(ascii: "]")) else { return nil }
                index += 1
            }
            return try readValue()
        } catch {
            return nil
        }
    }

    /// The value of member `key` of the object at the parser's position, read from a copy of the
    /// parser (this one does not move); `nil` when the value is not an object, lacks the key, or is
    /// malformed (the reader that follows reports that).
    func identity(named key: String) throws -> JSON? {
        var scan = self
        guard scan.peekToken() == UInt8(ascii: "{") else { return nil }
        return try? scan.memberValue(named: key)
    }

    /// `identity(named:)` as an `IdentityKey`, for an identity whose key's UTF-8 bytes are
    /// `keyBytes`: an integer or a string is read as such, with no `JSON` made. The parser does not
    /// move (`mutating` only so that callers lend it rather than copy it).
    mutating func memberIdentity(named key: String, bytes keyBytes: [UInt8]) -> IdentityKey? {
        // The compact form first, before any copy of the parser: a copy retains and releases the
        // parser's references.
        let open = ByteScanning.skippingWhitespace(in: bytes, from: position)
        guard bytes.byte(at: open) == UInt8(ascii: "{") else { return nil }
        if let compact = Self.compactIdentity(in: bytes, object: open, key: keyBytes) { return compact }
        var scan = self
        scan.position = open
        do {
            try scan.enterContainer()
            guard let found = try scan.lastMemberValue(named: key, bytes: keyBytes) else { return nil }
            scan.position = found.position
            scan.depth = found.depth
            switch scan.peekToken() ?? 0 {
            case UInt8(ascii: "\""):
                return .string(try scan.readString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return IdentityKey(.number(try scan.readNumber()))
            default:
                return IdentityKey(try scan.readValue())
            }
        } catch {
            return nil
        }
    }
}

extension JSONParser {
    /// The identity of the object at the parser's position when it starts with `lead` — its `{`
    /// and its first member's compact key, `{"key":`, as the bytes of a word under `lead.mask` —
    /// and that member holds a plain integer or a string without escapes, ended by the member's `,`
    /// or `}`; `nil` for anything else. The parser does not move (`mutating` only so that callers
    /// lend it rather than copy it).
    mutating func firstMemberIdentity(_ lead: LeadingKeyWord) -> IdentityKey? {
        firstMemberIdentityAndEnd(lead)?.key
    }

    /// `firstMemberIdentity`, with where the identity's value ends (the `,` or `}` after it).
    mutating func firstMemberIdentityAndEnd(_ lead: LeadingKeyWord) -> (key: IdentityKey, end: Int)? {
        guard let word = bytes.word(at: position), word & lead.mask == lead.bits else { return nil }
        return Self.plainIdentityAndEnd(in: bytes, at: position + lead.length)
    }

    /// `memberIdentity` for a compact object (`{"i":2,"p":2.2}`, as minified JSON writes one), read
    /// in place without a copy of the parser: keys compared where they stand, values passed by
    /// matching brackets. The value of the last member named `key`, when it is a plain integer or a
    /// string without escapes; `.some(nil)` when no member has the key; `nil` — read it with the
    /// parser — for anything else. (Through the parser, an identity costs a copy of the parser per
    /// element.)
    static func compactIdentity(in bytes: DocumentBytes, object open: Int, key: [UInt8]) -> IdentityKey?? {
        compactMembers(in: bytes, object: open, key: key, removal: nil).map(\.key)
    }

    /// The value of the last member named by each of `steps` in turn, from the compact object at
    /// `open` down through compact objects (`{"data":{"e":"trade",…}}` for `data`, `e`), when it
    /// is a plain integer or a string without escapes; `nil` — read it with the parser — for
    /// anything else (a missing key, `null`, spaces, escapes, an array on the way). Values are
    /// passed by matching brackets, unchecked: the caller reads the whole document afterwards.
    static func compactValue(in bytes: DocumentBytes, object open: Int, steps: [[UInt8]]) -> IdentityKey? {
        guard !steps.isEmpty else { return nil }
        return compactLookup(steps[...], in: bytes, object: open)?.value
    }

    /// `compactValue` in the object at `open`, with where the object ends (after its `}`). A member
    /// on the way is entered where it is met, so that its bytes are scanned once: its end is where
    /// the scan of its own members stops.
    private static func compactLookup(_ steps: ArraySlice<[UInt8]>, in bytes: DocumentBytes, object open: Int) -> (value: IdentityKey?, end: Int)? {
        guard bytes.byte(at: open) == UInt8(ascii: "{") else { return nil }
        let key = steps[steps.startIndex]
        var member = open + 1
        var found: IdentityKey?
        if bytes.byte(at: member) == UInt8(ascii: "}") { return (nil, member + 1) }
        while true {
            guard let keyEnd = ByteScanning.compactKey(in: bytes, at: member) else { return nil }
            let value = keyEnd + 2
            let end: Int
            if keyEnd - member - 1 == key.count, ByteScanning.equal(bytes, from: member + 1, to: keyEnd, key) {
                if steps.count == 1 {
                    guard let plain = plainIdentityAndEnd(in: bytes, at: value) else { return nil }
                    (found, end) = (plain.key, plain.end)
                } else {
                    // The rest of the way inside this member's object, which must be one.
                    guard let inner = compactLookup(steps.dropFirst(), in: bytes, object: value) else { return nil }
                    (found, end) = (inner.value, inner.end)
                }
            } else {
                guard let valueEnd = ByteScanning.endOfMemberValue(in: bytes, from: value), valueEnd > value else { return nil }
                end = valueEnd
            }
            if bytes.byte(at: end) == UInt8(ascii: "}") { return (found, end + 1) }
            guard bytes.byte(at: end) == UInt8(ascii: ",") else { return nil }
            member = end + 1
        }
    }

    /// `compactIdentity` of the element at the parser's position (an object in compact form), for a
    /// partial collection: its identity — the value of its last member named `key`, `nil` when it has
    /// none — and whether its last member named `removal` is `true`, in one pass. `nil` — read both
    /// with the parser — for anything `compactIdentity` leaves to the parser. The parser does not
    /// move (`mutating` only so that callers lend it rather than copy it).
    mutating func compactIdentityAndRemoval(key: [UInt8], removal: [UInt8]) -> (key: IdentityKey?, removes: Bool)? {
        let open = ByteScanning.skippingWhitespace(in: bytes, from: position)
        guard bytes.byte(at: open) == UInt8(ascii: "{") else { return nil }
        return Self.compactMembers(in: bytes, object: open, key: key, removal: removal).map { ($0.key, $0.removes) }
    }

    /// The one pass of `compactIdentity` and `compactIdentityAndRemoval` over the compact object at
    /// `open`: the identity (`nil` when no member has `key`), with `removal` whether the last member
    /// of that name is `true`, and where the object ends (after its `}`); `nil` for anything the
    /// parser must read.
    @inline(__always)
    private static func compactMembers(in bytes: DocumentBytes, object open: Int, key: [UInt8], removal: [UInt8]?) -> (key: IdentityKey?, removes: Bool, end: Int)? {
        var identityStart: Int?
        var removes = false
        let walked = forEachCompactMember(in: bytes, object: open) { keyStart, keyEnd, value, end in
            let keyLength = keyEnd - keyStart
            if keyLength == key.count, ByteScanning.equal(bytes, from: keyStart, to: keyEnd, key) { identityStart = value }
            if let removal, keyLength == removal.count, ByteScanning.equal(bytes, from: keyStart, to: keyEnd, removal) {
                // `true` removes; `false` and `null` keep; anything else is the parser's to refuse.
                if end == value + 4 && ByteScanning.equal(bytes, from: value, to: end, trueLiteral) {
                    removes = true
                } else if (end == value + 5 && ByteScanning.equal(bytes, from: value, to: end, falseLiteral))
                            || (end == value + 4 && ByteScanning.equal(bytes, from: value, to: end, nullLiteral)) {
                    removes = false
                } else {
                    return false
                }
            }
            return true
        }
        guard let end = walked else { return nil }
        guard let start = identityStart else { return (nil, removes, end) }
        guard let identity = plainIdentity(in: bytes, at: start) else { return nil }
        return (identity, removes, end)
    }

    private static let trueLiteral = Array("true".utf8)
    private static let falseLiteral = Array("false".utf8)
    private static let nullLiteral = Array("null".utf8)

    /// The identity a member's value at `start` is when it is a plain integer (`ByteScanning.plainInteger`,
    /// and one an `Int` holds) or an ASCII string without escapes, followed by the `,` or `}` that
    /// ends the member; `nil` for anything else, which the parser reads (and checks: a string that is
    /// not ASCII is left to it, which refuses one that is not UTF-8).
    private static func plainIdentity(in bytes: DocumentBytes, at start: Int) -> IdentityKey? {
        plainIdentityAndEnd(in: bytes, at: start)?.key
    }

    /// `plainIdentity`, with where the value ends (the `,` or `}` after it).
    @inline(__always)
    private static func plainIdentityAndEnd(in bytes: DocumentBytes, at start: Int) -> (key: IdentityKey, end: Int)? {
        if bytes.byte(at: start) == UInt8(ascii: "\"") {
            let (index, highBits) = ByteScanning.stringRun(in: bytes, from: start + 1)
            guard highBits < 0x80, bytes.byte(at: index) == UInt8(ascii: "\""),
                  let next = bytes.byte(at: index + 1), next == UInt8(ascii: ",") || next == UInt8(ascii: "}") else { return nil }
            return (.string(ByteScanning.string(in: bytes, from: start + 1, to: index)), index + 1)
        }
        guard let (integer, end) = ByteScanning.plainInteger(in: bytes, from: start), let value = Int(exactly: integer),
              let next = bytes.byte(at: end), next == UInt8(ascii: ",") || next == UInt8(ascii: "}") else { return nil }
        return (.int(value), end)
    }
}

/// `value` as an object reference, when `Value` is a class type; `nil` otherwise. (`as AnyObject`
/// goes through the runtime's general bridging per element.)
func anyObject<Value>(_ value: Value) -> AnyObject? {
    guard ReferenceCollections.isReference(Value.self) else { return value as AnyObject? }
    // Sound: a single class reference (checked above), the representation of `AnyObject` (see
    // `ReferenceCollections`). `IdentityMergeTests` merges arrays of models through it.
    return ReferenceCollections.object(value)
}

/// Whether `first` and `second` are the same value, bit for bit: a model an update merged in place
/// comes back as itself (the same reference), and then nothing needs writing back. Compares the bits
/// of values the size of a reference (`BufferIdentity`); larger values are never the same. (No cast
/// to `AnyObject` per element.)
func isSameObject<Value>(_ first: Value, _ second: Value) -> Bool {
    guard let bits = BufferIdentity.of(first) else { return false }
    return bits == BufferIdentity.of(second)
}
