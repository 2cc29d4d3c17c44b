import BaseModelKit
import Foundation

// Target (c): decode → update in place → encode → decode. The input is two documents separated by a
// NUL byte: the first is decoded, the second applied with `update(from:)`. A failed update leaves
// the graph as it was (its encoding is unchanged); a successful one encodes to JSON that decodes to
// an equal graph (the same encoding), and its PATCH body applied to the state before makes it. The
// same two documents update a class whose hook runs during the update (`FuzzHookedRoot`): a failed
// update leaves it as it was too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundTrip(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: start, count: count))
    let separator = input.firstIndex(of: 0) ?? input.endIndex
    let first = Data(input[..<separator])
    let second = separator < input.endIndex ? Data(input[(separator + 1)...]) : Data()
    checkHookedUpdate(first, second, input)
    guard let root = try? FuzzRoot.decode(from: first) else { return 0 }
    do {
        let before = try root.jsonData()
        let changes: ChangeSet
        do {
            changes = try root.update(from: second)
        } catch is MappingError {
            guard try root.jsonData() == before else { fuzzFailure("a failed update changed the graph", input) }
            return 0
        }
        let written = try root.jsonData()
        // The update's PATCH body, applied to the state before, makes the state after.
        let replica = try FuzzRoot.decode(from: before)
        try replica.update(from: try changes.jsonData())
        guard try replica.jsonData() == written else { fuzzFailure("the update's PATCH body makes another state", input) }
        let again = try FuzzRoot.decode(from: written)
        guard try again.jsonData() == written else { fuzzFailure("the encoded graph decodes to a different graph", input) }
    } catch {
        fuzzFailure("encoding a decoded graph or decoding its encoding failed: \(error)", input)
    }
    return 0
}

/// The first document decoded as `FuzzHookedRoot`, and the second applied: an update that fails,
/// or that the hook refuses, leaves the graph's encoding as it was.
private func checkHookedUpdate(_ first: Data, _ second: Data, _ input: [UInt8]) {
    guard let hooked = try? FuzzHookedRoot.decode(from: first), let before = try? hooked.jsonData() else { return }
    do {
        _ = try hooked.update(from: second)
    } catch {
        guard (try? hooked.jsonData()) == before else { fuzzFailure("a failed update of a class with hooks changed the graph", input) }
    }
}
