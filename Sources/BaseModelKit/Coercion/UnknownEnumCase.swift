import BaseModelKitJSON
import Foundation

/// A raw value no case of an enum has, where the property keeps its default: thrown by
/// `RawValueCoder` and caught by whoever reads the property — an optional becomes `nil`, any other
/// property stays as it was — which notes it in the report.
struct UnknownEnumCase: Error {
    let found: String
    let type: String

    /// Notes the kept default in the report, if any.
    func note(in session: DecodingSession) {
        if session.keepsReport { session.recorder?.record(.unknownEnumCase(found: found, type: type)) }
    }
}
