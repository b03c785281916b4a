import RPNCore

/// The settings in force: the defaults, changed by the client's `initializationOptions` and
/// `workspace/didChangeConfiguration` (see `ServerSettings`).
public struct ServerConfiguration: Sendable, Equatable {
    public var inlayHints = true
    /// `a:` before the operand of a call that fills the parameter a (with `inlayHints`).
    public var parameterNameHints = true
    public var formattingGlyphs = Formatter.Glyphs.keep
    public var formattingIndentWidth = Formatter.Options.defaultIndentWidth
    public var angleUnit = AngleUnit.radians
    public var exact = true
    /// The `digits` setting: inexact values with N significant digits; nil: IEEE doubles.
    /// No effect while `exact` is false (doubles throughout).
    public var digits: Int?
    /// The `complex` setting: complex answers where a real has none (`-1 √` is 1i).
    public var complex = false
    /// How values show (hover, inlay hints, code lenses, `rpn.evaluate`); complex values in
    /// polar form with the `polar` setting, the argument in `angleUnit`.
    public var numberFormat = NumberFormat()
    /// Bytes between the checkpoints an analysis keeps (not a client setting: tests make it
    /// small, so that short documents have many).
    public var checkpointSpacing = Machine.defaultCheckpointSpacing

    public init() {}

    /// The settings given; those not given stay as they are.
    mutating func apply(_ settings: ServerSettings) {
        inlayHints = settings.inlayHints ?? inlayHints
        parameterNameHints = settings.parameterNameHints ?? parameterNameHints
        formattingGlyphs = settings.formattingGlyphs ?? formattingGlyphs
        formattingIndentWidth = settings.formattingIndentWidth ?? formattingIndentWidth
        angleUnit = settings.angleUnit ?? angleUnit
        exact = settings.exact ?? exact
        if let given = settings.digits { digits = given == 0 ? nil : given }
        complex = settings.complex ?? complex
        if let display = settings.display { numberFormat = display.applied(to: numberFormat) }
        // The polar form's angle follows the unit, as `--polar` follows `--degrees`.
        let polar = settings.polar ?? (numberFormat.polar != nil)
        numberFormat.polar = polar ? angleUnit : nil
    }
}
