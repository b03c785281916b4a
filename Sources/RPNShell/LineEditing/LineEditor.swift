import CEditLine
import Platform

/// libedit's line editor: emacs key bindings, `~/.editrc`, persistent history, Ctrl-R search,
/// Tab completion through a closure. Only used when stdin is a terminal.
///
/// It changes no process-wide state: `main` sets the locale (libedit shows π, √, × as escapes
/// without it) and installs a SIGINT handler without SA_RESTART, so Ctrl-C ends a read with
/// EINTR and the line is abandoned.
public final class LineEditor {
    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private var event = HistEvent()
    private var promptText: UnsafeMutablePointer<CChar>
    private let historyPath: String?
    /// The word that ends at the cursor and its completions, given the text before the cursor.
    public var complete: (String) -> (word: String, candidates: [String])
    /// The text before the cursor when Tab last listed several candidates: a second Tab there
    /// does not list them again.
    private var listedFor: String?

    /// `historyPath`: where history is loaded from and saved to (nil: no file).
    public init(historyPath: String?, complete: @escaping (String) -> (word: String, candidates: [String])) {
        self.historyPath = historyPath
        self.complete = complete
        promptText = strdup("")
        editLine = el_init("rpn", shim_stdin(), shim_stdout(), shim_stderr())
        history = history_init()
        shim_history_setsize(history, &event, 1000)
        shim_history_setunique(history, &event, 1)
        shim_el_set_history(editLine, history)
        shim_el_set_editor(editLine, "emacs")
        shim_el_set_signal(editLine, 1)
        shim_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        shim_el_set_prompt(editLine) { editLine in
            guard let editLine, let data = shim_el_get_clientdata(editLine) else { return nil }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().promptText
        }
        shim_el_addfn(editLine, "rpn-complete", "Complete words, variables and commands") { editLine, _ in
            guard let editLine, let data = shim_el_get_clientdata(editLine) else { return UInt8(CC_ERROR) }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().completeWord()
        }
        shim_el_bind(editLine, "^I", "rpn-complete")
        el_source(editLine, nil)  // ~/.editrc, after our defaults so it can override them
        if let historyPath { loadHistory(historyPath) }
    }

    deinit {
        history_end(history)
        el_end(editLine)
        free(promptText)
    }

    /// One line, without its newline.
    public func readLine(prompt: String) -> LineInput {
        free(promptText)
        promptText = strdup(prompt)
        var count: Int32 = 0
        errno = 0
        guard let line = el_gets(editLine, &count) else {
            if count < 0 || SystemError.last.isInterruption {
                fputs("\n", shim_stdout())
                return .interrupted
            }
            fputs("\n", shim_stdout())  // libedit echoes ^D; end the line it left
            return .end
        }
        var text = String(cString: line)
        if text.hasSuffix("\n") { text.removeLast() }
        if !text.allSatisfy(\.isWhitespace) {
            shim_history_enter(history, &event, text)
            if let historyPath { shim_history_save(history, &event, historyPath) }
        }
        return .line(text)
    }

    /// Loads history defensively: a file that is not libedit's format or not valid UTF-8 is
    /// set aside (renamed), never fatal.
    private func loadHistory(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &bytes, bytes.count)
        close(descriptor)
        let header = Array("_HiStOrY_V2_".utf8)
        if count >= header.count, Array(bytes[0..<header.count]) == header {
            shim_history_load(history, &event, path)
        } else if count > 0 {
            rename(path, path + ".bad")
        }
    }

    private func completeWord() -> UInt8 {
        guard let info = el_line(editLine)?.pointee else { return UInt8(CC_ERROR) }
        let start = UnsafeRawPointer(info.buffer!)
        let cursorOffset = UnsafeRawPointer(info.cursor!) - start
        let before = String(decoding: UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self),
                                                          count: cursorOffset), as: UTF8.self)
        let (prefix, candidates) = complete(before)
        guard let first = candidates.first else { return UInt8(CC_REFRESH_BEEP) }
        if candidates.count == 1 {
            // A directory (`lib/`) is completed into, not past.
            el_insertstr(editLine, String(first.dropFirst(prefix.count)) + (first.hasSuffix("/") ? "" : " "))
            return UInt8(CC_REFRESH)
        }
        var common = first
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(common) { common.removeLast() }
        }
        if common.count > prefix.count {
            el_insertstr(editLine, String(common.dropFirst(prefix.count)))
            return UInt8(CC_REFRESH)
        }
        guard listedFor != before else { return UInt8(CC_REFRESH_BEEP) }
        listedFor = before
        fputs("\n" + candidates.joined(separator: "  ") + "\n", shim_stdout())
        return UInt8(CC_REDISPLAY)
    }
}
