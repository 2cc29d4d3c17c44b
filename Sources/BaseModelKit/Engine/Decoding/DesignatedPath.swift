import BaseModelKitJSON
/// Finding the value at a designated path (`"data.events"`, `"data.items.0"`) while streaming, so that
/// a model can be decoded from a node inside a larger document without building the rest of it.
///
/// Everything outside the designated value is still read and checked: a document that is not JSON
/// is an error wherever the fault is.
enum DesignatedPath {
    /// The containers entered on the way down, innermost last, to be left again with `finish`.
    struct Descent {
        fileprivate var closings: [UInt8] = []
        /// The steps taken, as a `MappingPath` (for the errors of what is decoded there).
        var path = MappingPath()
    }

    /// Moves `parser` from the start of a document to the value at `path`. In an array a segment of
    /// digits selects an element; in an object a segment selects the member with that key (the last
    /// one, should the key repeat, as everywhere else).
    static func seek(_ path: String, in parser: inout JSONParser) throws -> Descent {
        var descent = Descent()
        let keyPath = JSONKeyPath(path)
        for segment in keyPath.segments {
            switch parser.peekToken() {
            case UInt8(ascii: "{"):
                try parser.enterContainer()
                descent.closings.append(UInt8(ascii: "}"))
                guard try findMember(segment, in: &parser) else {
                    throw MappingError(.notFound("key \"\(segment)\""), path: descent.path)
                }
                descent.path.components.append(.key(segment))
            case UInt8(ascii: "["):
                guard let wanted = Int(segment), wanted >= 0, segment.allSatisfy(\.isASCII) else {
                    throw MappingError(.typeMismatch(expected: "an object with the key \"\(segment)\"", found: "an array"), path: descent.path)
                }
                try parser.enterContainer()
                descent.closings.append(UInt8(ascii: "]"))
                let count = try findElement(wanted, in: &parser)
                guard count == nil else {
                    throw MappingError(.notFound("element \(wanted) (the array has \(count!))"), path: descent.path)
                }
                descent.path.components.append(.index(wanted))
            default:
                let found = try parser.readValue()
                throw MappingError(.typeMismatch(expected: "an object or array to go on to \"\(segment)\"", found: found.foundDescription), path: descent.path)
            }
        }
        return descent
    }

    /// After the value at the designated path was read: reads and checks the rest of every container
    /// entered on the way down, then the end of the document.
    static func finish(_ descent: Descent, in parser: inout JSONParser) throws {
        for closing in descent.closings.reversed() {
            while try parser.nextMember(closing: closing) {
                if closing == UInt8(ascii: "}") { _ = try parser.readStreamingKey() }
                try parser.skipValue()
            }
        }
        try parser.expectEndOfInput()
    }

    /// Within an object just entered: finds the member named `key` (its last occurrence) and leaves the
    /// parser at its value; `false` (with the object left) when there is none.
    private static func findMember(_ key: String, in parser: inout JSONParser) throws -> Bool {
        guard let found = try parser.lastMemberValue(named: key) else { return false }
        // Back to the value: the parser read it once already, so it is known to be well formed.
        parser.position = found.position
        parser.depth = found.depth
        return true
    }

    /// Within an array just entered: skips elements up to `index`, leaving the parser at it and
    /// returning `nil`; or returns the array's length (with the array left) when it is shorter.
    private static func findElement(_ index: Int, in parser: inout JSONParser) throws -> Int? {
        if parser.closesImmediately(UInt8(ascii: "]")) { return 0 }
        var current = 0
        repeat {
            if current == index { return nil }
            try parser.skipValue()
            current += 1
        } while try parser.nextMember(closing: UInt8(ascii: "]"))
        return current
    }
}
