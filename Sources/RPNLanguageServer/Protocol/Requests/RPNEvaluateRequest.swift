import RPNJSON

/// `rpn/evaluate`: a document (up to a position) or a text evaluated as `rpn -e` does:
/// unset variables are errors.
struct RPNEvaluateRequest: RequestType {
    typealias Response = RPNEvaluationResult
    static let method = "rpn/evaluate"
    static let capability: ServerCapability? = ServerCapability("experimental", value: ["rpnEvaluateProvider": true])

    var params: RPNEvaluationParams

    init(json: JSONValue?) throws(ResponseError) { params = try RPNEvaluationParams(json: json) }
}
