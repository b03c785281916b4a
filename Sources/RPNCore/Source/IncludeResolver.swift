/// The one place that decides what an `include` does. It finds the file the include names
/// (relative to the including file, `IncludePath`), refuses a cycle, a chain of includes
/// deeper than `depthLimit` and a file over `byteLimit` (each an error naming the chain of
/// files that led there), skips a file that has run already (a file runs once however many
/// includes name it), reads the file through the front end's `IncludeFileSystem`, and places
/// it in the address space after every other source.
///
/// A class: the machine adds to `sources` while it runs (`Machine.includes`), and the front
/// end reads them afterwards to show diagnostics that point into included files. One resolver
/// serves one run: made from the sources the front end has, it knows which files have run.
public final class IncludeResolver: @unchecked Sendable {
    /// The front end's sources, then every file included so far, in one address space.
    public private(set) var sources: SourceSet
    public let fileSystem: IncludeFileSystem
    /// Each source's canonical path once asked (nil inside: a source of no file).
    private var canonicalPaths: [ObjectIdentifier: String?] = [:]

    /// How deep includes may nest, the file the front end ran counted: every level is a
    /// nested run of the top level (`Machine.runInclude`), so the depth is bounded.
    public static let depthLimit = 64
    /// The largest file an include reads: a library of definitions, not data.
    public static let byteLimit = 16 << 20

    public init(sources: SourceSet, fileSystem: IncludeFileSystem) {
        self.sources = sources
        self.fileSystem = fileSystem
    }

    /// What an include does.
    public enum Resolution {
        /// Run this file (already placed in `sources`) where the include stands.
        case run(SourceFile)
        /// Nothing: the file has run already, included or given to the front end before the
        /// source that includes it.
        case alreadyRun
    }

    /// Why an include fails, as a diagnostic at the include says it.
    public struct Failure: Error, Equatable {
        public var code: DiagnosticCode
        public var message: String
    }

    /// The include of the file `written` (as between the quotes) at `site` in `includer`.
    public func resolve(_ written: String, from includer: SourceFile, site: Range<Int>) -> Result<Resolution, Failure> {
        guard !written.isEmpty else {
            return .failure(Failure(code: .includeNeedsPath, message: "include needs the name of a file between the quotes"))
        }
        let target = IncludePath(written, includer: includer)
        let chain = sources.includeChain(of: includer)
        let chainNames = chain.map(\.name) + [target.name]
        func failure(_ code: DiagnosticCode, _ message: String) -> Result<Resolution, Failure> {
            .failure(Failure(code: code, message: message))
        }
        /// `cannot include lib.rpn: REASON (main.rpn → lib.rpn)`.
        func unreadable(_ reason: String) -> Result<Resolution, Failure> {
            failure(.includeFailed, "cannot include \(TerminalText.shown(target.name)): \(reason) (\(Self.shown(chainNames)))")
        }
        guard !written.utf8.contains(0) else { return unreadable("a file's name cannot hold a NUL byte") }
        let identity: String
        switch fileSystem.canonicalPath(target.path) {
        case .failure(let reason): return unreadable(reason.text)
        case .success(let path): identity = path
        }
        if let repeated = chain.firstIndex(where: { canonicalPath(of: $0) == identity }) {
            // The whole chain, not only the cycle: it says how the run got into it.
            return failure(.includeCycle, "include cycle: \(Self.shown(chainNames))"
                               + (repeated > 0 ? " (\(TerminalText.shown(chain[repeated].name)) includes itself)" : ""))
        }
        if hasRun(identity, before: chain[0]) { return .success(.alreadyRun) }
        guard chain.count < Self.depthLimit else {
            return failure(.includeTooDeep,
                           "includes nest deeper than \(Self.depthLimit) files: \(Self.shown(chainNames, abbreviated: true))")
        }
        let bytes: [UInt8]
        switch fileSystem.read(identity, Self.byteLimit) {
        case .failure(let reason): return unreadable(reason.text)
        case .success(let read): bytes = read
        }
        // Nodes keep 32-bit offsets (see Node.start), and so must the address space.
        guard sources.nextBaseOffset + bytes.count <= Int(UInt32.max) else {
            return unreadable("the programs would exceed 4 GiB")
        }
        let file = sources.add(name: target.name, bytes: bytes, path: target.path, includeSite: site)
        canonicalPaths[ObjectIdentifier(file)] = .some(identity)
        return .success(.run(file))
    }

    /// Whether the file `identity` has run before the front end's source `root` (which runs
    /// now): included (every included source has run, or runs now and is in the chain), or
    /// run by the front end before `root` (`rpn lib.rpn main.rpn`, the shell's `:load`).
    private func hasRun(_ identity: String, before root: SourceFile) -> Bool {
        sources.files.contains { file in
            (file.includeSite != nil || file.baseOffset < root.baseOffset) && file.path != nil
                && canonicalPath(of: file) == identity
        }
    }

    /// The one absolute name of a source's file (nil: a source of no file, or one that is
    /// gone): an included file's is known, a front end's source's asked once.
    public func canonicalPath(of file: SourceFile) -> String? {
        if let known = canonicalPaths[ObjectIdentifier(file)] { return known }
        let path = file.path.flatMap { try? fileSystem.canonicalPath($0).get() }
        canonicalPaths[ObjectIdentifier(file)] = .some(path)
        return path
    }

    /// `main.rpn → a.rpn → lib.rpn`, made safe for a terminal; `abbreviated`, the first three
    /// and the last three around an ellipsis.
    static func shown(_ names: [String], abbreviated: Bool = false) -> String {
        let shown = names.map(TerminalText.shown)
        guard abbreviated, shown.count > 7 else { return shown.joined(separator: " → ") }
        return (shown.prefix(3) + ["…"] + shown.suffix(3)).joined(separator: " → ")
    }
}
