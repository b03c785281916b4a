/// `exit`: handled before any handler (`LanguageServer.handleNotification`), in every state,
/// initialized or not, shut down or not.
enum ExitNotification {
    static let method = "exit"
}
