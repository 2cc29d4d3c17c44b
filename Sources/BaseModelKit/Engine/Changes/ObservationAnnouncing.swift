import BaseModelKitJSON
import Observation

/// A key path through which a registrar can announce a change: one from an `Observable` class.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
protocol ObservationAnnouncing {
    func announceChange(of subject: AnyObject, through registrar: ObservationRegistrar)
}
