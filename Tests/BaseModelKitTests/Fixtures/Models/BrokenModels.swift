import BaseModelKit
import Foundation

// Models whose mapping tables are wrong in every way the schema must report.

@propertyWrapper
struct Trimmed {
    var wrappedValue: String
    init(wrappedValue: String) { self.wrappedValue = wrappedValue }
}

final class Owner: BaseModel {}

struct Location {
    var latitude: Double
}

final class Broken: BaseModel {
    let createdAt: Date = Date()
    weak var owner: Owner?
    /// Keeps the object `keeper` refers to alive.
    private let anchor: Owner
    unowned var keeper: Owner
    lazy var cached: Int = 1
    @Trimmed var label: String = ""
    var location: Location?
    var plain: String = ""
    var count: Int = 0
    var bets: [Bet] = []
    var computed: Int { 1 }

    required init() {
        let owner = Owner()
        anchor = owner
        keeper = owner
        super.init()
    }

    override class var apiToLocal: [String: String] {
        [
            "ca": "createdAt", "o": "owner", "k": "keeper", "c": "cached", "l": "label", "loc": "location",
            "zp": "zipCode", "cp": "computed", "p1": "plain", "p2": "plain", "n": "count", "b": "bets",
        ]
    }
    override class var constructors: [String: () -> Any] {
        ["bets.": { Owner() }, "ghost": { 0 }, "count": { "text" }]
    }
    override class var transformers: [String: JSONTransformer] {
        ["count": .iso8601, "nothing": .secondsSince1970]
    }
}

class Base: BaseModel {
    private var secret: Int = 0
    var shared: String = ""
    override class var apiToLocal: [String: String] { ["s": "shared"] }
}

final class Derived: Base {
    private var secret: Int = 1
    override class var apiToLocal: [String: String] { ["x": "secret"] }
}
