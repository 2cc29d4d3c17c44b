#!/usr/bin/env python3
"""Proves that layering.py catches what it is for: plants each kind of upward reference, one at a
time, into a copy of the library's sources (both targets), and fails unless the check passes the clean copy,
refuses every planted one at the planted line, and refuses no other line of the planted files. Then
the same for layering_compiled.py, with kinds only the compiler can see (`COMPILED_LEAKS`), each
compiled in the planted layer alone.

    python3 -B Scripts/Checks/layering_selftest.py [SOURCES…]     (default: layering.ROOTS)
"""
import concurrent.futures
import os
import shutil
import sys
import tempfile

import layering
from layering_compiled import compile_layers
from sources import report

# Each leak: what it shows, then (file under the sources, its text) to add; the line marked
# `// planted` must be refused.
LEAKS = [
    ("a higher layer's type named inside a string interpolation in JSON/", [
        ("JSON/PlantedInterpolation.swift",
         'func plantedDescription() -> String {\n    "plan: \\(String(describing: ModelPlan.self))" // planted\n}\n'),
    ]),
    ("a higher layer's type named inside an interpolation on a later line of a multiline string", [
        ("JSON/PlantedMultiline.swift",
         'func plantedDescription() -> String {\n    """\n    plan:\n    \\(String(describing: ModelPlan.self)) // planted\n    """\n}\n'),
    ]),
    ("an extension in JSON/ of a type Engine/ declares", [
        ("Engine/PlantedExtended.swift", "struct PlantedEngineType {}\n"),
        ("JSON/PlantedExtension.swift", "extension PlantedEngineType { // planted\n    var plantedCount: Int { 1 }\n}\n"),
    ]),
    ("a global declared in Engine/ used from JSON/", [
        ("Engine/PlantedGlobal.swift", "let plantedEngineLimit = 3\n"),
        ("JSON/PlantedGlobalUse.swift", "func plantedLimit() -> Int {\n    plantedEngineLimit // planted\n}\n"),
    ]),
    ("a type nested in an Engine/ extension of JSONParser, used from JSON/", [
        ("Engine/PlantedNested.swift", "extension JSONParser {\n    struct PlantedCursor {}\n}\n"),
        ("JSON/PlantedNestedUse.swift",
         "extension JSONParser {\n    func plantedCursor() -> Any {\n        PlantedCursor() // planted\n    }\n}\n"),
    ]),
    ("the same nested type named through its outer type", [
        ("Engine/PlantedNested.swift", "extension JSONParser {\n    struct PlantedCursor {}\n}\n"),
        ("JSON/PlantedNestedUse.swift",
         "func plantedCursor() -> Any {\n    JSONParser.PlantedCursor() // planted\n}\n"),
    ]),
    ("the nested type in a signature, through its outer type", [
        ("Engine/PlantedNested.swift", "extension JSONParser {\n    struct PlantedCursor {}\n}\n"),
        ("JSON/PlantedNestedUse.swift", "func plantedCursor() -> JSONParser.PlantedCursor? { // planted\n    nil\n}\n"),
    ]),
    ("a type and a type alias declared on one line in an Engine/ extension of JSONParser, named from JSON/", [
        ("Engine/PlantedOneLine.swift", "extension JSONParser { struct PlantedInline {} }\nextension JSONParser { typealias PlantedCount = Int }\n"),
        ("JSON/PlantedInlineUse.swift", "func plantedInline() -> JSONParser.PlantedInline? { // planted\n    nil\n}\n"),
        ("JSON/PlantedAliasUse.swift", "let plantedCount: JSONParser.PlantedCount = 0 // planted\n"),
    ]),
    ("a global and a function declared after a `;` on one top-level line of Engine/, used from JSON/", [
        ("Engine/PlantedStatements.swift", "let plantedFirst = 1; let plantedSecond = 2\nfunc plantedOne() {}; func plantedTwo() {}\n"),
        ("JSON/PlantedSecondUse.swift", "func plantedRead() -> Int {\n    plantedSecond // planted\n}\n"),
        ("JSON/PlantedTwoCall.swift", "func plantedCall() {\n    plantedTwo() // planted\n}\n"),
    ]),
    ("an Engine/ type as a generic argument, a conformance and a constraint in JSON/", [
        ("Engine/PlantedProtocol.swift", "protocol PlantedProtocol {}\n"),
        ("JSON/PlantedGeneric.swift", "let plantedPlans: [ObjectIdentifier: [ModelPlan]] = [:] // planted\n"),
        ("JSON/PlantedConformance.swift", "struct PlantedConforming: Sendable,\n    PlantedProtocol {} // planted\n"),
        ("JSON/PlantedConstraint.swift", "func plantedGeneric<T>(_ value: T) where T: PlantedProtocol {} // planted\n"),
    ]),
    ("an Engine/ extension of a standard type: its member, static and implied (not a JSON/ nested enum's "
     "case of that name, a word in lower case like `none`, listed before another case)", [
        ("Engine/PlantedStandard.swift",
         "extension String {\n    var plantedShout: String { uppercased() }\n}\nextension Int {\n    static let plantedLimit = 3\n}\n"
         "extension Optional {\n    static var plantedquiet: Self { nil }\n}\n"),
        ("JSON/PlantedMemberUse.swift", "func plantedShouting(_ text: String) -> String {\n    text.plantedShout // planted\n}\n"),
        ("JSON/PlantedStaticUse.swift", "func plantedLimit() -> Int {\n    .plantedLimit // planted\n}\n"),
        ("JSON/PlantedNestedCases.swift",
         "struct PlantedModes {\n    enum Mode {\n        case plantedquiet\n        case plantedLoud\n    }\n"
         "    var mode = Mode.plantedLoud\n    var plantedIsQuiet: Bool { mode == .plantedquiet }\n}\n"),
    ]),
    ("an initialiser, a labelled subscript and an operator declared in Engine/, used from JSON/", [
        ("Engine/PlantedCalls.swift",
         "extension JSONParser {\n    init(plantedFrom other: JSONParser) { self = other }\n"
         "    subscript(plantedAt index: Int) -> Int { index }\n}\n"
         "infix operator <~>\nfunc <~> (first: Int, second: Int) -> Int { first + second }\n"),
        ("JSON/PlantedInit.swift", "func plantedCopy(_ parser: JSONParser) -> JSONParser {\n    JSONParser(plantedFrom: parser) // planted\n}\n"),
        ("JSON/PlantedSubscript.swift",
         "extension JSONParser {\n    func plantedRead() -> Int {\n        self[plantedAt: 1] // planted\n    }\n}\n"),
        ("JSON/PlantedOperator.swift", "func plantedSum() -> Int {\n    1 <~> 2 // planted\n}\n"),
    ]),
    ("members of an Engine/ extension of JSONParser, used bare inside JSON/'s extension of it", [
        ("Engine/PlantedBare.swift",
         "extension JSONParser {\n    func plantedSkip() -> Int { 1 }\n    var plantedDepth: Int { 2 }\n}\n"),
        ("JSON/PlantedBareCall.swift",
         "extension JSONParser {\n    func plantedUse() -> Int {\n        plantedSkip() // planted\n    }\n}\n"),
        ("JSON/PlantedBareRead.swift",
         "extension JSONParser {\n    var plantedTwice: Int {\n        2 * plantedDepth // planted\n    }\n}\n"),
    ]),
    ("an Engine/ global and function named through the module", [
        ("Engine/PlantedModule.swift", "let plantedLimit = 3\nfunc plantedMake() -> Int { 4 }\n"),
        ("JSON/PlantedModuleGlobal.swift", "func plantedRead() -> Int {\n    BaseModelKit.plantedLimit // planted\n}\n"),
        ("JSON/PlantedModuleCall.swift", "func plantedCall() -> Int {\n    BaseModelKit.plantedMake() // planted\n}\n"),
    ]),
    ("a member an Engine/ protocol gives a JSON/ type that Engine/ makes conform, used from JSON/", [
        ("Engine/PlantedConformance.swift",
         "protocol PlantedHelping {}\nextension PlantedHelping {\n    func plantedHelp() -> Int { 1 }\n}\n"
         "extension JSONNumber: PlantedHelping {}\n"),
        ("JSON/PlantedConformedUse.swift", "func plantedUse(_ number: JSONNumber) -> Int {\n    number.plantedHelp() // planted\n}\n"),
    ]),
    ("an Engine/ initialiser of JSONParser called as Self( and self.init( inside JSON/", [
        ("Engine/PlantedInit.swift", "extension JSONParser {\n    init(plantedFrom other: JSONParser) { self = other }\n}\n"),
        ("JSON/PlantedSelfInit.swift",
         "extension JSONParser {\n    func plantedCopy() -> JSONParser {\n        Self(plantedFrom: self) // planted\n    }\n}\n"),
        ("JSON/PlantedDelegatingInit.swift",
         "extension JSONParser {\n    init(plantedCopying other: JSONParser) {\n        self.init(plantedFrom: other) // planted\n    }\n}\n"),
    ]),
    ("overloads an Engine/ layer adds, by their labels, to a JSON/ function and a JSON/ member", [
        ("JSON/PlantedLowOverloads.swift",
         "func plantedRead(low: Int) -> Int { low }\nextension JSONParser {\n    func plantedStep(low: Int) -> Int { low }\n}\n"),
        ("Engine/PlantedHighOverloads.swift",
         "func plantedRead(high: Int) -> Int { high }\nextension JSONParser {\n    func plantedStep(high: Int) -> Int { high }\n}\n"),
        ("JSON/PlantedOverloadCall.swift", "func plantedCall() -> Int {\n    plantedRead(high: 1) // planted\n}\n"),
        ("JSON/PlantedOverloadMember.swift", "func plantedStepping(_ parser: JSONParser) -> Int {\n    parser.plantedStep(high: 1) // planted\n}\n"),
    ]),
    ("an Engine/ type in further positions of Coercion/ code: a key path, a typed throw, a cast pattern, "
     "a type alias, a closure type, a property wrapper", [
        ("Engine/PlantedPositions.swift",
         "struct PlantedFailure: Error {}\n@propertyWrapper struct PlantedWrapped {\n    var wrappedValue: Int\n}\n"),
        ("Coercion/PlantedKeyPath.swift", "let plantedPath = \\MemberTable.modelName // planted\n"),
        ("Coercion/PlantedTypedThrow.swift", "func plantedFail() throws(PlantedFailure) {} // planted\n"),
        ("Coercion/PlantedCastPattern.swift",
         "func plantedIsTable(_ value: Any) -> Bool {\n    switch value {\n    case is HookHandOver.Type: true // planted\n    default: false\n    }\n}\n"),
        ("Coercion/PlantedAlias.swift", "typealias PlantedPlan = ModelPlan // planted\n"),
        ("Coercion/PlantedClosure.swift", "var plantedVisit: ((MemberTable, Int) -> Void)? // planted\n"),
        ("Coercion/PlantedWrapperUse.swift", "struct PlantedHolder {\n    @PlantedWrapped var count = 1 // planted\n}\n"),
    ]),
    ("macros declared in Engine/, freestanding and attached, used from Coercion/", [
        ("Engine/PlantedMacros.swift",
         "@freestanding(expression) macro plantedCount() -> Int = #externalMacro(module: \"PlantedMacros\", type: \"Count\")\n"
         "@attached(member) macro PlantedMembers() = #externalMacro(module: \"PlantedMacros\", type: \"Members\")\n"),
        ("Coercion/PlantedFreestanding.swift", "func plantedTotal() -> Int {\n    #plantedCount // planted\n}\n"),
        ("Coercion/PlantedAttached.swift", "@PlantedMembers // planted\nstruct PlantedExpanded {}\n"),
    ]),
    ("a member an Engine/ extension of FieldHandle declares under a name lower layers use too (`count`), "
     "reached from Runtime/ through a parameter, a typed constant, a stored property, a cast, an initialiser's "
     "result, another name for one, an array's element, `self.` and bare", [
        ("Engine/PlantedHandleCount.swift", "extension FieldHandle {\n    var count: Int { 0 }\n}\n"),
        ("Runtime/PlantedParameter.swift", "func plantedCount(_ handle: FieldHandle<Int>) -> Int {\n    handle.count // planted\n}\n"),
        ("Runtime/PlantedConstant.swift",
         "func plantedCount(of value: Any) -> Int? {\n    let handle: FieldHandle<Int>? = value as? FieldHandle<Int>\n"
         "    return handle?.count // planted\n}\n"),
        ("Runtime/PlantedProperty.swift",
         "struct PlantedHolder {\n    let handle: FieldHandle<Int>\n    var plantedCount: Int {\n"
         "        self.handle.count // planted\n    }\n}\n"),
        ("Runtime/PlantedCast.swift",
         "func plantedCount(in value: Any) -> Int {\n    guard let handle = value as? FieldHandle<Int> else { return 0 }\n"
         "    return handle.count // planted\n}\n"),
        ("Runtime/PlantedMade.swift",
         "func plantedCount(at offset: Int) -> Int {\n    let handle = FieldHandle<Int>(offset: offset)\n"
         "    return handle.count // planted\n}\n"),
        ("Runtime/PlantedBinding.swift",
         "func plantedCount(of maybe: FieldHandle<Int>?) -> Int {\n    if let handle = maybe {\n"
         "        return handle.count // planted\n    }\n    return 0\n}\n"),
        ("Runtime/PlantedLoop.swift",
         "func plantedTotal(_ handles: [FieldHandle<Int>]) -> Int {\n    var total = 0\n    for handle in handles {\n"
         "        total += handle.count // planted\n    }\n    return total\n}\n"),
        ("Runtime/PlantedSelf.swift", "extension FieldHandle {\n    var plantedTwice: Int {\n        2 * self.count // planted\n    }\n}\n"),
        ("Runtime/PlantedBare.swift", "extension FieldHandle {\n    var plantedThrice: Int {\n        3 * count // planted\n    }\n}\n"),
    ]),
    ("the same member reached from Runtime/ through a chain: a function's result, a constant bound to "
     "one or to a chain (`if let`, `if case let …?`, a `switch`'s `case let …?:`), a stored property "
     "of a parameter (optional too), `$0` and `$1` in a trailing closure or an argument (two closures "
     "on a line too), a closure's parameter and a key path over an array, a chain going on over lines,"
     " an array's element, a dictionary's value and values, a tuple's element, `first` and "
     "`randomElement()`, a loop's element over a chain's `enumerated()`, a static property an "
     "initialiser makes, a parenthesised expression or cast, an array literal, an optional's `map`, "
     "`reduce`'s `$1`, a local function's and a closure's result, a generic function's result typed by"
     " its argument, a conditional of two alike or `??`, a value after `try?`, `.init(…)`, the pairs "
     "of a dictionary or an `enumerated()` in a loop or a closure, a `case … where`, a stored "
     "closure's result, a closure over lines, a key path's `map`, optional elements, a `Set` or a "
     "`Dictionary` written as such, a metatype bound to a name, an enumeration's associated values in "
     "a `switch`'s cases, and a static one through `Self.` or `type(of:)`", [
        ("Engine/PlantedHandleCount.swift", "extension FieldHandle {\n    var count: Int { 0 }\n    static var count: Int { 0 }\n}\n"),
        ("Runtime/PlantedHolder.swift",
         "struct PlantedHolder {\n    static let shared = PlantedHolder(handle: FieldHandle<Int>(offset: 0), maybe: nil)\n"
         "    let handle: FieldHandle<Int>\n    let maybe: FieldHandle<Int>?\n    var handles: [FieldHandle<Int>] = []\n}\n"
         "func plantedMakeHandle() -> FieldHandle<Int> { FieldHandle<Int>(offset: 0) }\n"
         "func plantedPick<Element>(_ items: [Element]) -> Element { items[0] }\n"
         "func plantedSame<Value: Sendable>(_ value: Value, times: Int = 1) -> [Value] { Array(repeating: value, count: times) }\n"),
        ("Runtime/PlantedResult.swift", "func plantedRead() -> Int {\n    plantedMakeHandle().count // planted\n}\n"),
        ("Runtime/PlantedResultBound.swift",
         "func plantedRead() -> Int {\n    let made = plantedMakeHandle()\n    return made.count // planted\n}\n"),
        ("Runtime/PlantedChainBound.swift",
         "func plantedRead(_ holder: PlantedHolder) -> Int {\n    if let made = holder.maybe {\n        return made.count // planted\n    }\n"
         "    return 0\n}\n"),
        ("Runtime/PlantedCasePattern.swift",
         "func plantedRead(_ holder: PlantedHolder) -> Int {\n    if case let made? = holder.maybe {\n        return made.count // planted\n    }\n"
         "    return 0\n}\n"),
        ("Runtime/PlantedSwitchCase.swift",
         "func plantedRead(_ holder: PlantedHolder) -> Int {\n    switch holder.maybe {\n    case let made?:\n"
         "        return made.count // planted\n    case nil:\n        return 0\n    }\n}\n"),
        ("Runtime/PlantedChained.swift", "func plantedRead(_ holder: PlantedHolder) -> Int {\n    holder.handle.count // planted\n}\n"),
        ("Runtime/PlantedOptionalChained.swift", "func plantedRead(_ holder: PlantedHolder) -> Int? {\n    holder.maybe?.count // planted\n}\n"),
        ("Runtime/PlantedDollar.swift", "func plantedCounts(_ handles: [FieldHandle<Int>]) -> [Int] {\n    handles.map { $0.count } // planted\n}\n"),
        ("Runtime/PlantedClosureParameter.swift",
         "func plantedCounts(_ handles: [FieldHandle<Int>]) -> [Int] {\n    handles.map { each in\n        each.count // planted\n    }\n}\n"),
        ("Runtime/PlantedArgumentClosure.swift",
         "func plantedFirst(_ handles: [FieldHandle<Int>]) -> FieldHandle<Int>? {\n    handles.first(where: { $0.count > 0 }) // planted\n}\n"),
        ("Runtime/PlantedSecondParameter.swift",
         "func plantedMost(_ handles: [FieldHandle<Int>]) -> FieldHandle<Int>? {\n    handles.max(by: { _ = $0; return 0 < $1.count }) // planted\n}\n"),
        ("Runtime/PlantedContinued.swift",
         "func plantedCounts(_ handles: [FieldHandle<Int>]) -> [Int] {\n    handles\n        .filter { _ in true }\n"
         "        .map { $0.count } // planted\n}\n"),
        ("Runtime/PlantedTwoClosures.swift",
         "func plantedCounts(_ handles: [FieldHandle<Int>], _ names: [String]) -> [Int] {\n"
         "    handles.map { $0.count } + names.map { $0.count } // planted\n}\n"),
        ("Runtime/PlantedKeyPath.swift", "func plantedCounts(_ handles: [FieldHandle<Int>]) -> [Int] {\n    handles.map(\\.count) // planted\n}\n"),
        ("Runtime/PlantedShared.swift", "func plantedRead() -> Int {\n    PlantedHolder.shared.handle.count // planted\n}\n"),
        ("Runtime/PlantedRandom.swift", "func plantedRead(_ holder: PlantedHolder) -> Int? {\n    holder.handles.randomElement()?.count // planted\n}\n"),
        ("Runtime/PlantedValues.swift",
         "func plantedRead(_ handles: [String: FieldHandle<Int>]) -> Int? {\n    handles.values.first?.count // planted\n}\n"),
        ("Runtime/PlantedLoopOverChain.swift",
         "func plantedTotal(_ holder: PlantedHolder) -> Int {\n    var total = 0\n    for (_, each) in holder.handles.enumerated() {\n"
         "        total += each.count // planted\n    }\n    return total\n}\n"),
        ("Runtime/PlantedGenericResult.swift",
         "func plantedRead(_ holder: PlantedHolder) -> Int? {\n    plantedPick(holder.handles).count // planted\n}\n"),
        ("Runtime/PlantedGenericArray.swift",
         "func plantedRead(_ holder: PlantedHolder) -> Int? {\n    plantedSame(holder.handle, times: 2).first?.count // planted\n}\n"),
        ("Runtime/PlantedConditional.swift",
         "func plantedRead(_ holder: PlantedHolder, _ flag: Bool) -> Int {\n    (flag ? holder.handle : plantedMakeHandle()).count // planted\n}\n"),
        ("Runtime/PlantedTried.swift",
         "func plantedMakeOrFail() throws -> FieldHandle<Int> { plantedMakeHandle() }\nfunc plantedRead() -> Int? {\n"
         "    (try? plantedMakeOrFail())?.count // planted\n}\n"),
        ("Runtime/PlantedMetatypeBound.swift",
         "func plantedRead() -> Int {\n    let kind = FieldHandle<Int>.self\n    return kind.count // planted\n}\n"),
        ("Runtime/PlantedChoice.swift",
         "enum PlantedChoice {\n    case one(FieldHandle<Int>)\n    case pair(first: Int, second: FieldHandle<Int>)\n}\n"),
        ("Runtime/PlantedAssociated.swift",
         "func plantedRead(_ choice: PlantedChoice) -> Int {\n    switch choice {\n"
         "    case .one(let handle):\n        return handle.count // planted\n"
         "    case .pair(let first, let second):\n        return first + second.offset\n    }\n}\n"),
        ("Runtime/PlantedAssociatedPair.swift",
         "func plantedRead(_ choice: PlantedChoice) -> Int {\n    switch choice {\n"
         "    case let .pair(first, second):\n        return first + second.count // planted\n"
         "    case .one(let handle):\n        return handle.offset\n    }\n}\n"),
        ("Runtime/PlantedCoalesced.swift",
         "func plantedRead(_ holder: PlantedHolder) -> Int {\n    (holder.maybe ?? holder.handle).count // planted\n}\n"),
        ("Runtime/PlantedInitCall.swift", "func plantedRead() -> Int {\n    FieldHandle<Int>.init(offset: 0).count // planted\n}\n"),
        ("Runtime/PlantedPairs.swift",
         "func plantedRead(_ handles: [String: FieldHandle<Int>]) -> Int {\n    var total = 0\n    for (_, handle) in handles {\n"
         "        total += handle.count // planted\n    }\n    return total\n}\n"),
        ("Runtime/PlantedPairValue.swift",
         "func plantedRead(_ handles: [String: FieldHandle<Int>]) {\n    handles.forEach { _ = $1.count } // planted\n}\n"),
        ("Runtime/PlantedPairElement.swift",
         "func plantedRead(_ handles: [FieldHandle<Int>]) -> [Int] {\n    handles.enumerated().map { $0.element.count } // planted\n}\n"),
        ("Runtime/PlantedPairNamed.swift",
         "func plantedRead(_ handles: [FieldHandle<Int>]) -> [Int] {\n    handles.enumerated().map { index, handle in handle.count + index } // planted\n}\n"),
        ("Runtime/PlantedPairLegitimate.swift",
         "func plantedRead(_ handles: [FieldHandle<Int>], _ named: [String: FieldHandle<Int>]) -> [Int] {\n"
         "    handles.enumerated().map { $0.offset + $1.offset } + named.map { $0.key.count + $1.offset }\n}\n"),
        ("Runtime/PlantedCaseWhere.swift",
         "func plantedRead(_ holder: PlantedHolder) -> Int {\n    switch holder.maybe {\n"
         "    case let made? where made.offset > 0:\n        return made.count // planted\n    default:\n        return 0\n    }\n}\n"),
        ("Runtime/PlantedStoredClosure.swift",
         "struct PlantedMaker {\n    let make: () -> FieldHandle<Int>\n    var plantedRead: Int { make().count } // planted\n}\n"),
        ("Runtime/PlantedStoredClosureCall.swift",
         "func plantedRead(_ maker: PlantedMaker) -> Int {\n    maker.make().count // planted\n}\n"),
        ("Runtime/PlantedOpenClosure.swift",
         "func plantedRead(_ handles: [FieldHandle<Int>], _ names: [String]) -> [Int] {\n    names.map {\n        $0.count\n    } + handles.map {\n"
         "        $0.count // planted\n    }\n}\n"),
        ("Runtime/PlantedKeyPathArray.swift",
         "func plantedRead(_ holders: [PlantedHolder]) -> Int? {\n    holders.map(\\.handle).first?.count // planted\n}\n"),
        ("Runtime/PlantedOptionalElements.swift",
         "func plantedRead(_ handles: [FieldHandle<Int>?]) -> [Int] {\n    handles.compactMap { $0?.count } // planted\n}\n"),
        ("Runtime/PlantedSetElement.swift",
         "func plantedRead(_ handles: Set<FieldHandle<Int>>) -> Int? {\n    handles.first?.count // planted\n}\n"),
        ("Runtime/PlantedDictionaryValue.swift",
         "func plantedRead(_ handles: Dictionary<String, FieldHandle<Int>>) -> Int? {\n    handles[\"a\"]?.count // planted\n}\n"),
        ("Runtime/PlantedGrouped.swift", "func plantedRead() -> Int {\n    (plantedMakeHandle()).count // planted\n}\n"),
        ("Runtime/PlantedCastGroup.swift", "func plantedRead(_ value: Any) -> Int {\n    (value as! FieldHandle<Int>).count // planted\n}\n"),
        ("Runtime/PlantedMetatype.swift", "func plantedRead(_ holder: PlantedHolder) -> Int {\n    type(of: holder.handle).count // planted\n}\n"),
        ("Runtime/PlantedLegitimate.swift",
         "func plantedSizes(_ holder: PlantedHolder, _ names: [String]) -> [Int] {\n"
         "    [holder.handles.count, names.count, holder.handle.offset, holder.handles.first?.offset ?? 0]\n"
         "        + names.map { $0.count } + holder.handles.map(\\.offset)\n"
         "        + [plantedPick(names).count, plantedPick(holder.handles).offset, plantedSame(names).count]\n}\n"),
        ("Runtime/PlantedOptionalMap.swift", "func plantedRead(_ holder: PlantedHolder) -> Int? {\n    holder.maybe.map { $0.count } // planted\n}\n"),
        ("Runtime/PlantedReduce.swift",
         "func plantedTotal(_ holder: PlantedHolder) -> Int {\n    holder.handles.reduce(0) { $0 + $1.count } // planted\n}\n"),
        ("Runtime/PlantedLocalFunction.swift",
         "func plantedRead() -> Int {\n    func make() -> FieldHandle<Int> { FieldHandle<Int>(offset: 0) }\n    return make().count // planted\n}\n"),
        ("Runtime/PlantedClosureResult.swift",
         "func plantedRead() -> Int {\n    let make = { FieldHandle<Int>(offset: 0) }\n    return make().count // planted\n}\n"),
        ("Runtime/PlantedArrayLiteral.swift", "func plantedRead(_ holder: PlantedHolder) -> Int? {\n    [holder.handle].first?.count // planted\n}\n"),
        ("Runtime/PlantedTupleElement.swift",
         "func plantedRead(_ pair: (handle: FieldHandle<Int>, other: Int)) -> Int {\n    pair.handle.count // planted\n}\n"),
        ("Runtime/PlantedElement.swift", "func plantedRead(_ handles: [FieldHandle<Int>]) -> Int {\n    handles[0].count // planted\n}\n"),
        ("Runtime/PlantedValue.swift",
         "func plantedRead(_ handles: [String: FieldHandle<Int>]) -> Int? {\n    handles[\"a\"]?.count // planted\n}\n"),
        ("Runtime/PlantedFirst.swift", "func plantedRead(_ holder: PlantedHolder) -> Int? {\n    holder.handles.first?.count // planted\n}\n"),
        ("Runtime/PlantedSelfStatic.swift",
         "extension FieldHandle {\n    static var plantedTwice: Int {\n        2 * Self.count // planted\n    }\n}\n"),
    ]),
    ("a member that Engine/ gives a Runtime/ protocol and a Runtime/ superclass, under a name lower layers use "
     "too, reached through a Runtime/ type that conforms or inherits, and through `super.`", [
        ("Runtime/PlantedSupertypes.swift",
         "protocol PlantedCounting {}\nstruct PlantedCounted: PlantedCounting {}\nclass PlantedBase {}\n"
         "final class PlantedDerived: PlantedBase {\n    func plantedRead() -> Int {\n        super.count // planted\n    }\n}\n"),
        ("Engine/PlantedSupertypeMembers.swift",
         "extension PlantedCounting {\n    var count: Int { 0 }\n}\nextension PlantedBase {\n    var count: Int { 1 }\n}\n"),
        ("Runtime/PlantedConformingUse.swift", "func plantedRead(_ counted: PlantedCounted) -> Int {\n    counted.count // planted\n}\n"),
        ("Runtime/PlantedInheritingUse.swift", "func plantedRead(_ derived: PlantedDerived) -> Int {\n    derived.count // planted\n}\n"),
    ]),
    ("a member that Engine/ gives a Runtime/ protocol, used from Runtime/ on values the protocol types: a "
     "generic parameter it constrains (in the generic clause or a `where`), `some`, `any`, an array of `any`", [
        ("Runtime/PlantedGauging.swift", "protocol PlantedGauging {\n    var plantedLevel: Int { get }\n}\n"),
        ("Engine/PlantedGaugingMembers.swift", "extension PlantedGauging {\n    var count: Int { plantedLevel }\n}\n"),
        ("Runtime/PlantedConstrained.swift",
         "func plantedRead<Gauge: PlantedGauging>(_ gauge: Gauge) -> Int {\n    gauge.count // planted\n}\n"
         "func plantedLevel<Gauge: PlantedGauging>(_ gauge: Gauge, _ names: [String]) -> Int {\n"
         "    gauge.plantedLevel + names.count\n}\n"),
        ("Runtime/PlantedWhere.swift",
         "func plantedRead<Gauge>(_ gauges: [Gauge]) -> Int? where Gauge: PlantedGauging {\n    gauges.first?.count // planted\n}\n"),
        ("Runtime/PlantedOpaque.swift", "func plantedRead(_ gauge: some PlantedGauging) -> Int {\n    gauge.count // planted\n}\n"),
        ("Runtime/PlantedExistential.swift", "func plantedRead(_ gauge: any PlantedGauging) -> Int {\n    gauge.count // planted\n}\n"),
        ("Runtime/PlantedExistentials.swift", "func plantedRead(_ gauges: [any PlantedGauging]) -> Int {\n    gauges[0].count // planted\n}\n"),
    ]),
    ("a Runtime/ protocol's member that a Runtime/ type gains through a conformance Engine/ declares, used "
     "from Runtime/ through that type and a subclass of it", [
        ("Runtime/PlantedTallying.swift",
         "protocol PlantedTallying {}\nextension PlantedTallying {\n    var count: Int { 0 }\n}\n"
         "class PlantedTally {}\nfinal class PlantedSubTally: PlantedTally {}\n"
         "struct PlantedOwnTally: PlantedTallying {\n    var plantedTotal: Int { count }\n}\n"),
        ("Engine/PlantedTallyConformance.swift", "extension PlantedTally: PlantedTallying {}\n"),
        ("Runtime/PlantedConformedHigher.swift", "func plantedRead(_ tally: PlantedTally) -> Int {\n    tally.count // planted\n}\n"),
        ("Runtime/PlantedConformedSubclass.swift",
         "func plantedRead(_ tally: PlantedSubTally, _ own: PlantedOwnTally) -> Int {\n    own.count + tally.count // planted\n}\n"),
    ]),
    ("an unlabelled initialiser, an unlabelled subscript and operators that Engine/ gives FieldHandle (its value "
     "on either side), "
     "used from Runtime/", [
        ("Engine/PlantedHandleCalls.swift",
         "extension FieldHandle {\n    init(_ plantedScale: Double) { self.init(offset: Int(plantedScale)) }\n"
         "    subscript(_ plantedIndex: Int) -> Int { plantedIndex }\n"
         "    static func + (handle: FieldHandle, extra: Int) -> Int { handle.offset + extra }\n"
         "    static func - (extra: Int, handle: FieldHandle) -> Int { extra - handle.offset }\n}\n"),
        ("Runtime/PlantedUnlabelledInit.swift", "func plantedMake() -> FieldHandle<Int> {\n    FieldHandle<Int>(2.5) // planted\n}\n"),
        ("Runtime/PlantedUnlabelledSubscript.swift", "func plantedRead(_ handle: FieldHandle<Int>) -> Int {\n    handle[3] // planted\n}\n"),
        ("Runtime/PlantedTypedOperator.swift", "func plantedSum(_ handle: FieldHandle<Int>) -> Int {\n    handle + 1 // planted\n}\n"),
        ("Runtime/PlantedRightOperand.swift", "func plantedDifference(_ holder: PlantedPair) -> Int {\n    1 - holder.handle // planted\n}\n"),
        ("Runtime/PlantedPair.swift", "struct PlantedPair {\n    let handle: FieldHandle<Int>\n}\n"),
    ]),
    ("overloads an Engine/ layer adds to a Runtime/ function, a Runtime/ initialiser and subscript and a JSON/ "
     "method by the type of their unlabelled first parameter, called with a literal and with a typed name", [
        ("Runtime/PlantedLowByType.swift",
         "func plantedScale(_ text: String) -> Int { 0 }\nstruct PlantedUnit {\n    init(_ text: String) {}\n}\n"),
        # The higher declarations are refused where they are declared too (`layering.overloads`).
        ("Engine/PlantedHighByType.swift",
         "func plantedScale(_ count: Int) -> Int { count } // planted\nfunc plantedScale(_ handle: FieldHandle<Int>) -> Int { 0 } // planted\n"
         "extension PlantedUnit {\n    init(_ count: Int) { self.init(\"\") } // planted\n}\n"),
        ("Runtime/PlantedLiteralArgument.swift",
         "func plantedUse() -> Int {\n    let lower = plantedScale(\"lower\")\n    return lower + plantedScale(5) // planted\n}\n"),
        ("Runtime/PlantedTypedArgument.swift",
         "func plantedUse(_ handle: FieldHandle<Int>) -> Int {\n    plantedScale(handle) // planted\n}\n"),
        ("JSON/PlantedLowMethod.swift", "extension JSONParser {\n    func plantedSkip(_ text: String) -> Int { 0 }\n}\n"),
        ("Engine/PlantedHighMethod.swift", "extension JSONParser {\n    func plantedSkip(_ count: Int) -> Int { count } // planted\n}\n"),
        ("JSON/PlantedMethodArgument.swift",
         "func plantedUse(_ parser: JSONParser) -> Int {\n    let lower = parser.plantedSkip(\"lower\")\n"
         "    return lower + parser.plantedSkip(5) // planted\n}\n"),
        ("Runtime/PlantedLowSubscript.swift", "extension PlantedUnit {\n    subscript(_ key: String) -> Int { 0 }\n}\n"),
        ("Engine/PlantedHighSubscript.swift", "extension PlantedUnit {\n    subscript(_ index: Int) -> Int { index } // planted\n}\n"),
        ("Runtime/PlantedSubscriptArgument.swift",
         "func plantedRead(_ unit: PlantedUnit) -> Int {\n    let lower = unit[\"key\"]\n    return lower + unit[3] // planted\n}\n"),
        ("Runtime/PlantedInitArgument.swift",
         "func plantedUnits() -> [PlantedUnit] {\n    [PlantedUnit(\"lower\"),\n     PlantedUnit(5)] // planted\n}\n"),
    ]),
    ("a higher layer's overload, by the type of the first parameter or one a lower one takes, of a lower layer's "
     "function, method and initialiser with the same labels, refused where it is declared: the lower call cannot tell", [
        ("Runtime/PlantedDescribe.swift",
         "func plantedDescribe(_ value: Any) -> Int { 0 }\nextension FieldHandle {\n"
         "    func plantedScale(_ value: Any, by step: Int) -> Int { step }\n}\n"
         "struct PlantedLabel {\n    init(text: Any) {}\n}\n"
         "func plantedPair(_ first: Int, _ second: Any) -> Int { first }\n"
         "func plantedMode(_ first: Int, mode: String) -> Int { first }\n"),
        # A later parameter's type: refused where a lower one takes all it takes (`Any`), passed where
        # it does not (a lower call passing a `Double` does not compile alone: the compiler's to refuse).
        ("Engine/PlantedPairInt.swift",
         "func plantedPair(_ first: Int, _ second: Int) -> Int { second } // planted\n"
         "func plantedMode(_ first: Int, mode: Double) -> Int { first }\n"),
        ("Engine/PlantedLabelInt.swift", "extension PlantedLabel {\n    init(text: Int) { self.init(text: \"\") } // planted\n}\n"),
        ("Engine/PlantedDescribeInt.swift", "func plantedDescribe(_ value: Int) -> Int { value } // planted\n"),
        ("Engine/PlantedScaleInt.swift",
         "extension FieldHandle {\n    func plantedScale(_ value: Int, by step: Int) -> Int { value } // planted\n"
         "    func plantedScale(_ value: Int) -> Int { value }\n}\n"),
        ("Runtime/PlantedDescribeUse.swift",
         "func plantedUse(_ names: [String], _ handle: FieldHandle<Int>) -> Int {\n"
         "    _ = PlantedLabel(text: names.count)\n"
         "    return plantedDescribe(names.count) + handle.plantedScale(names.count, by: 1)\n}\n"),
    ]),
    ("BaseModel.decode(from:) called from Schema/, though lower layers declare other `decode`s", [
        ("Schema/PlantedDecode.swift",
         "func plantedDecode() throws -> Any {\n    try BaseModel.decode(from: \"{}\") // planted\n}\n"),
    ]),
]


# Kinds of upward reference that reading the text does not tell (see layering.py's list of what is
# beyond it), for layering_compiled.py: each compiled in the layer of the file marked `// planted`.
# Each is code that compiles with the layers above it there.
COMPILED_LEAKS = [
    ("a member of an Engine/ extension of FieldHandle, by a name lower types declare too, reached through a "
     "generic box's property in Runtime/", [
        ("Engine/PlantedCount.swift", "extension FieldHandle {\n    var count: Int { 0 }\n}\n"),
        ("Runtime/PlantedBox.swift",
         "struct PlantedBox<Value> {\n    let value: Value\n}\n"
         "func plantedRead(_ box: PlantedBox<FieldHandle<Int>>) -> Int {\n    box.value.count // planted\n}\n"),
    ]),
    ("the same member reached through `zip` in Runtime/", [
        ("Engine/PlantedCount.swift", "extension FieldHandle {\n    var count: Int { 0 }\n}\n"),
        ("Runtime/PlantedZip.swift",
         "func plantedRead(_ handles: [FieldHandle<Int>]) -> [Int] {\n"
         "    zip(handles, handles).map { $0.0.count } // planted\n}\n"),
    ]),
    ("an Engine/ overload chosen by the type of an argument the text does not give, from Runtime/", [
        ("Runtime/PlantedLowByType.swift", "func plantedScale(_ text: String) -> Int { 0 }\n"),
        ("Engine/PlantedHighByType.swift", "func plantedScale(_ count: Int) -> Int { count }\n"),
        ("Runtime/PlantedInferredArgument.swift",
         "func plantedUse(_ names: [String]) -> Int {\n    plantedScale(names.count) // planted\n}\n"),
    ]),
    ("a conformance declared in Runtime/ whose requirement only an Errors/ extension meets", [
        ("Runtime/PlantedCounting.swift", "protocol PlantedCounting {\n    var plantedCount: Int { get }\n}\n"),
        ("Runtime/PlantedCounter.swift", "struct PlantedCounter {}\nextension PlantedCounter: PlantedCounting {} // planted\n"),
        ("Errors/PlantedCounterCount.swift", "extension PlantedCounter {\n    var plantedCount: Int { 1 }\n}\n"),
    ]),
    ("a member an Engine/ extension gives BaseModel, reached through `zip` in Schema/ (where BaseModel's own "
     "declarations, compiled without their bodies, are available)", [
        ("Engine/PlantedModelCount.swift", "extension BaseModel {\n    var count: Int { 0 }\n}\n"),
        ("Schema/PlantedModelUse.swift",
         "func plantedCount(_ models: [BaseModel]) -> Int {\n    let keys = BaseModel().unknownKeys.count\n"
         "    return keys + zip(models, models).map { $0.0.count }.reduce(0, +) // planted\n}\n"),
    ]),
    ("the overload by an inferred argument in Support/, added by JSON/, the layer above it in the same module", [
        ("Support/PlantedLowByType.swift", "func plantedScale(_ text: String) -> Int { 0 }\n"),
        ("JSON/PlantedHighByType.swift", "func plantedScale(_ count: Int) -> Int { count }\n"),
        ("Support/PlantedInferredArgument.swift",
         "func plantedUse(_ names: [String]) -> Int {\n    plantedScale(names.count) // planted\n}\n"),
    ]),
]


def planted_lines(text):
    return [number for number, line in enumerate(text.split("\n"), 1) if "// planted" in line]


def copy_sources(roots, scratch, name):
    """A copy of `roots` under `scratch/name`, one folder per root, and its roots."""
    copies = [os.path.join(scratch, name, os.path.basename(os.path.normpath(root))) for root in roots]
    for root, copy in zip(roots, copies):
        shutil.copytree(root, copy)
    return copies


def plant(roots, scratch, plants, name):
    """A fresh copy of `roots` under `scratch/name` with `plants` written into it: the copy's roots, the
    places (`path:line:`) that must be refused, the planted files (`path:`), and the rank of the layer
    refused."""
    shutil.rmtree(os.path.join(scratch, name), ignore_errors=True)
    copies = copy_sources(roots, scratch, name)
    expected, written, rank = [], [], None
    for relative, text in plants:
        # Into the copy that holds the layer's folder.
        layer = relative.split("/")[0]
        copy = next((copy for copy in copies if os.path.isdir(os.path.join(copy, layer))), copies[-1])
        with open(os.path.join(copy, relative), "w", encoding="utf-8") as handle:
            handle.write(text)
        written.append(os.path.join(copy, relative) + ":")
        for number in planted_lines(text):
            expected.append(f"{os.path.join(copy, relative)}:{number}:")
            rank = layering.RANKS[layer]
    return copies, expected, written, rank


def judge(what, found, expected, written):
    """The problems of a check's findings `found` on a planted copy."""
    problems = [f"not caught: {what}" for prefix in expected if not any(problem.startswith(prefix) for problem in found)]
    # Any other line of the planted files uses nothing higher: refusing one is a false alarm.
    for problem in found:
        if any(problem.startswith(prefix) for prefix in written) and not any(problem.startswith(prefix) for prefix in expected):
            problems.append(f"refused a line that names nothing higher ({what}): {problem}")
    return problems


def text_leak(roots, scratch, number):
    """The problems of the text check with leak `number` of `LEAKS` planted."""
    what, plants = LEAKS[number]
    copies, expected, written, _ = plant(roots, scratch, plants, f"planted-{number}")
    return judge(what, layering.check(copies)[0], expected, written)


def compiled_leak(roots, scratch, number):
    """The problems of the compiled check with leak `number` of `COMPILED_LEAKS` planted, its layer
    compiled alone."""
    what, plants = COMPILED_LEAKS[number]
    copies, expected, written, rank = plant(roots, scratch, plants, f"compiled-{number}")
    return judge(what, compile_layers(copies, scratch, only=rank), expected, written)


def main():
    roots = sys.argv[1:] or layering.ROOTS
    problems = []
    workers = os.cpu_count() or 2
    with tempfile.TemporaryDirectory() as scratch:
        clean = copy_sources(roots, scratch, "clean")
        found, _ = layering.check(clean)
        if found:
            problems.append(f"the clean sources are refused: {found[0]}")
        # Each leak in a copy of its own, the text check's in processes (it is Python), the
        # compiler's in threads that wait for it.
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            for found in pool.map(text_leak, *zip(*[(roots, scratch, number) for number in range(len(LEAKS))])):
                problems += found
        # The JSON module, emitted here from the clean copy, serves every planted copy (none plants above it).
        found = compile_layers(clean, scratch, only=layering.RANKS["Runtime"])
        if found:
            problems.append(f"the clean sources do not compile layer by layer: {found[0]}")
        with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
            for found in pool.map(compiled_leak, *zip(*[(roots, scratch, number) for number in range(len(COMPILED_LEAKS))])):
                problems += found
    return report(problems,
                  f"The layering checks miss a planted leak or refuse a line they should pass: {len(problems)} problem(s).",
                  f"Layering self-test: the clean sources pass, all {len(LEAKS)} planted leaks are refused by the text check "
                  f"and all {len(COMPILED_LEAKS)} by the compiler, and no other line of the planted files.")


if __name__ == "__main__":
    sys.exit(main())
