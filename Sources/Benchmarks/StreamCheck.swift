import BaseModelKit
import Foundation
#if canImport(Glibc)
import Glibc
import HeapStatistics
#endif

/// `--streams [MB]`: the streams' bar, on data it generates. An odds feed of about 134 MB (its
/// `"e"` array of events) is written to a temporary file and read back two ways: through
/// `decodeElements(from:at:)` over a plain `AsyncSequence` that hands out one byte per `next()`
/// (`FileBytes`), each event dropped once it is counted; and in memory, the whole file read into
/// `Data` and decoded with `decodeArray(from:at:)`. It prints the peak resident memory above the
/// start of each (Linux's `VmHWM`), their speeds, and whether the bar holds: at most 64 MB above the
/// start, at least half the in-memory speed. Then the same events as JSON Lines: `decodeLines` from
/// the same kind of byte sequence, against the file read whole and each line decoded.
enum StreamCheck {
    static func run(megabytes: Int, wantsJSON: Bool) async throws {
        #if canImport(Glibc)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("basemodelkit-stream-check-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            let feed = Payloads.oddsFeed(targetBytes: megabytes * 1_000_000).data
            try feed.write(to: url)
        }
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
        heap_release_free_memory()

        try MemoryReport.resetPeak()
        let rssBefore = try MemoryReport.statusField("VmRSS")
        let streamStart = DispatchTime.now().uptimeNanoseconds
        var streamed = 0
        for try await event in EventModel.decodeElements(from: FileBytes(path: url.path), at: "e") {
            streamed += event.eventId == -1 ? 0 : 1
        }
        let streamSeconds = Double(DispatchTime.now().uptimeNanoseconds - streamStart) / 1e9
        let streamPeak = try MemoryReport.statusField("VmHWM") - rssBefore

        heap_release_free_memory()
        try MemoryReport.resetPeak()
        let rssBeforeMemory = try MemoryReport.statusField("VmRSS")
        let memoryStart = DispatchTime.now().uptimeNanoseconds
        let decoded = try EventModel.decodeArray(from: try Data(contentsOf: url), at: "e")
        let memorySeconds = Double(DispatchTime.now().uptimeNanoseconds - memoryStart) / 1e9
        let memoryPeak = try MemoryReport.statusField("VmHWM") - rssBeforeMemory
        guard decoded.count == streamed else { throw ContenderMismatch(payload: "stream check", contender: "decodeElements") }

        // JSON Lines: the same events, one per line.
        let linesURL = url.appendingPathExtension("jsonl")
        defer { try? FileManager.default.removeItem(at: linesURL) }
        var lines = Data()
        for event in decoded {
            lines.append(try event.jsonData())
            lines.append(UInt8(ascii: "\n"))
        }
        try lines.write(to: linesURL)
        let linesSize = lines.count
        lines = Data()
        let linesStart = DispatchTime.now().uptimeNanoseconds
        var linesCount = 0
        for try await event in EventModel.decodeLines(from: FileBytes(path: linesURL.path)) {
            linesCount += event.eventId == -1 ? 0 : 1
        }
        let linesSeconds = Double(DispatchTime.now().uptimeNanoseconds - linesStart) / 1e9
        let wholeStart = DispatchTime.now().uptimeNanoseconds
        let whole = try Data(contentsOf: linesURL)
        var wholeCount = 0
        for line in whole.split(separator: UInt8(ascii: "\n")) {
            wholeCount += try EventModel.decode(from: line).eventId == -1 ? 0 : 1
        }
        let wholeSeconds = Double(DispatchTime.now().uptimeNanoseconds - wholeStart) / 1e9
        guard linesCount == decoded.count, wholeCount == decoded.count else { throw ContenderMismatch(payload: "stream check", contender: "decodeLines") }
        let linesRate = Double(linesSize) / linesSeconds / 1e6
        let wholeRate = Double(linesSize) / wholeSeconds / 1e6

        let streamRate = Double(size) / streamSeconds / 1e6
        let memoryRate = Double(size) / memorySeconds / 1e6
        let holds = streamPeak <= 64 * 1_048_576 && streamRate >= memoryRate / 2
        if wantsJSON {
            let report: JSON = [
                "bytes": .number(JSONNumber(size)), "elements": .number(JSONNumber(streamed)),
                "streamedMBps": .number(JSONNumber(streamRate)), "streamedPeakBytes": .number(JSONNumber(streamPeak)),
                "inMemoryMBps": .number(JSONNumber(memoryRate)), "inMemoryPeakBytes": .number(JSONNumber(memoryPeak)), "barHolds": .bool(holds),
                "jsonLinesBytes": .number(JSONNumber(linesSize)), "jsonLinesMBps": .number(JSONNumber(linesRate)),
                "jsonLinesInMemoryMBps": .number(JSONNumber(wholeRate)),
            ]
            print(try report.serializedString(formatting: [.prettyPrinted]))
        } else {
            print("Streams: \(size / 1_000_000) MB, \(streamed) events in an array at \"e\".")
            print("| read | MB/s | peak above start |")
            print("|---|---:|---:|")
            print("| decodeElements, one byte per next() from a file | \(String(format: "%.1f", streamRate)) | \(String(format: "%.1f MB", Double(streamPeak) / 1_048_576)) |")
            print("| decodeArray of the file read into Data | \(String(format: "%.1f", memoryRate)) | \(String(format: "%.1f MB", Double(memoryPeak) / 1_048_576)) |")
            print("| decodeLines, \(decoded.count) JSON Lines (\(linesSize / 1_000_000) MB), one byte per next() | \(String(format: "%.1f", linesRate)) | – |")
            print("| the same lines split in memory, each decoded | \(String(format: "%.1f", wholeRate)) | – |")
            print("Bar (peak ≤ 64 MB, speed ≥ 1/2 of in memory): \(holds ? "holds" : "NOT MET") — \(String(format: "%.2f", streamRate / memoryRate)) of the in-memory speed.")
        }
        #else
        print("--streams reads Linux's /proc; it measures nothing on this system.")
        #endif
    }

}

#if canImport(Glibc)
/// A file's bytes as a plain `AsyncSequence` that hands out one byte per `next()`, reading the file
/// 64 KB at a time with `read(2)`.
struct FileBytes: AsyncSequence {
    typealias Element = UInt8
    let path: String

    struct AsyncIterator: AsyncIteratorProtocol {
        let descriptor: Int32
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var index = 0
        var count = 0

        mutating func next() async throws -> UInt8? {
            if index == count {
                // Sound: `read` writes at most the buffer's count of bytes into it, inside the closure.
                count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                index = 0
                if count <= 0 {
                    count = 0
                    return nil
                }
            }
            defer { index += 1 }
            return buffer[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(descriptor: open(path, O_RDONLY))
    }
}
#endif

extension StreamCheck {
    /// Iterates `models` to its end, counting nothing but what it yields.
    static func drain<Models: AsyncSequence>(_ models: Models) async throws {
        for try await model in models { consume(model) }
    }
}

/// Chunks of bytes from memory, as a socket or a file reader hands them over.
struct MemoryChunks: AsyncSequence {
    typealias Element = Data
    let chunks: [Data]

    struct AsyncIterator: AsyncIteratorProtocol {
        let chunks: [Data]
        var index = 0
        mutating func next() async -> Data? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: chunks) }
}
