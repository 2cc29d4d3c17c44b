import BaseModelKit
import Foundation

// Target (d): the model zoo (Scripts/Fuzz/zoo.py) — many generated classes covering every admitted
// field type, inheritance, hooks, polymorphism, transformers, lossy collections and key paths. Byte 0
// of the input picks a class; the rest is two documents separated by a NUL byte. The first is decoded
// (in both coercion modes and with every collection lossy); a decoded graph must encode, and its
// encoding must decode to a graph with the same encoding. The second is applied with `update(from:)`
// to the live graph: a failed update leaves the graph's encoding unchanged, a successful one again
// round-trips, and (for a graph that keeps no unknown keys, which change sets leave out) the PATCH
// bodies of its change sets remake it from the graph before. The classes the
// schema must refuse (function and metatype fields) are checked once.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZoo(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    ZooChecks.once()
    guard count > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: start, count: count))
    let pick = Int(input[0]) % zooClasses.count
    let type = zooClasses[pick]
    let body = input.dropFirst()
    let separator = body.firstIndex(of: 0) ?? body.endIndex
    let first = Data(body[..<separator])
    let second = separator < body.endIndex ? Data(body[(separator + 1)...]) : Data()

    var strict = DecodingOptions()
    strict.coercion = .strict
    var lossy = DecodingOptions()
    lossy.collections = .lossy
    for options in [DecodingOptions(), strict, lossy] {
        let model: BaseModel
        do {
            model = try type.decode(from: first, options: options, report: MappingReport())
        } catch is MappingError {
            continue
        } catch {
            fuzzFailure("decoding \(type) threw something other than MappingError: \(error)", input)
        }
        let written = roundTrip(model, type: type, input: input)
        let snapshot = model.snapshot()
        let changes: ChangeSet
        do {
            changes = try model.update(from: second, options: options)
        } catch is MappingError {
            let after = (try? model.jsonData()) ?? Data()
            guard after == written else { fuzzFailure("a failed update of \(type) changed the graph", input) }
            continue
        } catch {
            fuzzFailure("updating \(type) threw something other than MappingError: \(error)", input)
        }
        let after = roundTrip(model, type: type, input: input)
        // Change sets list mapped members only (Docs/LiveModels.md): a graph that may keep unknown
        // keys is checked for atomicity and round trips, not against its change sets.
        if !zooMayKeepUnknownKeys[pick] {
            checkPatches(of: changes, and: model.changes(since: snapshot), from: written, to: after, type: type, options: options, input: input)
        }
    }
    return 0
}

/// What an update's change sets promise, checked: the graph's encoding changed only if the update
/// listed a change, and each PATCH body — the update's, and `changes(since:)`'s — applied to the
/// graph before the update makes the graph after it. The keys that overridden hooks read and write
/// outside the maps (`x0`, `x1`, …) are not tracked by change sets, so encodings are compared
/// without them.
private func checkPatches(of changes: ChangeSet, and sinceSnapshot: ChangeSet, from beforeData: Data, to afterData: Data, type: BaseModel.Type, options: DecodingOptions, input: [UInt8]) {
    guard !beforeData.isEmpty, !afterData.isEmpty else { return }
    let before = mappedOnly(beforeData)
    let after = mappedOnly(afterData)
    if changes.isEmpty, before != after {
        fuzzFailure("\(type): an update with no changes changed the graph\n\(before)\n\(after)", input)
    }
    for (name, set) in [("update", changes), ("changes(since:)", sinceSnapshot)] {
        do {
            let patch = try set.jsonData()
            let receiver = try type.decode(from: beforeData, options: options)
            try receiver.update(from: patch, options: options)
            guard mappedOnly(try receiver.jsonData()) == after else {
                fuzzFailure("\(type): the \(name) PATCH body does not remake the update\nbefore \(String(decoding: beforeData, as: UTF8.self))\nPATCH \(String(decoding: patch, as: UTF8.self))\nafter \(String(decoding: afterData, as: UTF8.self))\ngot \(String(decoding: try receiver.jsonData(), as: UTF8.self))", input)
            }
        } catch let error as MappingError where error.isAboutUnwritableValue {
            continue
        } catch {
            fuzzFailure("\(type): applying the \(name) PATCH body failed: \(error)", input)
        }
    }
}

/// The encoding of `model`, after checking that it decodes to a graph with the same encoding.
private func roundTrip(_ model: BaseModel, type: BaseModel.Type, input: [UInt8]) -> Data {
    do {
        let written = try model.jsonData()
        let again = try type.decode(from: written)
        let rewritten = try again.jsonData()
        guard rewritten == written else {
            fuzzFailure("\(type): the encoded graph decodes to a different graph\nwritten \(String(decoding: written, as: UTF8.self))\nagain   \(String(decoding: rewritten, as: UTF8.self))", input)
        }
        return written
    } catch let error as MappingError where error.isAboutUnwritableValue {
        // A value JSON cannot hold (an infinite Float from a large number) is refused on encode.
        return Data()
    } catch {
        fuzzFailure("\(type): encoding a decoded graph or decoding its encoding failed: \(error)", input)
    }
}

private extension MappingError {
    var isAboutUnwritableValue: Bool {
        if case .notRepresentable = reason { return true }
        return false
    }
}

private enum ZooChecks {
    nonisolated(unsafe) static var done = false

    /// Every zoo class has a valid schema and its sample decodes; every refused class is refused.
    static func once() {
        guard !done else { return }
        done = true
        for (type, sample) in zip(zooClasses, zooSamples) {
            do {
                try type.validateMappings()
                _ = try type.decode(from: sample).jsonData()
            } catch {
                fatalError("zoo class \(type) does not work with its own sample: \(error)\n\(sample)")
            }
        }
        for type in zooRefused {
            do {
                try type.validateMappings()
                fatalError("the schema admitted \(type), whose field it cannot read or write soundly")
            } catch is SchemaError {
            } catch {
                fatalError("validating \(type) threw something other than SchemaError: \(error)")
            }
        }
    }
}

/// A graph's encoding without the keys hooks write outside the maps (`x` and digits), at any depth.
private func mappedOnly(_ data: Data) -> JSON {
    func strip(_ value: JSON) -> JSON {
        switch value {
        case .object(let object):
            var kept = JSONObject()
            for (key, member) in object where !(key.first == "x" && key.dropFirst().allSatisfy(\.isNumber) && key.count > 1) {
                kept[key] = strip(member)
            }
            return .object(kept)
        case .array(let elements):
            return .array(elements.map(strip))
        default:
            return value
        }
    }
    return strip((try? JSON(parsing: data)) ?? .null)
}
