@testable import BaseModelKit
import Dispatch
import Foundation
import Testing

@Suite("Message routing")
struct MessageRouterTests {
    @Test("each message is decoded as the class registered for its type and handed to its handler")
    func routes() throws {
        let router = MessageRouter(typeKey: "t")
        let seen = Lock<[String]>.make([])
        let written = Lock<[String]>.make([])
        router.register(OddsUpdate.self, type: "ou") { update in
            seen.withLock { $0.append("odds \(update.marketId) \(update.price)") }
            // The message goes out again as its class writes it.
            let text = try update.jsonString()
            written.withLock { $0.append(text) }
        }
        router.register(Heartbeat.self, type: "7") { heartbeat in seen.withLock { $0.append("heartbeat \(heartbeat.sequence)") } }
        #expect(try router.route(#"{"m":"m1","t":"ou","p":2.5}"#) == "ou")
        #expect(try router.route(Data(#"{"t":7,"n":3}"#.utf8)) == "7")
        #expect(seen.withLock { $0 } == ["odds m1 2.5", "heartbeat 3"])
        #expect(written.withLock { $0 } == [#"{"m":"m1","p":2.5,"t":"ou"}"#])
    }

    @Test("with unknown keys rejected, the router's type key is the envelope's, not an unknown key of the message")
    func typeKeyIsNoUnknownKey() throws {
        var options = DecodingOptions()
        options.unknownKeys = .reject
        let router = MessageRouter(typeKey: "t", options: options)
        let sequences = Lock<Int>.make(0)
        router.register(Heartbeat.self, type: "hb") { heartbeat in sequences.withLock { $0 += heartbeat.sequence } }
        #expect(try router.route(#"{"t":"hb","n":4}"#) == "hb")
        #expect(sequences.withLock { $0 } == 4)
        #expect(message { try router.route(#"{"t":"hb","n":1,"x":2}"#) } == "Unexpected key at x (Heartbeat): the map does not name it, and DecodingOptions.unknownKeys is .reject.")
    }

    @Test("unknown or missing types are errors, or go to the fallback handler")
    func unknown() throws {
        let router = MessageRouter(typeKey: "meta.type")
        router.register(Heartbeat.self, type: "hb") { _ in }
        #expect(message { try router.route(#"{"meta":{"type":"zz"}}"#) } == #"No class is registered for the message type "zz" at meta.type."#)
        #expect(message { try router.route(#"{"n":1}"#) } == #"Found no key "meta" at the top level."#)
        #expect(message { try router.route(#"{"meta":{"type":true}}"#) }
            == "Expected a message type (a string or an integer) at meta.type but found the Boolean true.")
        #expect(message { try router.route(#"{"meta":{"type":"hb"},"n":"x"}"#) } == #"Expected Int at n (Heartbeat.sequence) but found a string "x"."#)
        #expect(message { try router.route("{") }?.hasPrefix("The data is not valid JSON.") == true)
        // The type of a compact message is read before the rest is checked: a message broken after
        // its type is still malformed JSON, whether its type has a class or not, and a repeated type
        // key counts with its last value.
        for broken in [#"{"meta":{"type":"zz"},"x":[}"#, #"{"meta":{"type":"hb"},"n":1,"x":{]}"#, #"{"meta":{"type":"hb"},"n":01}"#] {
            #expect(message { try router.route(broken) }?.hasPrefix("The data is not valid JSON.") == true, "\(broken)")
        }
        #expect(message { try router.route(#"{"meta":{"type":"hb","type":"zz"}}"#) } == #"No class is registered for the message type "zz" at meta.type."#)
        // The last of each key counts however the rest is written: a later envelope, a key of the
        // same name deeper down, escapes that spell the key.
        #expect(message { try router.route(#"{"meta":{"type":"hb"},"meta":{"type":"zz"}}"#) } == #"No class is registered for the message type "zz" at meta.type."#)
        #expect(message { try router.route(#"{"meta":{"type":"zz","x":{"type":"hb"}}}"#) } == #"No class is registered for the message type "zz" at meta.type."#)
        #expect(message { try router.route(#"{"meta":{"type":"hb","\u0074ype":"zz"}}"#) } == #"No class is registered for the message type "zz" at meta.type."#)
        #expect(message { try router.route(#"{"meta":{"type":"zz","s":"\"type\":\"hb\""}}"#) } == #"No class is registered for the message type "zz" at meta.type."#)
        #expect(message { try router.route(#"{"meta":{"type":null}}"#) }
            == "Expected a message type (a string or an integer) at meta.type but found null.")

        let fallen = Lock<[String]>.make([])
        router.setFallback { type, message in fallen.withLock { $0.append("\(type ?? "none") \(message)") } }
        #expect(try router.route(#"{"meta":{"type":"zz"},"x":1}"#) == nil)
        #expect(try router.route(#"{"x":2}"#) == nil)
        // A null type is no type: the fallback takes the message, through every entry point.
        #expect(try router.route(#"{"meta":{"type":null},"x":3}"#) == nil)
        #expect(try router.message(from: #"{"meta":{"type":null},"x":4}"#) == nil)
        #expect(try router.message(from: Data(#"{"meta":{"type":null},"x":5}"#.utf8)) == nil)
        #expect(fallen.withLock { $0 } == [#"zz {"meta":{"type":"zz"},"x":1}"#, #"none {"x":2}"#, #"none {"meta":{"type":null},"x":3}"#,
                                          #"none {"meta":{"type":null},"x":4}"#, #"none {"meta":{"type":null},"x":5}"#])
        // Other kinds are still errors.
        #expect(message { try router.route(#"{"meta":{"type":true}}"#) }
            == "Expected a message type (a string or an integer) at meta.type but found the Boolean true.")
        // A message that is not JSON is an error, not the fallback's, whatever its type.
        for broken in [#"{"meta":{"type":"zz"},"x":[}"#, #"{"x":[1,}"#, #"{"meta":{"type":null},"x":"#] {
            #expect(message { try router.route(broken) }?.hasPrefix("The data is not valid JSON.") == true, "\(broken)")
        }
        // An integer type, read through the parser when the message is not compact.
        router.register(Heartbeat.self, type: "7") { _ in }
        #expect(try router.route(#"{ "meta" : { "type" : 7 }, "n" : 2 }"#) == "7")
        #expect(fallen.withLock { $0.count } == 5)
    }

    @Test("one router, 8 threads routing and one registering at once: every message reaches its handler")
    func concurrentRouting() throws {
        let router = MessageRouter(typeKey: "t")
        let count = Lock<Int>.make(0)
        router.register(Heartbeat.self, type: "hb") { heartbeat in count.withLock { $0 += heartbeat.sequence } }
        DispatchQueue.concurrentPerform(iterations: 9) { thread in
            for index in 0..<500 {
                if thread == 8 {
                    router.register(OddsUpdate.self, type: "ou\(index)") { _ in }
                    router.options.maxDepth = 64 + index % 2
                } else {
                    _ = try? router.route(#"{"t":"hb","n":1}"#)
                }
            }
        }
        #expect(count.withLock { $0 } == 8 * 500)
    }
}
