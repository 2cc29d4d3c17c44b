import BaseModelKit
import Foundation
import Testing

@Suite("The first example")
struct ExampleTests {
    let payload = #"{"fn":"Ann","ln":"Lee","b":[{"i":"b1","a":2.5},{"i":"b2","a":10}]}"#

    @Test("decodes minified keys into properties")
    func decodes() throws {
        let user = try User.decode(from: payload)
        #expect(user.firstName == "Ann")
        #expect(user.lastName == "Lee")
        #expect(user.bets?.map(\.betId) == ["b1", "b2"])
        #expect(user.bets?.map(\.amount) == [2.5, 10])
    }

    @Test("serializes back to exactly the same minified keys")
    func roundTrips() throws {
        let user = try User.decode(from: payload)
        #expect(try user.jsonString() == payload)
        #expect(try User.decode(from: try user.jsonData()).jsonString() == payload)
    }

    @Test("updates in place, changing only the keys present")
    func updates() throws {
        let user = try User.decode(from: payload)
        try user.update(from: #"{"fn":"Anna"}"#)
        #expect(user.firstName == "Anna")
        #expect(user.lastName == "Lee")
        #expect(user.bets?.count == 2)
    }
}
