import BaseModelKit

/// Counts the objects the engine hands a hook, and how many of them it handed over again: the one it
/// handed the previous model, still alive. (Held weakly: an object the engine let go is gone by the
/// next model, whatever address a new one gets.)
struct HandOverCount {
    private(set) var handedOver = 0
    private(set) var handedAgain = 0
    private weak var last: DeferredObject?

    /// Notes the object behind `object`, the one the engine handed over.
    mutating func note(_ object: JSONObject) {
        let deferred = object.deferred
        handedOver += 1
        if let deferred, deferred === last { handedAgain += 1 }
        last = deferred
    }
}
