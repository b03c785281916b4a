/// The compiler's last pass over a body: common short sequences (`i +`, `n 1 -`, `n 2 < if`,
/// `n ;`, `+ ;`, `n 1 - f`, a loop's whole body `i + next`) become one superinstruction, as gforth's do, and a jump to a return becomes the
/// return. A superinstruction replaces only the first word of its sequence; the others stay,
/// so a jump into the middle runs the plain words from there on, and the loop can always run
/// the first plain word instead (`Opcode.plain`). No sequence spans a jump's target.
enum Superinstructions {
    /// `checked`: the static checker vouched for every operand (no loop whose effect varies,
    /// issue 19); only then are the sequences fused, whose superinstructions count on it.
    static func fuse(_ program: Program, checked: Bool = true) {
        let count = program.count
        // Jumps to a return return (`n else … then ;`: the first part's jump).
        var i = 0
        while i < count {
            if program[i].opcode == .jump, i + program[i].b < count, program[i + program[i].b].opcode == .ret {
                program[i] = Instruction(.ret)
            }
            i += program[i].width
        }
        guard checked else { return }
        // The jumps' targets, after those (the return they went to may now start a sequence).
        var isTarget = [Bool](repeating: false, count: count + 1)  // a jump may go to the end
        i = 0
        while i < count {
            if let offset = program[i].jumpOffset, i + offset >= 0, i + offset <= count { isTarget[i + offset] = true }
            i += program[i].width
        }
        /// Whether the words after `i` up to `i + length - 1` exist and are no jump's target.
        func straight(_ length: Int) -> Bool {
            guard i + length <= count else { return false }
            return (i + 1 ..< i + length).allSatisfy { !isTarget[$0] }
        }
        func quick(_ at: Int) -> QuickOperation? {
            let opcode = program[at].opcode
            guard opcode.rawValue >= Opcode.add.rawValue, opcode.rawValue <= Opcode.notEqual.rawValue else { return nil }
            return QuickOperation(rawValue: Int(opcode.rawValue - Opcode.add.rawValue))
        }
        func family(_ first: Opcode, _ operation: QuickOperation, branch: Bool = false) -> Opcode {
            Opcode(rawValue: first.rawValue + UInt8(operation.rawValue - (branch ? QuickOperation.less.rawValue : 0)))!
        }
        i = 0
        while i < count {
            let word = program[i]
            switch word.opcode {
            case .local:
                if straight(3), let op = quick(i + 1), op.rawValue <= QuickOperation.multiply.rawValue,
                   program[i + 2].opcode == .forNext, program[i + 2].b == -2, program[i + 2].a == word.a {
                    // `i + next`: the loop's whole body, on its own counter
                    program[i] = word.with(family(.addLocalNext, op))
                } else if straight(4), program[i + 1].opcode == .literal, quick(i + 2) == .subtract,
                          program[i + 3].opcode == .call {
                    program[i] = word.with(.localSubtractLiteralCall)
                } else if straight(4), program[i + 1].opcode == .literal, let op = quick(i + 2), op.isComparison,
                   program[i + 3].opcode == .branch {
                    program[i] = word.with(family(.localLessLiteralBranch, op, branch: true))
                } else if straight(3), program[i + 1].opcode == .literal, let op = quick(i + 2) {
                    program[i] = word.with(family(.localAddLiteral, op))
                } else if straight(2), let op = quick(i + 1) {
                    program[i] = word.with(family(.addLocal, op))
                } else if straight(2), program[i + 1].opcode == .ret {
                    program[i] = word.with(.localReturn)
                }
            case .literal:
                if straight(2), let op = quick(i + 1) {
                    program[i] = word.with(family(.addLiteral, op))
                }
            case .add, .subtract, .multiply:
                if straight(2), program[i + 1].opcode == .ret {
                    program[i] = word.with(family(.addReturn, quick(i)!))
                }
            case .less, .greater, .lessEqual, .greaterEqual, .equal, .notEqual:
                if straight(2), program[i + 1].opcode == .branch {
                    program[i] = word.with(family(.lessBranch, quick(i)!, branch: true))
                }
            default:
                break
            }
            i += word.width
        }
    }
}
