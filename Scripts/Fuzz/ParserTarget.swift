import BaseModelKit
import Foundation

// Target (a): the JSON parser. Any byte string either parses or throws `JSONSyntaxError`; a value
// that parses writes back to text that parses to the same value, and compact output is a fixed point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: start, count: count))
    let value: JSON
    do {
        value = try JSON(parsing: input)
    } catch is JSONSyntaxError {
        return 0
    } catch {
        fuzzFailure("the parser threw something other than JSONSyntaxError: \(error)", input)
    }
    do {
        let written = try value.serializedData()
        let again = try JSON(parsing: written)
        guard again == value else { fuzzFailure("the written value parses to a different value", input) }
        guard try again.serializedData() == written else { fuzzFailure("compact output is not a fixed point", input) }
        let pretty = try value.serializedData(options: [.prettyPrinted, .sortedKeys, .escapingSlashes])
        guard try JSON(parsing: pretty) == value else { fuzzFailure("pretty output parses to a different value", input) }
    } catch {
        fuzzFailure("a parsed value failed to write or re-parse: \(error)", input)
    }
    return 0
}
