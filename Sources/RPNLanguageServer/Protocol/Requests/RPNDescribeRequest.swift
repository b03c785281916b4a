import RPNJSON

/// `rpn/describe`: as `rpn/evaluate`, but unset variables are free, as in the editor.
struct RPNDescribeRequest: RequestType {
    typealias Response = RPNEvaluationResult
    static let method = "rpn/describe"
    static let capability: ServerCapability? = ServerCapability("experimental", value: ["rpnDescribeProvider": true])

    var params: RPNEvaluationParams

    init(json: JSONValue?) throws(ResponseError) { params = try RPNEvaluationParams(json: json) }
}
