/// How lists print: `{ 1 2 3 }` on the stack (what one types back), `{1, 2, 3}` in
/// descriptions (`NumberFormat.listStyle`). Nested lists print by an explicit stack of the
/// lists being written, never by recursion: a list may hold lists millions deep.
extension NumberFormat {
    public enum ListStyle: Sendable, Equatable {
        /// `{ 1 2 3 }`, as RPN text.
        case stack
        /// `{1, 2, 3}`, as infix descriptions write them.
        case description
    }

    func appendList(_ list: Number, to out: inout [UInt8]) {
        let (open, separator, close, empty): ([UInt8], [UInt8], [UInt8], [UInt8]) = listStyle == .stack
            ? (Array("{ ".utf8), [0x20], Array(" }".utf8), Array("{ }".utf8))
            : ([UInt8(ascii: "{")], Array(", ".utf8), [UInt8(ascii: "}")], Array("{}".utf8))
        // The lists being written and the next element of each.
        var pending: [(elements: [Number], next: Int)] = []
        func begin(_ elements: [Number]) {
            if elements.isEmpty {
                out.append(contentsOf: empty)
            } else {
                out.append(contentsOf: open)
                pending.append((elements, 0))
            }
        }
        guard case .list(let top) = list else { return }
        // A description writes exact fractions as such (`{1/3, 2}`): infix that reads back.
        var elementFormat = self
        if listStyle == .description { elementFormat.fractions = true }
        begin(top)
        while !pending.isEmpty {
            let (elements, next) = pending[pending.count - 1]
            guard next < elements.count else {
                pending.removeLast()
                out.append(contentsOf: close)
                continue
            }
            pending[pending.count - 1].next = next + 1
            if next > 0 { out.append(contentsOf: separator) }
            if case .list(let inner) = elements[next] {
                begin(inner)
            } else {
                elementFormat.append(elements[next], to: &out)
            }
        }
    }
}
