extension Diagnostic {
    /// Diagnostics in source order. They are found partly while running and partly in the
    /// final evaluation, so the order found is not the order in the text; equal positions keep
    /// the order found.
    public static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated()
            .sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
            .map(\.element)
    }
}
