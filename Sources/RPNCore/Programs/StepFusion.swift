/// Superinstructions for runs without trees: common short sequences of steps (`i +`,
/// `n 1 -`, `n 2 < if`) become one step that touches the stack once, or not at all. The
/// plain steps stay in `Program.steps`; the fused ones replace only the first step of their
/// sequence in `Program.fastSteps`, so the interpreter can always fall back to the plain
/// step at the same index, and returns and jumps land on steps that are the same in both
/// (a jump into the middle of a sequence runs its plain steps from there on).
enum StepFusion {
    static func fuse(_ steps: [Step]) -> [Step] {
        var isTarget = [Bool](repeating: false, count: steps.count + 1)  // a jump may go to the end
        for step in steps {
            switch step {
            case .branchIfZero(let t, _), .skipElse(let t), .until(let t): isTarget[Int(t)] = true
            case .forStart(_, let exit, _): isTarget[Int(exit)] = true
            case .forNext(_, let body): isTarget[Int(body)] = true
            default: break
            }
        }
        var fused = steps
        var i = 0
        /// Whether the steps after `i` up to `i + length - 1` are no jump's target.
        func straight(_ length: Int) -> Bool {
            guard i + length <= steps.count else { return false }
            return (i + 1 ..< i + length).allSatisfy { !isTarget[$0] }
        }
        while i < steps.count {
            var length = 1
            switch steps[i] {
            case .local(let local):
                if straight(4), case .number(let literal) = steps[i + 1], case .operator(let op, _) = steps[i + 2],
                   op.isComparison, case .branchIfZero(let target, _) = steps[i + 3] {
                    fused[i] = .localLiteralBranch(local: local, literal: literal, op: op, target: target)
                    length = 4
                } else if straight(3), case .number(let literal) = steps[i + 1], case .operator(let op, _) = steps[i + 2],
                          op.isQuick {
                    fused[i] = .localLiteralOperator(local: local, literal: literal, op: op)
                    length = 3
                } else if straight(2), case .operator(let op, _) = steps[i + 1], op.isQuick {
                    fused[i] = .localOperator(local: local, op: op)
                    length = 2
                } else if i + 1 < steps.count, case .skipElse(let end) = steps[i + 1], Int(end) < steps.count,
                          case .endIf = steps[Int(end)] {
                    // `n else … then`: the value of an if's first part, then past its end.
                    fused[i] = .localSkipElseEndIf(local: local, after: end + 1)
                    length = 2
                }
            case .number(let literal):
                if straight(2), case .operator(let op, _) = steps[i + 1], op.isQuick {
                    fused[i] = .literalOperator(literal: literal, op: op)
                    length = 2
                }
            case .operator(let op, _):
                if straight(2), op.isComparison, case .branchIfZero(let target, _) = steps[i + 1] {
                    fused[i] = .operatorBranch(op: op, target: target)
                    length = 2
                } else if op.isQuick, i + 1 < steps.count, case .endIf = steps[i + 1] {
                    fused[i] = .operatorEndIf(op: op)  // the end of an if's second part
                    length = 2
                }
            case .skipElse(let end):
                if Int(end) < steps.count, case .endIf = steps[Int(end)] {
                    fused[i] = .skipElseEndIf(after: end + 1)
                }
            default: break
            }
            i += length
        }
        return fused
    }
}

extension BuiltinID {
    /// The words `Machine.quickBinary` computes.
    var isQuick: Bool { self == .add || self == .subtract || self == .multiply || isComparison }
}
