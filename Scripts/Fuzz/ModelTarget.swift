import BaseModelKit
import Foundation

// Target (b): decoding into a model graph. Any byte string decodes or throws `MappingError`, in both
// coercion modes; a decoded graph encodes without error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModel(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: start, count: count))
    let data = Data(input)
    var strict = DecodingOptions()
    strict.coercion = .strict
    strict.maxDepth = 64
    for options in [DecodingOptions(), strict] {
        do {
            let root = try FuzzRoot.decode(from: data, options: options)
            _ = try root.jsonData()
        } catch is MappingError {
            continue
        } catch {
            fuzzFailure("decode or encode threw something other than MappingError: \(error)", input)
        }
    }
    do {
        _ = try FuzzItem.decodeArray(from: data)
    } catch is MappingError {
    } catch {
        fuzzFailure("decodeArray threw something other than MappingError: \(error)", input)
    }
    return 0
}
