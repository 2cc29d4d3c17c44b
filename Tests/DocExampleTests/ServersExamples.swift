import BaseModelKit
import Foundation
import Testing

// The examples of Docs/Servers.md, line for line (Scripts/Checks/examples.py checks it).
final class ServerOrder: BaseModel {
    var orderId = ""
    var customer = ""
    var quantity = 0
    var note: String?
    override class var apiToLocal: [String: String] { ["id": "orderId", "c": "customer", "q": "quantity", "n": "note"] }
    override class var requiredKeys: Set<String> { ["id", "c"] }
    override class var fixedKeys: Set<String> { ["id"] }
}

/// The orders a server holds, in an actor: every request's change goes through it, one at a time.
actor OrderStore {
    private var orders: [String: ServerOrder] = [:]

    /// POST: a new order from the request body, read strictly.
    func create(from body: Data) throws -> Data {
        let order = try ServerOrder.decode(from: body, options: .strict)
        orders[order.orderId] = order
        return try order.jsonData()
    }

    /// PATCH: the body applied to the order in place; the answer is what changed, as a PATCH body.
    func update(_ id: String, from body: Data) throws -> Data? {
        guard let order = orders[id] else { return nil }
        let changes = try order.update(from: body, options: .strict)
        return try changes.jsonData()
    }

    /// GET: the order as JSON.
    func json(of id: String) throws -> Data? {
        try orders[id]?.jsonData()
    }

    /// A copy of an order, to work on outside the actor: `copy()` returns a new graph as `sending`.
    func copy(of id: String) throws -> sending ServerOrder? {
        guard let order = orders[id] else { return nil }
        return try order.copy()
    }
}

/// The status and body of the answer to a request that failed.
func answer(for error: any Error) -> (status: Int, body: String) {
    if let error = error as? MappingError {
        return (400, error.description)     // the request's fault, said with its path
    }
    return (500, "The server could not answer.")
}

/// Orders uploaded as one large array, decoded as the body's buffers arrive.
func importOrders<Buffers: AsyncSequence>(_ body: Buffers, into store: OrderStore) async throws -> Int
    where Buffers.Element: Collection, Buffers.Element.Element == UInt8 {
    var options = DecodingOptions.strict
    options.maxStreamedValueBytes = 64 << 10
    var count = 0
    for try await order in ServerOrder.decodeElements(from: body, options: options) {
        _ = try await store.create(from: try order.jsonData())
        count += 1
    }
    return count
}

@Suite("Docs: Servers")
struct ServersExamples {
    @Test("an actor store: POST, PATCH answered with the change set, GET, a copy, errors as 400s, a streamed upload")
    func store() async throws {
        let store = OrderStore()
        _ = try await store.create(from: Data(#"{"id":"o1","c":"Ann","q":2}"#.utf8))
        let patch = try await store.update("o1", from: Data(#"{"q":3,"n":"gift"}"#.utf8))
        #expect(patch.map { String(decoding: $0, as: UTF8.self) } == #"{"q":3,"n":"gift"}"#)
        #expect(try await store.json(of: "o1").map { String(decoding: $0, as: UTF8.self) } == #"{"id":"o1","c":"Ann","q":3,"n":"gift"}"#)
        let copy = try await store.copy(of: "o1")
        #expect(copy?.quantity == 3)

        // Bad requests: each a 400 with the library's sentence.
        for (body, text) in [(#"{"id":"o2","q":1}"#, #"Missing key "c" at the top level (ServerOrder.customer)."#),
                             (#"{"id":"o2","c":"Bo","q":"1"}"#, #"Expected Int at q (ServerOrder.quantity) but found a string "1"."#),
                             (#"{"id":"o2","c":"Bo","q":1,"admin":true}"#, "Unexpected key at admin (ServerOrder): the map does not name it, and DecodingOptions.unknownKeys is .reject."),
                             (#"{"id":"o2","c":"Bo""#, #"The data is not valid JSON. Unexpected end of input at line 1, column 20 (byte 19): expected "," or "}"."#)] {
            do {
                _ = try await store.create(from: Data(body.utf8))
                Issue.record("\(body) was accepted")
            } catch {
                let response = answer(for: error)
                #expect(response.status == 400 && response.body == text, "\(response.body)")
            }
        }

        // The id the store keys an order by cannot change; the same id passes.
        do {
            _ = try await store.update("o1", from: Data(#"{"id":"o2","q":5}"#.utf8))
            Issue.record("the id changed")
        } catch {
            #expect(answer(for: error) == (400, #"The key "id" at the top level (ServerOrder.orderId) cannot change in an update: it is "o1", and the update says "o2"."#))
        }
        #expect(try await store.update("o1", from: Data(#"{"id":"o1","q":4}"#.utf8)).map { String(decoding: $0, as: UTF8.self) } == #"{"q":4}"#)

        // A streamed upload, in buffers of any size.
        let orders = (0..<100).map { #"{"id":"u\#($0)","c":"C","q":\#($0)}"# }.joined(separator: ",")
        let bytes = Array("[\(orders)]".utf8)
        let buffers = AsyncStream<[UInt8]> { continuation in
            for start in stride(from: 0, to: bytes.count, by: 700) { continuation.yield(Array(bytes[start..<min(bytes.count, start + 700)])) }
            continuation.finish()
        }
        #expect(try await importOrders(buffers, into: store) == 100)
        #expect(try await store.json(of: "u99") != nil)

        // An order longer than the limit ends the upload, after the orders before it.
        let long = Array(#"[{"id":"v1","c":"C","q":1},{"id":"v2","c":"\#(String(repeating: "C", count: 70_000))","q":2}]"#.utf8)
        do {
            _ = try await importOrders(AsyncStream { continuation in
                for start in stride(from: 0, to: long.count, by: 4_096) { continuation.yield(Array(long[start..<min(long.count, start + 4_096)])) }
                continuation.finish()
            }, into: store)
            Issue.record("the long order was taken")
        } catch {
            #expect(answer(for: error) == (400, "A value longer than 65536 bytes starts at line 1, column 28 (byte 27): raise maxStreamedValueBytes in the options to accept it."))
        }
        #expect(try await store.json(of: "v1") != nil)
        #expect(try await store.json(of: "v2") == nil)
    }
}
