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

    /// How many times as fast as `other` this one is: the ratio of their median times. The
    /// contenders of a row do the same work (the same document read, the same objects written), so
    /// times compare it; throughputs would not, as writers write different bytes for it (escapes,
    /// number forms, the key a hook adds).
    func timesAsFast(as other: Measurement) -> Double {
        other.medianSeconds / medianSeconds
    }
}

/// Times several contenders on the same task, interleaved: one run of each in turn, after one warm-up
/// run of each, until every contender has `minimumRuns` runs and `minimumSeconds` have passed. On a
/// shared, noisy machine this lets a slow spell hit every contender alike, so their ratios stay fair.
func measureInterleaved(
    _ contenders: [(name: String, bytes: Int, objects: Int?, body: () throws -> Void)],
    minimumRuns: Int,
    minimumSeconds: Double
) throws -> [(name: String, measurement: Measurement)] {
    for contender in contenders { try contender.body() }
    var samples = [[Double]](repeating: [], count: contenders.count)
    // `DispatchTime` is the monotonic clock every supported platform has (`ContinuousClock` needs
    // macOS 13 / iOS 16).
    func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    let started = now()
    while samples[0].count < minimumRuns || Double(now() - started) / 1e9 < minimumSeconds {
        for (index, contender) in contenders.enumerated() {
            let start = now()
            try contender.body()
            samples[index].append(Double(now() - start) / 1e9)
        }
        if samples[0].count >= 1000 { break }
    }
    return contenders.enumerated().map { index, contender in
        (contender.name, Measurement(samples: samples[index], bytes: contender.bytes, objects: contender.objects))
    }
}

/// Keeps a value alive and observable so the optimizer cannot drop the work that made it.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
