extension Statistics {
    /// The sum or mean of values some of which are complex: part by part, each part's exact
    /// sum rounded once.
    static func complexSum(_ values: [Number], mean: Bool, digits: Int?) throws(Failure) -> Number {
        var re = try moments(values.map(\.realPart), squares: false).sum
        var im = try moments(values.map(\.imaginaryPart), squares: false).sum
        if mean {
            re = try Exact.divide(re, Number(values.count))
            im = try Exact.divide(im, Number(values.count))
        }
        return try complexResult(re, im, resultKind(values, digits: digits))
    }

    /// The product of values some of which are complex: the exact product of their exact
    /// values (a product tree), rounded once part by part.
    static func complexProduct(_ values: [Number], digits: Int?) throws(Failure) -> Number {
        let kind = resultKind(values, digits: digits)
        if values.contains(where: \.isZero) { return try rounded(Number(0), kind, "prod") }
        var level = values.map(exactValue)
        while level.count > 1 {
            var next = [Number]()
            next.reserveCapacity((level.count + 1) / 2)
            var i = 0
            while i + 1 < level.count {
                do {
                    let (re, im) = try ComplexArithmetic.product(level[i], level[i + 1])
                    next.append(Number.complex(re: re, im: im))
                } catch { throw Failure(code: error.code, message: error.message) }
                i += 2
            }
            if i < level.count { next.append(level[i]) }
            level = next
        }
        return try complexResult(level[0].realPart, level[0].imaginaryPart, kind)
    }

    /// Exact parts as a value of `kind`, each rounded once.
    static func complexResult(_ re: Number, _ im: Number, _ kind: PartKind) throws(Failure) -> Number {
        do { return try ComplexArithmetic.rounded(re, im, kind) } catch {
            throw Failure(code: error.code, message: error.message)
        }
    }
}
