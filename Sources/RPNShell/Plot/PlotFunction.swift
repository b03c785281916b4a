import RPNCore

/// One expression of a machine as a function of one of its variables, for plots: which
/// variables it reads, and its samples with the variable set to each x. It works on its own
/// copy of the machine (a value), so the caller's state never changes.
struct PlotFunction {
    private var machine: Machine
    let node: Int32

    init(machine: Machine, node: Int32) {
        self.machine = machine
        self.node = node
    }

    /// The variables the expression reads, in the order the machine first met them.
    var variablesRead: [String] { machine.variablesRead(by: [node]) }

    /// The variables read, other than `variable`, that have no value.
    func unsetVariables(besides variable: String) -> [String] {
        machine.freeVariables(of: [node]).filter { $0 != variable }
    }

    /// `count` samples over [from, to] with `variable` set to each x; whether any value was
    /// complex, of which the samples keep the real part.
    mutating func sample(_ variable: String, from: Double, to: Double, count: Int) -> (points: [PlotPoint], complex: Bool) {
        var complex = false
        let points = PlotSampler.sample(from: from, to: to, count: count) { x in
            machine.setVariable(variable, to: .real(x))
            return Self.y(machine.value(of: node), complex: &complex)
        }
        return (points, complex)
    }

    /// Issue 19: the roots and extrema found between the samples (`Machine.features`).
    mutating func features(_ variable: String, _ points: [PlotPoint]) -> [FeaturePoint] {
        machine.features(of: node, variable: variable, samples: points.map { ($0.x, $0.y) })
    }

    /// A sample's y: the value, or the real part of a complex value (`complex` then set: the
    /// plot says the imaginary part was left out).
    static func y(_ value: Number?, complex: inout Bool) -> Double? {
        guard let value else { return nil }
        if value.isComplex { complex = true }
        return value.realPart.finiteDouble
    }

    /// Names for a sentence: `x`, `x and y`, `a, b and c`.
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
