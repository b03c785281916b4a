// TEMPORARY stub until the mpc branch lands.
enum ComplexFunctions {
    static func unary(_ op: BuiltinID, _ re: Double, _ im: Double) -> (re: Double, im: Double)? { nil }
    static func power(_ z: (re: Double, im: Double), _ w: (re: Double, im: Double)) -> (re: Double, im: Double)? { nil }
    static func root(_ z: (re: Double, im: Double), _ n: (re: Double, im: Double)) -> (re: Double, im: Double)? { nil }
    static func unary(_ op: BuiltinID, _ re: BigFloat, _ im: BigFloat, digits: Int) -> (re: BigFloat, im: BigFloat)? { nil }
    static func power(_ z: (re: BigFloat, im: BigFloat), _ w: (re: BigFloat, im: BigFloat), digits: Int) -> (re: BigFloat, im: BigFloat)? { nil }
    static func root(_ z: (re: BigFloat, im: BigFloat), _ n: (re: BigFloat, im: BigFloat), digits: Int) -> (re: BigFloat, im: BigFloat)? { nil }
}
