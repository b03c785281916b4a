/// Runs a quotation on values, again and again (`map`, `filter`, `fold`, `times`, `call`): a
/// built-in word through `combine`, as anywhere; a `[ … ]` through the one loop, in a machine
/// of its own without trees made once for all the runs (as `Machine.callValue` runs a word),
/// counting its steps on from the caller's against the same budget. What goes wrong inside is
/// a failure at the word that ran it, with the quotation's own message.
struct QuotationRunner {
    let quotation: Quotation
    let op: BuiltinID
    let inputs: Int, outputs: Int
    private var inner: Machine?

    init(_ quotation: Quotation, op: BuiltinID, inputs: Int, outputs: Int) {
        self.quotation = quotation
        self.op = op
        self.inputs = inputs
        self.outputs = outputs
    }

    /// The quotation's effect, when it is known: a built-in function's arity and one result; a
    /// `[ … ]`'s checked effect (nil: its body has errors, reported where it was written).
    static func effect(of quotation: Quotation, in machine: Machine) -> (inputs: Int, outputs: Int)? {
        if let builtin = quotation.builtin { return (builtin.isBinary ? 2 : builtin.isTernary ? 3 : 1, 1) }
        guard let effect = definition(of: quotation, in: machine)?.effect else { return nil }
        return (effect.inputs.count, effect.outputs.count)
    }

    /// The compiled code of a `[ … ]` or of a word of one's own.
    static func definition(of quotation: Quotation, in machine: Machine) -> WordDefinition? {
        switch quotation.code {
        case .body(let index): machine.compiler.quotations[Int(index)]
        case .word(let index): machine.words[Int(index)]
        case .builtin: nil
        }
    }

    /// What the word needs, in its words: `map needs a quotation ( x -- y )`.
    func effectMismatch(_ effect: (inputs: Int, outputs: Int)) -> ListFailure {
        let wanted = StackEffect(inputs: inputs, outputs: outputs)
        let got = StackEffect(inputs: effect.inputs, outputs: effect.outputs)
        return ListFailure(.quotationEffect, "\(Builtin[op].glyph) needs a quotation \(wanted.description), "
            + "and \(quotation.text) is \(got.description)")
    }

    /// Why the quotation cannot run here: its effect is not the one the word needs (nil: it can,
    /// or its body has errors, reported where it was written).
    func mismatch(in machine: Machine) -> ListFailure? {
        guard let effect = Self.effect(of: quotation, in: machine), effect.inputs != inputs || effect.outputs != outputs
        else { return nil }
        return effectMismatch(effect)
    }

    /// The quotation run on `arguments`: its `outputs` results.
    mutating func run(_ arguments: [Number], on machine: inout Machine) -> Result<[Number], ListFailure> {
        guard let effect = Self.effect(of: quotation, in: machine) else {
            return .failure(ListFailure(.quotationEffect, "\(quotation.text) has errors"))
        }
        guard effect.inputs == inputs, effect.outputs == outputs else { return .failure(effectMismatch(effect)) }
        if let builtin = quotation.builtin {
            let slots = arguments.map { machine.encode($0) }
            let outcome = switch slots.count {
            case 1: machine.combine(builtin, slots[0], angle: machine.options.angleUnit)
            case 2: machine.combine(builtin, slots[0], slots[1], angle: machine.options.angleUnit)
            default: machine.combine(builtin, slots[0], slots[1], slots[2])
            }
            switch outcome {
            case .value(let slot):
                guard let value = machine.number(slot) else { return .failure(ListFailure(.outOfDomain, "no value")) }
                return .success([value])
            case .failure(let code, let message): return .failure(ListFailure(code, message))
            }
        }
        if inner == nil { inner = machine.valuesMachine() }
        let definition = Self.definition(of: quotation, in: machine)!
        inner!.stack.removeAll(keepingCapacity: true)
        inner!.log = DiagnosticLog(limit: machine.options.diagnosticLimit)
        for argument in arguments { inner!.stack.append(inner!.encode(argument)) }
        inner!.steps = machine.steps + 1
        _ = inner!.interpret(definition.program, weight: 1, inputs: inputs, outputs: outputs)
        machine.steps = inner!.steps
        if inner!.stepLimitReached {
            machine.stepLimitReached = true
            return .failure(ListFailure(.stepLimit, machine.stepLimitMessage))
        }
        if machine.hooks?.wasInterrupted == true { machine.run.trapAt = 0 }
        if let error = inner!.diagnostics.first(where: { $0.severity == .error }) {
            return .failure(ListFailure(error.code, "in \(quotation.text): \(error.message)"))
        }
        guard inner!.stack.count == outputs else {
            return .failure(ListFailure(.quotationEffect, "\(quotation.text) left \(inner!.stack.count) entries"))
        }
        var results: [Number] = []
        for i in 0..<outputs {
            guard let value = inner!.number(inner!.valueOfSlot(i)) else {
                return .failure(ListFailure(.outOfDomain, "\(quotation.text) left no value"))
            }
            results.append(value)
        }
        return .success(results)
    }
}
