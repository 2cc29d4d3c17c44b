import Foundation

/// One contender's timings on one task.
struct Measurement {
    /// Seconds per run, one entry per run.
    var samples: [Double]
    /// Bytes of JSON read or written per run.
    var bytes: Int
    /// Objects or messages handled per run, when that is meaningful.
    var objects: Int?

    var medianSeconds: Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Median throughput in megabytes (10^6 bytes) per second.
    var megabytesPerSecond: Double { Double(bytes) / medianSeconds / 1_000_000 }

    /// Median microseconds per object, when objects are counted.
    var microsecondsPerObject: Double? {
        objects.map { medianSeconds * 1_000_000 / Double($0) }
    }
}

/// Runs `body` until both `minimumRuns` runs and `minimumSeconds` have passed (after one warm-up run),
/// timing each run.
func measure(bytes: Int, objects: Int? = nil, minimumRuns: Int, minimumSeconds: Double, _ body: () throws -> Void) rethrows -> Measurement {
    try body()
    var samples: [Double] = []
    let clock = ContinuousClock()
    let started = clock.now
    while samples.count < minimumRuns || (clock.now - started) < .seconds(minimumSeconds) {
        let start = clock.now
        try body()
        let elapsed = clock.now - start
        samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        if samples.count >= 1000 { break }
    }
    return Measurement(samples: samples, bytes: bytes, objects: objects)
}

/// Keeps a value alive and observable so the optimizer cannot drop the work that made it.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
