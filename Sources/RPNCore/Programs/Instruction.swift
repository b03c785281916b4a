/// One step of a compiled program (a definition's body, or a block typed at the top level).
/// Jumps are resolved to instruction indices when the program is compiled, so running a word
/// never lexes again.
enum Instruction: Sendable {
    /// A word, number, variable or store, run as the top level runs it.
    case token(Token)
    /// A call of the definition `word` (an index into `Machine.words`), written at `at`.
    case call(word: Int32, at: Range<Int>)
    /// Pushes local `index` of the frame: a parameter or a loop's counter.
    case local(Int32, at: Range<Int>)
    /// Pops `count` entries into locals 0..<count (a word whose body names its parameters).
    case bindParameters(count: Int32, at: Range<Int>)
    /// `if`: pops a flag; jumps to `to` (the else part, or past `then`) when it is 0. `reach`:
    /// how many entries below it (the flag popped) its parts take, the most they can change.
    case branchIfZero(to: Int32, reach: Int32, at: Range<Int>)
    /// `else`: the end of an if's first part; jumps past `then`.
    case skipElse(to: Int32, at: Range<Int>)
    /// `then`: where both parts of an if meet (a no-op when the flag had a value).
    case endIf(at: Range<Int>)
    /// `for`: pops the bounds (and a step) into locals `local`, `local+1`, `local+2`, or jumps
    /// to `exit` when the loop runs no time.
    case forStart(local: Int32, hasStep: Bool, exit: Int32, at: Range<Int>)
    /// `next`/`step`: advances local `local` by the step and goes back to `body` unless past
    /// the bound.
    case forNext(local: Int32, body: Int32, at: Range<Int>)
    /// `until`: pops a flag; goes back to `body` when it is 0.
    case until(body: Int32, at: Range<Int>)
}
