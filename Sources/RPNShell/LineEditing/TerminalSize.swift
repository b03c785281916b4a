import CEditLine

/// The size of the terminal standard output goes to, nil when it is not a terminal (asked
/// afresh each time: the window may have been resized).
public enum TerminalSize {
    public static func ofStandardOutput() -> (columns: Int, rows: Int)? {
        var columns: Int32 = 0, rows: Int32 = 0
        shim_terminal_size(1, &columns, &rows)
        return columns > 0 && rows > 0 ? (Int(columns), Int(rows)) : nil
    }
}
