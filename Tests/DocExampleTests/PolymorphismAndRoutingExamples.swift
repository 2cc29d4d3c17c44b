import BaseModelKit
import Foundation
import Testing

// The examples of Docs/PolymorphismAndRouting.md, line for line (Scripts/Checks/examples.py checks it).
@Suite("Docs: Polymorphism and routing")
struct PolymorphismAndRoutingExamples {
    class Animal: BaseModel {
        var kind = ""
        var name = ""
        override class var apiToLocal: [String: String] { ["t": "kind", "n": "name"] }
        override class func modelClass(for object: JSONObject) -> BaseModel.Type? {
            switch object["t"]?.string {
            case "dog": return Dog.self
            case "cat": return Cat.self
            default: return nil
            }
        }
    }
    final class Dog: Animal { var barks = false; override class var apiToLocal: [String: String] { ["b": "barks"] } }
    final class Cat: Animal { var lives = 9; override class var apiToLocal: [String: String] { ["l": "lives"] } }

    final class Zoo: BaseModel {
        var animals: [Animal] = []
        override class var apiToLocal: [String: String] { ["a": "animals"] }
    }

    @Test("the type key picks the class")
    func polymorphism() throws {
        let zoo = try Zoo.decode(from: #"{"a":[{"t":"dog","b":true},{"t":"cat","l":7},{"t":"?"}]}"#)
        #expect(zoo.animals.map { "\(type(of: $0))" } == ["Dog", "Cat", "Animal"])
    }

    final class OddsUpdate: BaseModel {
        var price = 0.0
        override class var apiToLocal: [String: String] { ["p": "price"] }
    }

    final class Heartbeat: BaseModel {}

    /// The app's side of the example: an order book, a connection, a log and a socket.
    final class Book: Sendable {
        let prices = Recorder<Double>()
        func apply(_ update: OddsUpdate) { prices.append(update.price) }
    }

    final class Connection: Sendable {
        let beats = Recorder<Int>()
        func touch() { beats.append(1) }
    }

    final class Log: Sendable {
        let lines = Recorder<String>()
        func notice(_ line: String) { lines.append(line) }
        func error(_ line: String) { lines.append("error: " + line) }
    }

    final class Socket: Sendable {
        let handler = Recorder<@Sendable (Data) -> Void>()
        func onMessage(_ handle: @escaping @Sendable (Data) -> Void) { handler.append(handle) }
        func receive(_ text: String) { for handle in handler.values { handle(Data(text.utf8)) } }
    }

    @Test("routing socket messages")
    func routing() throws {
        let book = Book()
        let connection = Connection()
        let log = Log()
        let socket = Socket()
        let router = MessageRouter(typeKey: "t")
        router.register(OddsUpdate.self, type: "ou") { update in book.apply(update) }
        router.register(Heartbeat.self, type: "hb") { _ in connection.touch() }
        router.setFallback { type, message in log.notice("unhandled \(type ?? "untyped") message \(message)") }

        socket.onMessage { data in
            do { try router.route(data) } catch { log.error("\(error)") }
        }
        socket.receive(#"{"t":"ou","p":1.5}"#)
        socket.receive(#"{"t":"hb"}"#)
        socket.receive(#"{"t":"zz"}"#)
        socket.receive(#"{"t":"ou","p":"x"}"#)
        #expect(book.prices.values == [1.5] && connection.beats.values == [1])
        #expect(log.lines.values == [#"unhandled zz message {"t":"zz"}"#, #"error: Expected Double at p (OddsUpdate.price) but found a string "x"."#])
    }
}

/// Values appended from any thread.
final class Recorder<Value>: @unchecked Sendable {
    // Sendable because `values` is reached only under `lock`.
    private let lock = NSLock()
    private var stored: [Value] = []
    func append(_ value: Value) { lock.lock(); stored.append(value); lock.unlock() }
    var values: [Value] { lock.lock(); defer { lock.unlock() }; return stored }
}

typealias OddsUpdate = PolymorphismAndRoutingExamples.OddsUpdate
typealias Heartbeat = PolymorphismAndRoutingExamples.Heartbeat

actor OddsBook {
    private(set) var prices: [Double] = []
    private(set) var heartbeats = 0

    /// Applies the socket's messages in the order they arrive.
    func follow<Socket: AsyncSequence & Sendable>(_ socket: Socket, router: MessageRouter) async throws where Socket.Element == UInt8 {
        for try await message in router.messages(from: socket) {
            switch message.model {
            case let update as OddsUpdate: prices.append(update.price)
            case is Heartbeat: heartbeats += 1
            default: break
            }
        }
    }
}

@Suite("Docs: routing a stream in order")
struct RoutedStreamExamples {
    @Test("an actor follows a socket's messages through the router, in order")
    func follow() async throws {
        let router = MessageRouter(typeKey: "t")
        router.register(OddsUpdate.self, type: "ou") { _ in Issue.record("handlers are not called on this path") }
        router.register(Heartbeat.self, type: "hb") { _ in }
        let book = OddsBook()
        let socket = DocSocket(text: "{\"t\":\"ou\",\"p\":1.5}\n{\"t\":\"hb\"}\n{\"t\":\"ou\",\"p\":1.6}\n")
        try await book.follow(socket, router: router)
        #expect(await book.prices == [1.5, 1.6])
        #expect(await book.heartbeats == 1)
        // Without a fallback an unknown type ends the stream, named by its index.
        let unknown = await #expect(throws: MappingError.self) {
            try await book.follow(DocSocket(text: "{\"t\":\"hb\"}\n{\"t\":\"zz\"}\n"), router: router)
        }
        #expect(unknown?.path.description == "[1].t")
        let passed = Recorder<String>()
        router.setFallback { type, _ in passed.append(type ?? "untyped") }
        try await book.follow(DocSocket(text: "{\"t\":\"zz\"}\n{\"t\":\"hb\"}\n"), router: router)
        #expect(passed.values == ["zz"])
        #expect(await book.heartbeats == 3)
        // One message given back with its type, its handler not called.
        let one = try #require(try router.message(from: #"{"t":"ou","p":2.5}"#))
        #expect(one.type == "ou" && (one.model as? OddsUpdate)?.price == 2.5)
        #expect(try router.message(from: #"{"t":"zz"}"#) == nil)
        #expect(passed.values == ["zz", "zz"])
    }
}

