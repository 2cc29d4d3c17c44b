/// How a member tells two numbers apart, so that a merge may find a listed value other than a
/// removal marker's without reading both through the member's coder (`ElementIdentity.matches`).
enum NumberReading: Sendable {
    /// By their nearest `Double`s: a `Double` member.
    case nearestDouble
    /// By their exact decimal values, numbers and decimal strings alike: an integer member, or a
    /// `Decimal` one read as a number or a decimal string.
    case exact
}
