/// `include "lib.rpn"`: the file runs where the include stands, as if its text were written
/// there (Forth's `include`), so its definitions and stores join the program at that point
/// and what it leaves on the stack stays there. The front end's `IncludeResolver` decides
/// whether it runs and reads it; it runs here through the same top-level loop as any source.
extension Machine {
    /// Runs the include the chunk just run stopped at (`Compiler.takeInclude`), if any, from
    /// `includer`. False when the run was stopped inside it (Ctrl-C).
    ///
    /// A nested run of the top level, one level per file in the chain of includes: the
    /// resolver bounds that chain (`IncludeResolver.depthLimit`), so the depth does not grow
    /// with the input. The included file's tokens are not observed: an editor sees the
    /// include whole, after it, with what the file left on the stack.
    mutating func runInclude(from includer: SourceFile) -> Bool {
        guard let include = compiler.takeInclude() else { return true }
        let site = include.site
        guard let includes else {
            report(.error, .includeFailed, "include reads files, and this run has none to read", site)
            return true
        }
        switch includes.resolve(includer.text(of: include.path.pathNameRange), from: includer, site: site) {
        case .failure(let failure):
            report(.error, failure.code, failure.message, site)
            return true
        case .success(.alreadyRun):
            return true
        case .success(.run(let file)):
            let suspended = compiler.suspendSource()
            defer { compiler.resume(suspended) }
            // As `run` reserves for a source: room for the nodes and entries its tokens can make.
            let tokenBound = file.bytes.count / 2 + 1
            if options.keepTrees { nodes.reserve(atLeast: tokenBound) }
            stack.reserve(extra: tokenBound)
            return runTopLevel(file, observe: nil)
        }
    }
}
