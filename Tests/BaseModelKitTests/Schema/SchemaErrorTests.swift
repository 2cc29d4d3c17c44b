import BaseModelKit
import Testing

@Suite("Schema errors")
struct SchemaErrorTests {
    @Test("every problem of a class is listed at once, in the order of the JSON keys")
    func everyProblem() {
        #expect(message { try Broken.validateMappings() } == """
        Mapping tables of `Broken` are invalid:
        - apiToLocal maps "p1" and "p2" to `plain`; a property takes one JSON key.
        - constructors builds `Owner` for each element of `bets`, whose elements are `Bet`.
        - `cached` is `lazy`; mapped properties must be stored properties without `lazy`.
        - `createdAt` is a `let`; mapped properties must be `var`.
        - apiToLocal maps "cp" to `computed`, which `Broken` does not declare as a stored property.
        - `keeper` is `unowned`; mapped properties must hold strong references.
        - `label` is backed by a property wrapper or macro (`_label`); mapped properties must be plain stored properties.
        - `location` has type `Optional<Location>`, which BaseModelKit cannot map; give it a transformer.
        - constructors builds `String` for `count`, which has type `Int`.
        - The transformer for `count` converts `Date`, but `count` has type `Int`, which is not that type and holds no value of it (as an optional, an element or a dictionary value).
        - `owner` is `weak`; mapped properties must hold strong references.
        - apiToLocal maps "zp" to `zipCode`, which `Broken` does not declare as a stored property.
        - constructors has "ghost" for `ghost`, which apiToLocal does not map.
        - transformers has "nothing" for `nothing`, which apiToLocal does not map.
        """)
    }

    @Test("decoding and encoding a broken class throw the schema error, never trap")
    func throwsOnUse() {
        #expect(throws: SchemaError.self) { _ = try Broken.decode(from: "{}") }
        #expect(throws: SchemaError.self) { _ = try Broken().jsonData() }
        #expect(throws: SchemaError.self) { try Broken().update(from: "{}") }
    }

    @Test("a private field that shadows a superclass's private field of the same name is detected")
    func shadowedPrivateField() {
        #expect(message { try Derived.validateMappings() } == """
        Mapping tables of `Derived` are invalid:
        - `secret` is declared by both `Base` and `Derived`; rename one so that the mapped name is unique in the hierarchy.
        """)
    }

    @Test("valid classes pass, and localToApi is the reverse of the map")
    func validClasses() throws {
        try User.validateMappings()
        try Event.validateMappings()
        try Zoo.validateMappings()
        #expect(User.localToApi == ["firstName": "fn", "lastName": "ln", "bets": "b"])
    }
}
