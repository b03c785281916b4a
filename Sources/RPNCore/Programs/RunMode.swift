/// What a run keeps, as constants of the loop that runs it (`Machine.loop`): expression trees
/// for descriptions or values only, exact numbers or doubles. One source loop, specialised by
/// the compiler for each mode, so that no instruction tests a mode it cannot be in; a directive
/// (`float`, `exact`) or the tree budget that changes the mode sends the run to the other loop.
protocol RunMode {
    static var trees: Bool { get }
    static var exact: Bool { get }
}

enum ValuesExact: RunMode {
    static var trees: Bool { false }
    static var exact: Bool { true }
}

enum ValuesFloat: RunMode {
    static var trees: Bool { false }
    static var exact: Bool { false }
}

enum TreesExact: RunMode {
    static var trees: Bool { true }
    static var exact: Bool { true }
}

enum TreesFloat: RunMode {
    static var trees: Bool { true }
    static var exact: Bool { false }
}
