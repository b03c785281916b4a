import RPNCommandLine
import RPNCore
import RPNShell

extension ManualPage {
    /// The page of this build of rpn, given the command tree its binary dumps
    /// (`rpn --experimental-dump-help`): the other tables are linked in.
    public init(commandTreeJSON: [UInt8]) throws(ManualError) {
        self.init(commandLine: try CommandReference(json: commandTreeJSON),
                  synopsis: CommandLineUsage.all.split(separator: "\n").map(String.init),
                  words: Builtin.all, shellCommands: Shell.commandReference(), version: RPN.version)
    }
}
