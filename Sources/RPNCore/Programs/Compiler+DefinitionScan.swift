/// The definitions of a source, noted ahead of the top level so that a word can call one
/// defined further on (`Compiler.noteDefinitions`), and how a run that goes on from a
/// checkpoint after an edit takes over the previous run's scan past the edit instead of
/// scanning the rest of the text again (a definition typed in a long program did that on
/// every keystroke).
struct DefinitionScan {
    /// The definitions by name: their `:` offsets and declared effects, in order.
    var definitions: [String: [(start: Int, effect: StackEffect?)]] = [:]
    /// Where the scan had nothing open, in order: from each `from` (where it began, or the end
    /// of a region's last token) to its `to` (the start of the token that opened the next
    /// region; `Int.max`: none did).
    var idle: [(from: Int, to: Int)] = []

    /// Whether the scan had nothing open at `offset`: a scan from there sees what this one saw.
    func isIdle(at offset: Int) -> Bool {
        let k = idle.partitioningIndex { $0.from <= offset } - 1
        return k >= 0 && offset <= idle[k].to
    }

    /// Takes `previous`'s scan from `offset` on (where both had nothing open, with the same
    /// text after it), moved by `delta` bytes.
    mutating func takeOver(_ previous: DefinitionScan, from offset: Int, movedBy delta: Int) {
        let k = previous.idle.partitioningIndex { $0.from <= offset } - 1
        let to = previous.idle[k].to
        idle[idle.count - 1].to = to == .max ? .max : to + delta
        for interval in previous.idle[(k + 1)...] {
            idle.append((interval.from + delta, interval.to == .max ? .max : interval.to + delta))
        }
        for (name, list) in previous.definitions {
            for definition in list where definition.start >= offset {
                definitions[name, default: []].append((definition.start + delta, definition.effect))
            }
        }
    }
}

extension Compiler {
    /// Notes the definitions of the source from its first `:` on, so that a word can call one
    /// defined further on (mutual recursion). Done when that first `:` comes: a source without
    /// definitions costs nothing. Definitions are the regions the top level will gather
    /// (`ProgramRegion`'s rule): a `:` inside a definition or a block opens none. A run going on
    /// from a checkpoint (`previousScan`) stops scanning at the first place after the edit
    /// where both scans had nothing open, and takes the previous scan's rest.
    mutating func noteDefinitions(_ buffer: UnsafeBufferPointer<UInt8>, _ base: Int, from offset: Int) {
        definitionsNoted = true
        let previous = previousScan
        previousScan = nil
        var scan = DefinitionScan()
        scan.idle = [(offset, .max)]
        defer { self.scan = scan }
        var lexer = Lexer(bytes: buffer, base: base)
        lexer.position = offset - base
        var region: RegionEnd?
        var colon: Token?, name: String?
        while let token = lexer.next() {
            if token.kind == .comment { continue }
            guard var end = region else {
                let start = token.range.lowerBound
                if let (old, change) = previous, start >= change.newEnd, old.isIdle(at: start - change.delta) {
                    scan.takeOver(old, from: start - change.delta, movedBy: change.delta)
                    return
                }
                if let kind = ProgramRegion.Kind(opening: token) {
                    region = RegionEnd(kind)
                    scan.idle[scan.idle.count - 1].to = start
                    if kind == .definition { colon = token }
                }
                continue
            }
            // A definition's name, then its declared effect if one follows.
            if let opener = colon {
                if let named = name {
                    var effect: StackEffect?
                    if token.kind == .stackEffect, case .success(let parsed) = StackEffect.parse(Substring(text(token.range, buffer, base))) {
                        effect = parsed
                    }
                    scan.definitions[named, default: []].append((opener.range.lowerBound, effect))
                    colon = nil
                    name = nil
                } else if token.kind == .variable {
                    name = text(token.range, buffer, base)
                } else {
                    colon = nil
                }
            }
            region = end.isReached(by: token) ? nil : end
            if region == nil { scan.idle.append((token.range.upperBound, .max)) }
        }
        if let opener = colon, let named = name { scan.definitions[named, default: []].append((opener.range.lowerBound, nil)) }
    }
}
