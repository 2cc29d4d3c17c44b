import BaseModelKit
import Foundation

// Proves that ThreadSanitizer sees the engine's writes to model fields. One thread writes a model's
// properties directly while another updates it through BaseModelKit (`engine`), or writes them
// directly too (`direct`, the control); the sanitizer must report both. Two threads that both update
// through the engine (`updates`) are ordered by the engine's claim on the object (one is refused), so
// the sanitizer must report nothing. Scripts/sanitizers.sh runs the three and counts the reports.

final class Counter: BaseModel {
    var first: Int = 0
    var name: String = ""
    override class var apiToLocal: [String: String] { ["a": "first", "n": "name"] }
}

@main
enum FieldRaceProbe {
    static func main() {
        let mode = CommandLine.arguments.dropFirst().first ?? "engine"
        // Shared between threads on purpose: the race is the point.
        nonisolated(unsafe) let model = Counter()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for i in 0..<2_000 {
                if mode == "direct" {
                    model.first = i
                    model.name = "x\(i)"
                } else {
                    _ = try? model.update(from: #"{"a":\#(i),"n":"x\#(i)"}"#)
                }
            }
            finished.signal()
        }
        for i in 0..<2_000 {
            if mode == "updates" {
                _ = try? model.update(from: #"{"a":\#(-i),"n":"y\#(i)"}"#)
            } else {
                model.first = -i
                model.name = "y\(i)"
            }
        }
        finished.wait()
        print("finished with first = \(model.first)")
    }
}
