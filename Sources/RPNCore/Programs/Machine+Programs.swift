/// The top level's calls of words, and what a stopped run leaves.
extension Machine {
    /// A call of a word from the top level (`topCall`): true when the loop must run its body,
    /// which counts its steps from here. A call that needs no frame (too few operands, a word
    /// with errors, a function's `f(x)` node when trees are kept) is done here; so is one after
    /// the step limit, which leaves the word's outputs without value.
    mutating func enterFromTopLevel(_ word: Int32, at range: Range<Int>) -> Bool {
        if call(word, at: range) { return false }
        let definition = compiler.words[Int(word)]
        steps += 1  // the call is a step
        guard !stepLimitReached, steps <= options.maxSteps else {
            if !stepLimitReached {
                stepLimitReached = true
                report(options.stepLimitIsError ? .error : .warning, .stepLimit, stepLimitMessage, range)
            }
            settle(inputs: definition.inputCount, outputs: definition.outputCount, from: stack.count, at: range)
            return false
        }
        return true
    }

    /// What a run that reached the step limit says (the loop's trap says it too).
    var stepLimitMessage: String {
        Limit(.steps(advice: options.stepLimitAdvice), asked: .moreThan(String(options.maxSteps)), limit: options.maxSteps)
            .message
    }

    /// A call inside a word or block that the loop's quick check did not take: true when the
    /// loop must run its body. Past the call-depth limit, the run stops (the trap unwinds it).
    mutating func callNeedsFrame(_ word: Int32, at range: Range<Int>) -> Bool {
        if call(word, at: range, counted: true) { return false }
        guard run.frames.count < options.maxCallDepth else {
            report(.error, .recursionLimit,
                   Limit(.callDepth(word: compiler.words[Int(word)].name), asked: .moreThan(String(options.maxCallDepth)),
                         limit: options.maxCallDepth).message,
                   range)
            run.stopRequested = true
            run.trapAt = 0
            return false
        }
        return true
    }

    /// Leaves the stack as a block or word with this effect would have: after an error that
    /// stopped it, its outputs have no value (quietly: the error was reported).
    mutating func settle(inputs: Int, outputs: Int, from depthBefore: Int, at range: Range<Int>) {
        let kept = Swift.max(0, depthBefore - inputs)
        if stack.count > kept {
            willModify(from: kept)
            stack.removeLast(stack.count - kept)
        }
        while stack.count < kept + outputs { pushNone(at: range) }
    }

    mutating func pushNone(at range: Range<Int>) {
        if options.keepTrees {
            nodes.append(Node(kind: .missing, token: range.lowerBound..<range.lowerBound))
            stack.append(StackSlot.box(Int32(nodes.count - 1)))
        } else {
            stack.append(.nan)
        }
    }
}
