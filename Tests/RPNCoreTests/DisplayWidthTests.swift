import RPNCore
import Testing

@Suite struct DisplayWidthTests {
    /// Widths worked out from UAX #11 and the character's category, by hand.
    static let cases: [(UInt32, Int, String)] = [
        (0x41, 1, "A"),
        (0x20, 1, "space"),
        (0xE9, 1, "é precomposed"),
        (0x00AD, 1, "soft hyphen: shown as a hyphen"),
        (0x00A0, 1, "no-break space"),
        (0x0300, 0, "combining grave accent, the first combining mark"),
        (0x0301, 0, "combining acute accent"),
        (0x036F, 0, "last of the combining diacritical marks"),
        (0x0370, 1, "Greek Heta, right after them"),
        (0x0903, 0, "Devanagari visarga (Mc)"),
        (0x20DD, 0, "combining enclosing circle (Me)"),
        (0x0600, 1, "Arabic number sign: format but visible"),
        (0x200B, 0, "zero-width space"),
        (0x200D, 0, "zero-width joiner"),
        (0x202E, 0, "right-to-left override"),
        (0x2028, 0, "line separator"),
        (0xFEFF, 0, "byte order mark"),
        (0xFE0F, 0, "variation selector 16"),
        (0x1160, 0, "Hangul jungseong filler"),
        (0x11A8, 0, "Hangul jongseong kiyeok"),
        (0x1100, 2, "Hangul choseong kiyeok"),
        (0xAC00, 2, "Hangul syllable ga"),
        (0x3164, 0, "Hangul filler"),
        (0x4E00, 2, "CJK ideograph one"),
        (0x65E5, 2, "日"),
        (0x3000, 2, "ideographic space"),
        (0x3099, 0, "combining kana voiced mark: combining though wide"),
        (0xFF01, 2, "fullwidth exclamation mark"),
        (0xFF61, 1, "halfwidth ideographic full stop"),
        (0x20000, 2, "CJK extension B"),
        (0x2FFFD, 2, "unassigned, in the plane reserved for ideographs"),
        (0x1F600, 2, "grinning face"),
        (0x1F1E6, 2, "regional indicator A"),
        (0x231A, 2, "watch: emoji presentation"),
        (0x2600, 1, "sun: text presentation by default"),
        (0x2764, 1, "heavy black heart: text presentation by default"),
        (0xE0001, 0, "language tag"),
        (0xE0100, 0, "variation selector 17"),
        (0x10FFFD, 1, "private use"),
        (0x1B, 0, "escape: a control, escaped before display"),
        (0x9B, 0, "CSI: a C1 control"),
        (0x7F, 0, "delete"),
    ]

    @Test(arguments: cases)
    func widthOfOneScalar(_ value: UInt32, _ width: Int, _ what: String) {
        #expect(DisplayWidth.of(Unicode.Scalar(value)!) == width, "\(what)")
    }

    @Test(arguments: [
        ("", 0), ("3 4 +", 5), ("日本 0 ÷", 8), ("😀 1", 4), ("e\u{301}", 1), ("√π×÷−", 5), ("👨\u{200D}👩", 4),
    ])
    func widthOfText(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    /// Against the standard library's own Unicode data, an independent source: every combining
    /// mark takes no column and every emoji with emoji presentation two, for each scalar the
    /// library knows (its Unicode version may be older than the tables').
    @Test func agreesWithTheStandardLibrarysCategoriesAndEmojiPresentation() {
        var disagreements: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            let width = DisplayWidth.of(scalar)
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                if width != 0 { disagreements.append("U+\(String(value, radix: 16)) mark: \(width)") }
            case .control:
                if width != 0 { disagreements.append("U+\(String(value, radix: 16)) control: \(width)") }
            default:
                if properties.isEmojiPresentation, width != 2 {
                    disagreements.append("U+\(String(value, radix: 16)) emoji presentation: \(width)")
                }
            }
        }
        #expect(disagreements == [])
    }

    @Test func controls() {
        for value in [UInt32(0), 0x1B, 0x1F, 0x7F, 0x80, 0x9F] {
            #expect(DisplayWidth.isControl(Unicode.Scalar(value)!))
        }
        for value in [UInt32(0x20), 0x7E, 0xA0, 0x200B] {
            #expect(!DisplayWidth.isControl(Unicode.Scalar(value)!))
        }
    }
}
