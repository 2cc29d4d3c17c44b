import BaseModelKitJSON
import Foundation

/// A message of `MessageRouter.messages(from:)`: its type, and the model of the class registered for
/// it.
public struct RoutedMessage {
    /// The message's type, as its type key gives it.
    public let type: String
    /// The model of the class registered for the type (or a subclass its `modelClass(for:)` picked).
    public let model: BaseModel
}
