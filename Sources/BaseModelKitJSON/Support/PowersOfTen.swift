/// The powers of ten a `Double` holds exactly: 10⁰ through 10²².
@usableFromInline package enum PowersOfTen {
    /// The largest exponent whose power of ten a `Double` holds exactly.
    @usableFromInline package static let largestExact = 22

    /// 10^`exponent`, for `exponent` in `0...largestExact`. A switch over literals, which the
    /// compiler turns into a table in read-only memory: an array in a `static let` is made on first
    /// use and checked for that on every read, in the loop of every number parsed.
    @inline(__always)
    @inlinable package static func exact(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        case 22: 1e22
        default: preconditionFailure("10^\(exponent) is not exact as a Double")
        }
    }
}
