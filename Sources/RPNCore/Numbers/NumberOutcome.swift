/// The result of an exact operation: a value, a failure to report at the operator's token, or
/// `.inexact`: no exact answer exists (√2, sin, a non-integer power), so the caller computes
/// in Double.
public enum NumberOutcome: Sendable {
    case value(Number)
    case failure(DiagnosticCode, String)
    case inexact
}
