import BaseModelKit
import Foundation

enum Status: String, CaseIterable {
    case open, suspended, closed
}

enum Priority: Int {
    case low = 1, high = 2
}

/// One property of every supported kind.
final class Zoo: BaseModel {
    var flag: Bool = false
    var text: String = ""
    var letter: Character = "a"
    var int: Int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var float: Float = 0
    var double: Double = 0
    var decimal: Decimal = 0
    var date: Date = Date(timeIntervalSince1970: 0)
    var url: URL?
    var uuid: UUID?
    var data: Data?
    var raw: JSON = .null
    var status: Status = .open
    var priority: Priority?
    var optionalText: String?
    var numbers: [Int] = []
    var tags: Set<String> = []
    var scores: [String: Double] = [:]
    var grid: [[Int]] = []
    var nested: [String: [Int]]?

    override class var apiToLocal: [String: String] {
        [
            "f": "flag", "t": "text", "ch": "letter", "i": "int", "i8": "int8", "i16": "int16", "i32": "int32",
            "i64": "int64", "u": "uint", "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
            "fl": "float", "d": "double", "dec": "decimal", "dt": "date", "url": "url", "id": "uuid",
            "bin": "data", "raw": "raw", "s": "status", "p": "priority", "ot": "optionalText", "n": "numbers",
            "tg": "tags", "sc": "scores", "g": "grid", "nest": "nested",
        ]
    }
}
