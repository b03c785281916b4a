/// Writes JSON values as compact text: no whitespace, object members in their order.
///
/// Strings are written as UTF-8 with only what RFC 8259 requires escaped (`"`, `\` and the
/// control characters below U+0020); runs without those are copied in bulk. Numbers:
/// `.int` as an integer; `.double` as an integer when it is integral and below 2^53 in
/// magnitude (where every integer is exact), otherwise in Swift's shortest round-trip form
/// (`0.1`, `1e+16`); non-finite doubles, which JSON cannot spell, as `null`.
///
/// Containers are walked with an explicit stack, so any depth is fine.
public enum JSONSerializer {
    public static func serialize(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, into: &output)
        return output
    }

    public static func string(_ value: JSONValue) -> String {
        String(decoding: serialize(value), as: UTF8.self)
    }

    /// A container being written, and the index of its next element.
    private struct Frame {
        enum Container {
            case array([JSONValue])
            case object(JSONObject)
        }
        let container: Container
        var next = 0
    }

    static func write(_ root: JSONValue, into output: inout [UInt8]) {
        var stack: [Frame] = []
        var pending: JSONValue? = root
        while true {
            if let value = pending {
                pending = nil
                switch value {
                case .null: append("null", to: &output)
                case .bool(let bool): append(bool ? "true" : "false", to: &output)
                case .int(let int): output.append(contentsOf: String(int).utf8)
                case .double(let double): writeDouble(double, into: &output)
                case .string(let string): writeString(string, into: &output)
                case .array(let array):
                    output.append(UInt8(ascii: "["))
                    stack.append(Frame(container: .array(array)))
                case .object(let object):
                    output.append(UInt8(ascii: "{"))
                    stack.append(Frame(container: .object(object)))
                }
            }
            guard let top = stack.indices.last else { return }
            let next = stack[top].next
            switch stack[top].container {
            case .array(let array):
                guard next < array.count else {
                    output.append(UInt8(ascii: "]"))
                    stack.removeLast()
                    continue
                }
                if next > 0 { output.append(UInt8(ascii: ",")) }
                pending = array[next]
            case .object(let object):
                guard next < object.count else {
                    output.append(UInt8(ascii: "}"))
                    stack.removeLast()
                    continue
                }
                if next > 0 { output.append(UInt8(ascii: ",")) }
                writeString(object.keys[next], into: &output)
                output.append(UInt8(ascii: ":"))
                pending = object.values[next]
            }
            stack[top].next = next + 1
        }
    }

    private static func append(_ text: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    static func writeDouble(_ double: Double, into output: inout [UInt8]) {
        guard double.isFinite else {
            append("null", to: &output)
            return
        }
        if double == 0 {
            // Int(-0.0) would lose the sign that the parser keeps for `-0`.
            append(double.sign == .minus ? "-0" : "0", to: &output)
        } else if double.magnitude < 0x1p53 && double.rounded(.towardZero) == double {
            output.append(contentsOf: String(Int(double)).utf8)
        } else {
            output.append(contentsOf: double.description.utf8)
        }
    }

    static func writeString(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for position in utf8.indices {
                let byte = utf8[position]
                if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
                runStart = position + 1
                switch byte {
                case UInt8(ascii: "\""): append("\\\"", to: &output)
                case UInt8(ascii: "\\"): append("\\\\", to: &output)
                case 0x0A: append("\\n", to: &output)
                case 0x0D: append("\\r", to: &output)
                case 0x09: append("\\t", to: &output)
                case 0x08: append("\\b", to: &output)
                case 0x0C: append("\\f", to: &output)
                default:
                    append("\\u00", to: &output)
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0xF)])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
