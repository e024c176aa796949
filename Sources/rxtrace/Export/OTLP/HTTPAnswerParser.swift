import Foundation

/// Reads an HTTP/1.1 answer as its bytes arrive: the status line, the headers, and a body
/// delimited by `Content-Length`, by chunks, or by the end of the connection.
///
/// Interim answers (`100 Continue`) are skipped; a body past ``HTTPAnswer/bodyLimit`` ends the
/// reading with what was kept.
struct HTTPAnswerParser {
    private var buffer = Data()
    private var head: (status: Int, headers: [String: String], bodyStart: Int)?
    private var ended = false

    /// Whether the status line and headers have arrived.
    var hasHead: Bool { head != nil }

    /// Adds bytes read from the connection.
    mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
        parseHead()
    }

    /// The connection ended: the body is what arrived.
    mutating func endOfStream() { ended = true }

    /// Whether the whole answer has arrived (or all that will be kept).
    var isComplete: Bool {
        guard let head else { return ended }
        if ended || buffer.count - head.bodyStart > HTTPAnswer.bodyLimit { return true }
        if head.headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            return Self.dechunk(buffer[head.bodyStart...]).complete
        }
        if let length = head.headers["content-length"].flatMap(Int.init) {
            return buffer.count - head.bodyStart >= length
        }
        return head.status == 204 || head.status == 304
    }

    /// The answer so far, once its head has arrived.
    var answer: HTTPAnswer? {
        guard let head else { return nil }
        var body = Data(buffer[head.bodyStart...])
        if head.headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            body = Self.dechunk(body).body
        } else if let length = head.headers["content-length"].flatMap(Int.init), body.count > length {
            body = body.prefix(length)
        }
        return HTTPAnswer(status: head.status, body: body.prefix(HTTPAnswer.bodyLimit), retryAfter: head.headers["retry-after"])
    }

    private static let headEnd = Data("\r\n\r\n".utf8)

    private mutating func parseHead() {
        while head == nil, let end = buffer.range(of: Self.headEnd) {
            let lines = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let statusWords = lines.first?.split(separator: " ") ?? []
            let status = statusWords.count >= 2 && statusWords[0].hasPrefix("HTTP/") ? Int(statusWords[1]) : nil
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let bodyStart = end.upperBound - buffer.startIndex
            guard let status else {
                // Not HTTP: keep nothing, so that the caller reports no answer.
                ended = true
                return
            }
            if (100..<200).contains(status) {
                buffer = Data(buffer[(buffer.startIndex + bodyStart)...])
                continue
            }
            buffer = Data(buffer)
            head = (status, headers, bodyStart)
        }
    }

    /// Decodes a chunked body: the bytes so far, and whether the last chunk has arrived.
    private static func dechunk(_ data: Data) -> (body: Data, complete: Bool) {
        let bytes = Data(data)
        var body = Data()
        var index = 0
        while let lineEnd = bytes[index...].range(of: Data("\r\n".utf8)) {
            let sizeText =
                String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self)
                .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else { return (body, true) }
            if size == 0 { return (body, true) }
            let start = lineEnd.upperBound
            guard start + size <= bytes.count else {
                body.append(bytes[start...])
                return (body, false)
            }
            body.append(bytes[start..<start + size])
            index = start + size + 2
            guard index <= bytes.count else { return (body, false) }
        }
        return (body, false)
    }
}
