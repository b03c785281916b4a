import RPNJSON

/// The answer of a request that answers nothing but that it is done (`shutdown`): `null`.
struct VoidResponse: JSONConvertible {
    var json: JSONValue { .null }
}
