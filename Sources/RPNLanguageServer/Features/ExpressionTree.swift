import RPNCore

/// Questions about one expression's tree in a machine's node array. A tree is really a DAG
/// (`dup` shares a subtree, and `x dup + dup + ...` doubles the paths with every pair), so the
/// walks visit each node once, with an explicit work stack: no recursion, linear in the nodes.
struct ExpressionTree {
    let nodes: [Node]
    let root: Int32

    /// Calls `body` once for every node of the tree, the root first.
    func forEachNode(_ body: (Node) -> Void) {
        guard root >= 0, Int(root) < nodes.count else { return }
        // Children have smaller indices than their parents: the tree lives in 0...root.
        var visited = [Bool](repeating: false, count: Int(root) + 1)
        var pending: [Int32] = [root]
        visited[Int(root)] = true
        while let index = pending.popLast() {
            let node = nodes[Int(index)]
            body(node)
            guard node.kind == .unary || node.kind == .binary else { continue }  // a variable's lhs is its name
            if !visited[Int(node.lhs)] {
                visited[Int(node.lhs)] = true
                pending.append(node.lhs)
            }
            let rhs = node.rhs
            if rhs >= 0, !visited[Int(rhs)] {
                visited[Int(rhs)] = true
                pending.append(rhs)
            }
        }
    }

    /// The bytes from the first token of the tree to the end of the root's token: what a
    /// reader sees as the expression (`3 5 +` for the `+`).
    var span: Swift.Range<Int> {
        guard root >= 0, Int(root) < nodes.count else { return 0..<0 }
        let end = nodes[Int(root)].tokenRange.upperBound
        var start = nodes[Int(root)].tokenRange.lowerBound
        forEachNode { start = min(start, $0.tokenRange.lowerBound) }
        return start..<end
    }
}
