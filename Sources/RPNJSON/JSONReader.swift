/// The state of one parse: the input, the read position and a scratch buffer for strings
/// with escapes. The structure (values, arrays, objects) is here; strings, numbers and error
/// messages are in the other `JSONReader+` files.
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Reused by every string that has escapes, so that decoding them allocates once per parse
    /// rather than once per string.
    var scratch: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// An array or object whose closing bracket has not been read yet.
    struct OpenContainer {
        var isObject: Bool
        var elements: [JSONValue] = []
        var members = JSONObject()
        /// The key of the member whose value is being read.
        var key = ""
    }

    /// Reads the whole input as one value.
    ///
    /// Instead of recursing into containers, an opened container is pushed on `stack` and the
    /// loop goes back to read its first element; every finished value is attached to the top
    /// container, and closing brackets pop containers until one expects more elements. The
    /// call depth stays constant whatever the nesting.
    mutating func parseText() throws(JSONParseError) -> JSONValue {
        var stack: [OpenContainer] = []
        skipWhitespace()
        while true {
            var value: JSONValue
            guard position < bytes.count else { throw unexpectedEnd() }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard stack.count < JSONParser.maximumDepth else {
                    throw JSONParseError(
                        message: "nesting deeper than \(JSONParser.maximumDepth) at byte \(position)",
                        offset: position)
                }
                let isObject = byte == UInt8(ascii: "{")
                position += 1
                skipWhitespace()
                if position < bytes.count && bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    value = isObject ? .object(JSONObject()) : .array([])
                } else {
                    var container = OpenContainer(isObject: isObject)
                    if isObject { container.key = try readKey() }
                    stack.append(container)
                    continue
                }
            case UInt8(ascii: "\""):
                value = .string(try readString())
            case UInt8(ascii: "t"):
                try readLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try readLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try readLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try readNumber()
            default:
                throw unexpectedCharacter()
            }

            // Attach the value to its container, then close every container that ends here.
            while true {
                guard let top = stack.indices.last else {
                    skipWhitespace()
                    guard position == bytes.count else { throw unexpectedCharacter() }
                    return value
                }
                if stack[top].isObject {
                    let key = stack[top].key
                    stack[top].members[key] = value
                } else {
                    stack[top].elements.append(value)
                }
                skipWhitespace()
                guard position < bytes.count else { throw unexpectedEnd() }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if stack[top].isObject { stack[top].key = try readKey() }
                    break  // read the next element
                }
                guard byte == (stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw unexpectedCharacter()
                }
                position += 1
                let container = stack.removeLast()
                value = container.isObject ? .object(container.members) : .array(container.elements)
            }
        }
    }

    /// Reads `"key"` and the colon after it, leaving `position` at the member's value.
    mutating func readKey() throws(JSONParseError) -> String {
        guard position < bytes.count else { throw unexpectedEnd() }
        guard bytes[position] == UInt8(ascii: "\"") else { throw unexpectedCharacter() }
        let key = try readString()
        skipWhitespace()
        guard position < bytes.count else { throw unexpectedEnd() }
        guard bytes[position] == UInt8(ascii: ":") else { throw unexpectedCharacter() }
        position += 1
        skipWhitespace()
        return key
    }

    /// Reads `true`, `false` or `null`; a mismatch is reported at the first wrong byte.
    mutating func readLiteral(_ literal: StaticString) throws(JSONParseError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard position < bytes.count else { throw unexpectedEnd() }
            guard bytes[position] == byte else { throw unexpectedCharacter() }
            position += 1
        }
    }

    /// RFC 8259 whitespace: space, tab, line feed, carriage return; nothing else.
    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }
}
