import BaseModelKitJSON
#if canImport(Observation)
import Observation
#endif

/// Tells the observers of `@Observable` models which properties an update changed.
///
/// The engine writes the macro's storage (`_price`) directly, as it writes every property, so the
/// macro's setter — which would tell the registrar — never runs. After a successful update, each
/// changed property of such a model is announced through its registrar with the key path the class
/// names in `observedKeyPaths`: `withObservationTracking`'s `onChange` (and SwiftUI) hears of exactly
/// those properties, once each, and of nothing when the update fails or writes equal values.
enum ObservationNotices {
    /// Announces `changes`, the changes of `model`, whose class's plan has `observation`: each
    /// property once.
    static func announce(_ changes: [Change], of model: BaseModel, through observation: ObservedProperties) {
        #if canImport(Observation)
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        var announced: Set<String> = []
        for change in changes {
            guard let keyPath = observation.keyPaths[change.property] as? any ObservationAnnouncing,
                  let field = observation.registrars[change.property],
                  let registrar = FieldReader<ObservationRegistrar>(field: field),
                  announced.insert(change.property).inserted else { continue }
            keyPath.announceChange(of: model, through: registrar.read(from: model))
        }
        #endif
    }
}

#if canImport(Observation)

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension KeyPath: ObservationAnnouncing where Root: Observable {
    /// The property has changed already: `willSet` and `didSet` with nothing between them, as the
    /// macro's setter would have called around its write.
    func announceChange(of subject: AnyObject, through registrar: ObservationRegistrar) {
        guard let subject = subject as? Root else { return }
        registrar.willSet(subject, keyPath: self)
        registrar.didSet(subject, keyPath: self)
    }
}
#endif
