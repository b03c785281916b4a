/// How the pieces of a previous run move into a run of an edited text (`Machine+Convergence`):
/// byte offsets through the text change, node, link, store and symbol indices by how much the
/// new run's arrays grew or shrank before them.

extension Machine.TextChange {
    /// A range of the previous text in the new one (nil: it touches the change).
    func map(_ range: Range<Int>) -> Range<Int>? {
        if range == Diagnostic.nowhere { return range }
        guard let lower = map(range.lowerBound), let upper = map(range.upperBound), lower <= upper,
              range.upperBound <= start || range.lowerBound >= oldEnd else { return nil }
        return lower..<upper
    }
}

extension Node {
    /// This node of the previous run, its children, link, value and token moved.
    func moved(child: (Int32) -> Int32, link: (Int32) -> Int32, value: (Double) -> Double, start: (Int) -> Int) -> Node {
        var moved = self
        let movedLHS: Int32 = switch kind {
        case .unary, .binary: child(lhs)
        case .call, .select, .ternary: link(lhs)
        case .variable, .number, .constant, .missing: lhs
        }
        moved.relocate(lhs: movedLHS, rhs: kind == .binary ? child(rhs) : nil, start: start(tokenStart))
        moved.value = value(self.value)
        return moved
    }
}

extension Diagnostic {
    func moved(by change: Machine.TextChange) -> Diagnostic {
        var moved = self
        moved.range = change.map(range) ?? range
        for i in moved.related.indices { moved.related[i].range = change.map(related[i].range) ?? related[i].range }
        return moved
    }

    /// Whether the diagnostic and every place it names have a place in the new text.
    func isPlaced(after change: Machine.TextChange) -> Bool {
        change.map(range) != nil && related.allSatisfy { change.map($0.range) != nil }
    }
}

extension CallDiagnosticKey {
    /// The key in the new text (nil: its range touches the change).
    func moved(by change: Machine.TextChange) -> CallDiagnosticKey? {
        guard let range = change.map(start..<end) else { return nil }
        var moved = self
        moved.start = range.lowerBound
        moved.end = range.upperBound
        return moved
    }
}

extension SymbolOccurrence {
    func moved(by change: Machine.TextChange, localShift: Int32) -> SymbolOccurrence {
        SymbolOccurrence(range: change.map(range) ?? range, kind: kind,
                         symbol: symbol >= Self.localSymbolBase ? symbol + localShift : symbol, word: word)
    }
}

extension WordDefinition {
    /// Whether this word, compiled by the new run, is the one the previous run compiled at the
    /// same place of the text: what its calls do and report is then the same.
    func isSame(as other: WordDefinition, change: Machine.TextChange) -> Bool {
        guard name == other.name, change.map(other.nameRange) == nameRange, change.map(other.range) == range,
              declaredEffect == other.declaredEffect, effect == other.effect, parameters == other.parameters,
              isFunction == other.isFunction, isRecursive == other.isRecursive, hasSideEffects == other.hasSideEffects,
              dependencies == other.dependencies else { return false }
        return program.isSame(as: other.program, change: change)
    }

    /// The word moved to the new text (its program moves in place: the previous run's is now
    /// this run's).
    func moved(by change: Machine.TextChange) -> WordDefinition {
        program.move(by: change)
        return WordDefinition(name: name, nameRange: change.map(nameRange) ?? nameRange, range: change.map(range) ?? range,
                              declaredEffect: declaredEffect, effect: effect, parameters: parameters, isFunction: isFunction,
                              isRecursive: isRecursive, hasSideEffects: hasSideEffects, dependencies: dependencies,
                              program: program)
    }
}

extension Program {
    func isSame(as other: Program, change: Machine.TextChange) -> Bool {
        let a = header.pointee, b = other.header.pointee
        guard a.count == b.count, a.inputs == b.inputs, a.outputs == b.outputs, a.localCount == b.localCount,
              a.isBroken == b.isBroken, a.isFunction == b.isFunction, ifShapes == other.ifShapes, blocks == other.blocks
        else { return false }
        for i in 0..<a.count {
            guard a.code[i] == b.code[i], change.map(b.tokens[i].range) == a.tokens[i].range else { return false }
        }
        return true
    }

    /// Moves the program's tokens and text to their place in the new text.
    func move(by change: Machine.TextChange) {
        let count = header.pointee.count
        for i in 0..<count {
            let token = header.pointee.tokens[i]
            if let range = change.map(token.range) { header.pointee.tokens[i].range = range }
        }
        if let base = change.map(header.pointee.textBase) { header.pointee.textBase = base }
    }
}

extension Machine.Checkpoint {
    /// A checkpoint of the previous run, moved to the new run's arrays and text.
    func moved(change: Machine.TextChange, tokenShift: Int, nodeShift: Int, linkShift: Int, storeShift: (boxes: Int, fractions: Int),
               symbolShift: Int, localShift: Int32, logShift: (kept: Int, errors: Int, others: Int), reportShift: Int,
               stepShift: (line: Int, before: Int), depthShift: Int, epochShift: UInt32, slot: (Double) -> Double) -> Machine.Checkpoint {
        var log = self.log
        log.kept += logShift.kept
        log.keptErrors += logShift.errors
        log.keptOthers += logShift.others
        var moved = Machine.Checkpoint(
            offset: change.map(offset) ?? offset, tokenCount: tokenCount + tokenShift, depth: depth + depthShift,
            nodeCount: nodeCount + nodeShift, linkCount: linkCount + linkShift,
            storeMark: ValueStore.Mark(fractions: storeMark.fractions + storeShift.fractions, boxes: storeMark.boxes + storeShift.boxes),
            compilerMark: Compiler.Mark(words: compilerMark.words, symbols: compilerMark.symbols + symbolShift,
                                        nextLocalSymbol: compilerMark.nextLocalSymbol + localShift),
            log: log, reportedCount: reportedCount + reportShift,
            reportedCalls: Set(reportedCalls.compactMap { $0.moved(by: change) }), suggestions: suggestions,
            steps: steps + stepShift.line, stepsBeforeLine: stepsBeforeLine + stepShift.before, stepLimitReached: stepLimitReached, ownNameComparisonsLeft: ownNameComparisonsLeft,
            storeCompactionThreshold: storeCompactionThreshold, options: options, lastX: slot(lastX),
            variableCount: variableCount, boundChanges: boundChanges, epoch: epoch &+ epochShift)
        moved.floor = floor + depthShift
        moved.entriesBefore = entriesBefore.map(slot)
        moved.bindingsBefore = bindingsBefore
        moved.wordNamesBefore = wordNamesBefore
        moved.readsDepth = readsDepth
        moved.blockSlack = blockSlack
        return moved
    }
}

extension ProgramRegion {
    /// The region `tokens` tokens and `bytes` bytes further on (an analysis taking over the
    /// rest of the previous one).
    public func moved(tokens: Int, bytes: Int) -> ProgramRegion {
        ProgramRegion(kind: kind, tokens: (self.tokens.lowerBound + tokens)..<(self.tokens.upperBound + tokens),
                      bytes: (self.bytes.lowerBound + bytes)..<(self.bytes.upperBound + bytes), isComplete: isComplete,
                      nameToken: nameToken.map { $0 + tokens })
    }
}
