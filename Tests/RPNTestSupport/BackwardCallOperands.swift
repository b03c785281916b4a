import RPNCore

/// The definition of a call's operands as it was first written, kept as the reference the
/// one-pass reading (`CallOperands.Stack`) is checked against: read backwards from the call,
/// each token taking its effect as a step, an operand the shortest run of tokens before the
/// next one that leaves exactly one entry; where a token's effect is unknown (nil) or it leaves
/// more than is still needed, the reading stops and the inputs not reached stay nil. It looks
/// as far back as the operands reach, so a call costs as much as its operands are long, and
/// calls inside calls again each.
public func backwardCallOperands(ofCallAt call: Int, inputs: Int,
                                 effect: (Int) -> CallOperands.StepEffect?) -> [Range<Int>?] {
    var operands = [Range<Int>?](repeating: nil, count: max(inputs, 0))
    var index = call - 1
    for input in operands.indices.reversed() {
        var need = 1
        var end: Int?
        while index >= 0 {
            guard let step = effect(index), step.outputs <= need else { return operands }
            if end == nil, step.inputs == 0, step.outputs == 0 {
                index -= 1
                continue
            }
            if end == nil { end = index + 1 }
            need += step.inputs - step.outputs
            index -= 1
            if need == 0 {
                operands[input] = (index + 1)..<end!
                break
            }
        }
        guard need == 0 else { return operands }
    }
    return operands
}
