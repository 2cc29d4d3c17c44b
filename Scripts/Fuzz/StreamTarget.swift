import BaseModelKit
import Foundation

// Target (e): streams. Any byte string, handed over in chunks whose sizes the input's own bytes pick,
// gives through `decodeElements` the models `decodeArray` gives (or an error at the same place), and
// through `decodeLines` models or a `MappingError`: never a crash, a hang or another error. With a
// limit on a value's bytes, `decodeElements` gives the same, or stops early with the limit's error.
// Cancelled after as many elements as the input's first byte picks, either stream delivers nothing
// more and ends with `CancellationError` (or its own end).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStreams(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: start, count: count))
    let outcome = StreamOutcome()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        outcome.set(await check(input))
        done.signal()
    }
    done.wait()
    if let failure = outcome.get() { fuzzFailure(failure, input) }
    return 0
}

/// The first failure `check` found, handed from its task to the fuzzer's thread.
private final class StreamOutcome: @unchecked Sendable {
    // Written by the task before it signals, read after the wait: the semaphore orders the two.
    private var failure: String?
    func set(_ value: String?) { failure = value }
    func get() -> String? { failure }
}

/// Chunks of the input, their sizes (1 to 16) taken from its bytes in turn.
private struct Chunks: AsyncSequence, Sendable {
    let bytes: [UInt8]

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        var index = 0
        mutating func next() async -> ArraySlice<UInt8>? {
            guard index < bytes.count else { return nil }
            let size = Int(bytes[index % bytes.count] % 16) + 1
            let end = Swift.min(bytes.count, index + size)
            defer { index = end }
            return bytes[index..<end]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes) }
}

private func check(_ input: [UInt8]) async -> String? {
    // In memory: the models' JSON, or where the error is.
    let expected: String
    do {
        expected = try FuzzItem.decodeArray(from: input).map { try $0.jsonString() }.joined(separator: "|")
    } catch let error as MappingError {
        expected = "error at \(error.path)"
    } catch {
        return "decodeArray threw something other than MappingError: \(error)"
    }
    var streamed: [String] = []
    var actual: String
    do {
        for try await item in FuzzItem.decodeElements(from: Chunks(bytes: input)) { streamed.append(try item.jsonString()) }
        actual = streamed.joined(separator: "|")
    } catch let error as MappingError {
        actual = "error at \(error.path)"
    } catch {
        return "decodeElements threw something other than MappingError: \(error)"
    }
    // Malformed input may fail at another place in a stream, which frames a value before it parses
    // it (a truncated element is a framing error there): a finding is models on one side and an
    // error on the other, or different models.
    if actual != expected, !(expected.hasPrefix("error") && actual.hasPrefix("error")) {
        return "decodeElements gave \(actual), decodeArray \(expected)"
    }
    if let failure = await limited(input, unlimited: streamed, outcome: actual) { return "decodeElements with a limit: \(failure)" }
    do {
        for try await _ in FuzzItem.decodeLines(from: Chunks(bytes: input)) {}
    } catch is MappingError {
    } catch {
        return "decodeLines threw something other than MappingError: \(error)"
    }
    let stopAfter = Int(input.first ?? 0) % 8
    for lines in [false, true] {
        let stream = lines ? FuzzItem.decodeLines(from: Chunks(bytes: input)) : FuzzItem.decodeElements(from: Chunks(bytes: input))
        if let failure = await Task(operation: { await cancelled(stream, after: stopAfter) }).value {
            return "\(lines ? "decodeLines" : "decodeElements"): \(failure)"
        }
    }
    return nil
}

/// `decodeElements` with `maxStreamedValueBytes` (1 to 64, from the input's last byte) against the
/// same stream without it, which delivered `unlimited` and ended as `outcome`: the same, or a part of
/// `unlimited` and then the limit's error; the same whenever the input is no longer than the limit.
private func limited(_ input: [UInt8], unlimited: [String], outcome: String) async -> String? {
    var options = DecodingOptions()
    options.maxStreamedValueBytes = Int(input.last ?? 0) % 64 + 1
    var streamed: [String] = []
    do {
        for try await item in FuzzItem.decodeElements(from: Chunks(bytes: input), options: options) { streamed.append(try item.jsonString()) }
    } catch let error as MappingError {
        guard case .malformedJSON(let syntax) = error.reason, syntax.description.hasPrefix("A value longer than") else {
            return outcome.hasPrefix("error") && unlimited.starts(with: streamed) ? nil : "\(error) where the unlimited stream gave \(outcome)"
        }
        if input.count <= options.maxStreamedValueBytes! { return "\(error) for \(input.count) bytes" }
        return unlimited.starts(with: streamed) ? nil : "delivered \(streamed) before \(error), the unlimited stream \(unlimited)"
    } catch {
        return "threw something other than MappingError: \(error)"
    }
    return streamed == unlimited && !outcome.hasPrefix("error") ? nil : "delivered \(streamed) where the unlimited stream gave \(outcome)"
}

/// Iterates `stream`, cancelling its own task after `count` elements: what went wrong, if anything.
private func cancelled<Stream: AsyncSequence>(_ stream: Stream, after count: Int) async -> String? {
    var delivered = 0
    do {
        for try await _ in stream {
            if delivered > count { return "an element came after the task was cancelled" }
            if delivered == count { withUnsafeCurrentTask { $0?.cancel() } }
            delivered += 1
        }
    } catch is CancellationError {
        if delivered <= count { return "CancellationError before the task was cancelled" }
    } catch is MappingError {
        if delivered > count { return "a MappingError after the task was cancelled" }
    } catch {
        return "threw something other than MappingError or CancellationError: \(error)"
    }
    return nil
}
