import RPNCore

/// `:new` and `:sessions`: the session the shell remembers between runs (`ShellMemory`).
extension Shell {
    func registerMemoryCommands() {
        on("new", summary: "start a new, empty session (no words; :undo brings the old one back)", useRank: 37) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            session.startNew()
            say(note("a new session: empty, radians, exact; :undo brings back the one before"))
            showStack()
        }
        on("sessions", summary: "the saved sessions (rpn --session NAME starts one)", useRank: 38) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            let current = environment.memory.sessionName
            if current == nil { say(note("this shell saves no session (rpn --fresh, or its state file could not be read)")) }
            let names = environment.memory.sessionNames()
            if names.isEmpty { say(note("no saved sessions")) }
            for name in names { say((name == current ? "* " : "  ") + name) }
        }
    }
}
