import BaseModelKit
import Foundation

// Target (b): decoding into a model graph. Any byte string decodes or throws `MappingError` — in both
// coercion modes, with every collection lossy and a report, with unknown keys rejected, at a
// designated path, and through a message router; a decoded graph encodes without error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModel(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: start, count: count))
    let data = Data(input)
    var strict = DecodingOptions()
    strict.coercion = .strict
    strict.maxDepth = 64
    var lossy = DecodingOptions()
    lossy.collections = .lossy
    var rejecting = DecodingOptions()
    rejecting.unknownKeys = .reject
    for options in [DecodingOptions(), strict, lossy, rejecting] {
        do {
            let root = try FuzzRoot.decode(from: data, options: options, report: MappingReport())
            _ = try root.jsonData()
            _ = try root.jsonData(options: [.prettyPrinted, .sortedKeys])
        } catch is MappingError {
            continue
        } catch {
            fuzzFailure("decode or encode threw something other than MappingError: \(error)", input)
        }
    }
    do {
        _ = try FuzzRoot.decode(from: data, at: "d.0")
    } catch is MappingError {
    } catch {
        fuzzFailure("decode at a path threw something other than MappingError: \(error)", input)
    }
    let router = MessageRouter(typeKey: "k")
    router.register(FuzzItem.self, type: "item") { _ in }
    router.setFallback { _, _ in }
    do {
        try router.route(data)
    } catch is MappingError {
    } catch {
        fuzzFailure("routing threw something other than MappingError: \(error)", input)
    }
    do {
        _ = try FuzzItem.decodeArray(from: data)
    } catch is MappingError {
    } catch {
        fuzzFailure("decodeArray threw something other than MappingError: \(error)", input)
    }
    return 0
}
