import BaseModelKitJSON
import Foundation

/// Mapped properties of the most common types, as concrete (non-generic) types.
///
/// `GenericMemberAccess<Value>` is made for a type known only at run time, so its code runs unspecialised,
/// and every `Optional<Value>` or `Array<Value>` it touches costs a lookup in the runtime's metadata
/// cache. The types below are spelled out, so the compiler specialises their code and the coders'.
protocol ScalarMemberAccess: MemberAccess {
    associatedtype Coder: ValueCoding
    var handle: FieldHandle<Coder.Value> { get }
    var coder: Coder { get }
    /// The member loop's case for this access, which decodes and writes it in place; `.access` (the
    /// default) for one decoded and written through the access.
    var dispatch: MemberDispatch { get }
}

extension ScalarMemberAccess {
    var dispatch: MemberDispatch { .access }

    func decode(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
    }

    func write(from object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
    }

    func heldValue(of object: AnyObject, session: EncodingSession) -> HeldValue {
        heldMember(by: coder, from: handle, of: object, session: session)
    }

    /// The member's value as JSON, as the writer writes it: `nil` for a `nil` property that the
    /// options leave out.
    func writtenJSON(of object: AnyObject, session: EncodingSession) throws -> JSON? {
        let value = handle.read(from: object)
        if coder.isNil(value) { return session.options.nilEncoding == .null ? .null : nil }
        return try coder.encode(value, session: session)
    }

    func identityJSON(of object: AnyObject) -> JSON? {
        try? coder.encode(handle.read(from: object), session: IdentityWriting.scalarSession)
    }

    func canonicalJSON(for json: JSON, session: DecodingSession) -> JSON? {
        canonicalIdentity(of: json, by: coder, session: session, writing: IdentityWriting.scalarSession)
    }
}

extension ScalarMemberAccess where Coder.Value: ExactlyComparable {
    /// A scalar: its coder reads one value, and its one change is recorded at the place given.
    var comparesScalar: Bool { true }

    /// The common scalars compare their values, and write JSON only for a change. (Writing both
    /// values as bytes cost two allocations per member of every update.) A value that is exactly
    /// the one there is not written (see `decodeMember`); one that is only equal to it (`-0.0` for
    /// `0.0`) is written, and is no change.
    func decodeComparing(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder, at site: @autoclosure () -> ChangeSite) throws {
        if try skipsNull(at: &parser, for: coder, session: session) { return }
        let new = try coder.decode(from: &parser, session: session)
        let old = handle.read(from: object)
        if Coder.Value.isExactly(old, new) { return }
        session.undoLog?.noteWrite(of: handle, in: object)
        handle.write(new, to: object)
        guard !Coder.Value.isEqual(old, new) else { return }
        tracker.record(old: (try? coder.encode(old, session: tracker.encoding)) ?? .null, new: (try? coder.encode(new, session: tracker.encoding)) ?? .null,
                       object: object, at: site())
    }
}
