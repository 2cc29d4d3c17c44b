import BaseModelKit
import Foundation
import HeapStatistics

/// `--memory`: peak and retained memory of decoding the generated odds feed, per contender, and the
/// heap after many repeated decodes (Linux only: it reads the kernel's and glibc's counters).
///
/// - *Peak* is how far the process's resident set rose above where it stood before the decode
///   (`VmHWM` after resetting it through `/proc/self/clear_refs`, minus `VmRSS` before). Freed memory
///   is returned first (glibc's `malloc_trim`), so one contender's leftovers do not hide the next one's.
/// - *Retained* is the heap still in use while the decoded result is alive (glibc's `mallinfo2`):
///   the decoded models themselves.
enum MemoryReport {
    struct Row {
        var contender: String
        var peakBytes: Int
        var retainedBytes: Int
    }

    static func run(wantsJSON: Bool) throws {
        #if canImport(Glibc)
        let payload = Payloads.oddsFeed()
        let data = payload.data
        let bytes = [UInt8](data)
        // Plans, decoders and lazily made runtime metadata exist before anything is measured.
        _ = try FeedModel.decode(from: data)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        _ = try decoder.decode(FeedRecord.self, from: data)
        _ = try HandWrittenOddsFeed.decode(bytes)

        let rows = [
            try measure("BaseModelKit") { try FeedModel.decode(from: data) },
            try measure("JSONDecoder (Codable)") { try decoder.decode(FeedRecord.self, from: data) },
            try measure("hand-written") { try HandWrittenOddsFeed.decode(bytes) },
        ]
        let growth = try repeatedDecodeGrowth()
        if wantsJSON {
            let object: JSONObject = [
                "payload": .string(payload.name),
                "payloadBytes": .number(JSONNumber(data.count)),
                "contenders": .array(rows.map { row in
                    ["contender": .string(row.contender), "peakBytes": .number(JSONNumber(row.peakBytes)), "retainedBytes": .number(JSONNumber(row.retainedBytes))]
                }),
                "repeatedDecodes": .number(JSONNumber(growth.decodes)),
                "heapGrowthBytes": .number(JSONNumber(growth.bytes)),
            ]
            print(try JSON.object(object).serializedString(formatting: [.prettyPrinted]))
            return
        }
        let mb = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        print("Memory of one decode of the \(payload.name), \(mb(data.count)):\n")
        print("| contender | peak above start | retained (decoded result) | peak ÷ (3 × payload + retained) |")
        print("|---|---:|---:|---:|")
        for row in rows {
            let budget = 3 * data.count + row.retainedBytes
            print("| \(row.contender) | \(mb(row.peakBytes)) | \(mb(row.retainedBytes)) | \(String(format: "%.2f", Double(row.peakBytes) / Double(budget))) |")
        }
        print("\nHeap in use after \(growth.decodes) more decodes of a \(growth.payloadBytes)-byte feed than after the first 10: \(growth.bytes) bytes.")
        #else
        print("--memory reads Linux's /proc and glibc's counters; it measures nothing on this system.")
        #endif
    }

    #if canImport(Glibc)
    /// Measures one call of `decode`, keeping its result alive until the heap has been read.
    private static func measure<Result>(_ contender: String, _ decode: () throws -> Result) throws -> Row {
        heap_release_free_memory()
        let heapBefore = heapInUse()
        try resetPeak()
        let rssBefore = try statusField("VmRSS")
        let result = try decode()
        let peak = try statusField("VmHWM")
        let retained = heapInUse() - heapBefore
        withExtendedLifetime(result) {}
        return Row(contender: contender, peakBytes: peak - rssBefore, retainedBytes: retained)
    }

    /// Decodes a small feed 1 000 times and returns how much more heap is in use than after 10.
    private static func repeatedDecodeGrowth() throws -> (decodes: Int, payloadBytes: Int, bytes: Int) {
        let data = Payloads.oddsFeed(targetBytes: 50_000).data
        for _ in 0..<10 { _ = try FeedModel.decode(from: data) }
        heap_release_free_memory()
        let start = heapInUse()
        for _ in 0..<1_000 {
            let feed = try FeedModel.decode(from: data)
            _ = try feed.jsonData()
        }
        heap_release_free_memory()
        return (1_000, data.count, heapInUse() - start)
    }

    /// Bytes of heap the program holds (allocated and not freed), by glibc's count.
    private static func heapInUse() -> Int {
        Int(heap_bytes_in_use())
    }

    /// Resets the process's peak resident set (`VmHWM`) to its current size.
    static func resetPeak() throws {
        try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// A `kB` field of `/proc/self/status`, in bytes.
    static func statusField(_ name: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? ""
            if let kilobytes = Int(digits.trimmingCharacters(in: .whitespaces)) { return kilobytes * 1024 }
        }
        throw CocoaError(.fileReadCorruptFile)
    }
    #endif
}
