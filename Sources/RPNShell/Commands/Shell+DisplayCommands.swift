import RPNCore

/// Commands on how things are shown and computed from now on: `:ascii`, `:unicode`, `:deg`,
/// `:rad`, `:exact`, `:float`, `:digits N`, `:complex`, `:real`, `:std`, `:fix N`, `:sci N`, `:eng N`,
/// `:frac`, `:group`, `:polar`, `:rect`, and the bases `:hex`, `:oct`, `:bin`, `:dec`.
extension Shell {
    func registerDisplayCommands() {
        for (glyphs, name, summary) in [(DescriptionStyle.Glyphs.ascii, "ascii", "describe with * / - sqrt pi"),
                                        (.unicode, "unicode", "describe with × ÷ − √ π")] {
            on(name, summary: summary, useRank: glyphs == .ascii ? 25 : 26) { [unowned self] arguments throws(CommandError) in
                try arguments.none()
                session.style.glyphs = glyphs
                showStack()
            }
        }
        for (unit, name, alias, useRank) in [(AngleUnit.degrees, "deg", "degrees", 10), (.radians, "rad", "radians", 11)] {
            on(name, aliases: [alias], summary: "trigonometry in \(alias)", useRank: useRank) { [unowned self] arguments throws(CommandError) in
                try arguments.none()
                session.setAngleUnit(unit)
                say(note(Self.angleNote(session.angleUnit)))
                showStack()
            }
        }
        for (exact, name, summary, useRank) in [
            (true, "exact", "exact integers and fractions from now on (the default)", 19),
            (false, "float", "IEEE doubles from now on: 0.1 0.2 + is 0.30000000000000004", 20),
        ] {
            on(name, summary: summary, useRank: useRank) { [unowned self] arguments throws(CommandError) in
                try arguments.none()
                session.setExact(exact)
                say(note(Self.arithmeticNote(exact: exact)))
                showStack()
            }
        }
        for (complex, name, summary, useRank) in [
            (true, "complex", "complex answers where a real has none from now on: -1 √ is 1i", 33),
            (false, "real", "answers only in reals from now on (the default): -1 √ is an error", 34),
        ] {
            on(name, summary: summary, useRank: useRank) { [unowned self] arguments throws(CommandError) in
                try arguments.none()
                session.setComplex(complex)
                say(note(Self.complexNote(complex)))
                showStack()
            }
        }
        on("digits", usage: ":digits N", summary: "compute √2, sin, ln... with N significant digits from now on; :digits off: doubles",
           useRank: 21) { [unowned self] arguments throws(CommandError) in
            let usage = CommandError("usage: :digits N, N from \(BigFloat.digitRange.lowerBound) to \(BigFloat.digitRange.upperBound), or :digits off")
            guard arguments.count <= 1 else { throw usage }
            guard arguments.count == 1 else {
                say(note(Self.digitsNote(exact: session.isExact, digits: session.digits)))
                return
            }
            let digits: Int?
            if arguments[0].lowercased() == "off" {
                digits = nil
            } else if let n = Int(arguments[0]), BigFloat.digitRange.contains(n) {
                digits = n
            } else {
                throw usage
            }
            // Off when it is off already (doubles, or float): nothing to change.
            guard digits != nil || session.digits != nil else {
                say(note(Self.digitsNote(exact: session.isExact, digits: nil)))
                return
            }
            session.setDigits(digits)
            say(note(Self.arithmeticNote(exact: true, digits: digits)))
            showStack()
        }
        on("std", summary: "show values in the standard form (the default)", useRank: 15) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            session.format.mode = .standard
            showStack()
        }
        let digitModes: [(String, String, Int, (Int) -> NumberFormat.Mode)] = [
            ("fix", "show values with N digits after the point", 12, NumberFormat.Mode.fixed),
            ("sci", "show values in scientific notation with N digits after the point", 13, NumberFormat.Mode.scientific),
            ("eng", "show values in engineering notation (exponents multiples of 3)", 14, NumberFormat.Mode.engineering),
        ]
        for (name, summary, useRank, mode) in digitModes {
            on(name, usage: ":\(name) N", summary: summary, useRank: useRank) { [unowned self] arguments throws(CommandError) in
                guard arguments.count == 1, let digits = Int(arguments[0]), (0...NumberFormat.maximumDigits).contains(digits) else {
                    throw CommandError("usage: :\(name) N, N from 0 to \(NumberFormat.maximumDigits)")
                }
                session.format.mode = mode(digits)
                showStack()
            }
        }
        on("frac", aliases: ["fractions"], summary: "show exact non-integers as fractions (1/3), or stop", useRank: 16) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            session.format.fractions.toggle()
            say(note(session.format.fractions ? "fractions: 1/3, 3/4" : "fractions off: 0.3333333333333333, 0.75"))
            showStack()
        }
        on("group", summary: "group digits in threes (1,234,567), or stop", useRank: 28) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            session.format.grouping.toggle()
            say(note(session.format.grouping ? "digits grouped: 1,234,567" : "digits not grouped: 1234567"))
            showStack()
        }
        for (polar, name, summary, useRank) in [
            (true, "polar", "show complex values as modulus∠argument (5∠0.9272952180016122), the angle in degrees after :deg", 35),
            (false, "rect", "show complex values as re+im·i (3+4i, the default)", 36),
        ] {
            on(name, summary: summary, useRank: useRank) { [unowned self] arguments throws(CommandError) in
                try arguments.none()
                session.format.polar = polar ? session.angleUnit : nil
                say(note(polar ? "polar: 3 4i + shows as 5∠0.9272952180016122 (5∠53.13010235415598° in degrees)"
                               : "rectangular: 3 4i + shows as 3+4i"))
                showStack()
            }
        }
        for (base, name, summary, useRank) in [
            (16, "hex", "show integers in base 16 (0xFF)", 17),
            (8, "oct", "show integers in base 8 (0o17)", 29),
            (2, "bin", "show integers in base 2 (0b101)", 30),
            (10, "dec", "show integers in base 10 (the default)", 18),
        ] {
            on(name, summary: summary, useRank: useRank) { [unowned self] arguments throws(CommandError) in
                try arguments.none()
                session.format.base = base
                showStack()
            }
        }
    }

    static func angleNote(_ unit: AngleUnit) -> String {
        "angles in \(unit == .degrees ? "degrees" : "radians") for the trigonometry typed from now on"
    }

    static func arithmeticNote(exact: Bool, digits: Int? = nil) -> String {
        if exact, let digits {
            return "digits \(digits): integers and fractions stay exact; √2, sin, ln... have \(digits) significant digits"
        }
        return exact ? "exact: integers and fractions stay exact; √2, sin, ln... are approximations (IEEE doubles)"
                     : "float: every value an IEEE double, as 0.1 0.2 + = 0.30000000000000004 shows"
    }

    static func complexNote(_ complex: Bool) -> String {
        complex ? "complex: answers where a real has none are complex, -1 √ is 1i"
                : "real: -1 √ is an error again (complex values typed, as 3 4i +, stay complex)"
    }

    /// What `:digits` alone says.
    static func digitsNote(exact: Bool, digits: Int?) -> String {
        if let digits {
            return "digits \(digits): √2, sin, ln... have \(digits) significant digits (:digits off goes back to IEEE doubles)"
        }
        return exact ? "digits off: √2, sin, ln... are IEEE doubles (:digits N computes them with N significant digits)"
            : "digits off: float computes every value as an IEEE double (:digits N computes exactly, √2, sin, ln... with N digits)"
    }
}
