/// `let n: Number = 42` is the exact integer 42 (tests and tables read better). There is no
/// float-literal form on purpose: `0.1` written in Swift is already a rounded double, which
/// is exactly the confusion exact numbers remove; say `.real(0.1)` or parse "0.1".
extension Number: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .integer(.small(value)) }
}
