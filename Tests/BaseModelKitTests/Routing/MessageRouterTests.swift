import BaseModelKit
import Foundation
import Testing

@Suite("Message routing")
struct MessageRouterTests {
    @Test("each message is decoded as the class registered for its type and handed to its handler")
    func routes() throws {
        let router = MessageRouter(typeKey: "t")
        var seen: [String] = []
        router.register(OddsUpdate.self, type: "ou") { seen.append("odds \($0.marketId) \($0.price)") }
        router.register(Heartbeat.self, type: "7") { seen.append("heartbeat \($0.sequence)") }
        let model = try router.route(#"{"m":"m1","t":"ou","p":2.5}"#)
        #expect((model as? OddsUpdate)?.type == "ou")
        try router.route(Data(#"{"t":7,"n":3}"#.utf8))
        #expect(seen == ["odds m1 2.5", "heartbeat 3"])
        // The message goes out again as its class writes it.
        #expect(try (model as! OddsUpdate).jsonString() == #"{"m":"m1","p":2.5,"t":"ou"}"#)
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

        var fallen: [String] = []
        router.setFallback { type, message in fallen.append("\(type ?? "none") \(message)") }
        #expect(try router.route(#"{"meta":{"type":"zz"},"x":1}"#) == nil)
        #expect(try router.route(#"{"x":2}"#) == nil)
        #expect(fallen == [#"zz {"meta":{"type":"zz"},"x":1}"#, #"none {"x":2}"#])
    }
}
