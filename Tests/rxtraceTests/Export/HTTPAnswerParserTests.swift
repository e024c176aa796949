import Foundation
import Testing

@testable import rxtrace

/// The HTTP/1.1 answers `export --endpoint` reads from a plain socket, byte by byte as a slow
/// collector sends them.
@Suite("HTTPAnswerParser")
struct HTTPAnswerParserTests {
    /// Feeds `text` one byte at a time and ends the stream when `close` is set.
    private static func parse(_ text: String, close: Bool = false) -> (answer: HTTPAnswer?, complete: Bool) {
        var parser = HTTPAnswerParser()
        for byte in Array(text.utf8) {
            parser.append([byte])
        }
        if close { parser.endOfStream() }
        return (parser.answer, parser.isComplete)
    }

    @Test("Content-Length: complete at the last byte, not before")
    func contentLength() {
        let whole = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nretry-after: 3\r\n\r\nhello"
        let answer = Self.parse(whole)
        #expect(answer.complete)
        #expect(answer.answer?.status == 200)
        #expect(answer.answer?.body == Data("hello".utf8))
        #expect(answer.answer?.retryAfter == "3")
        #expect(!Self.parse(String(whole.dropLast())).complete)
    }

    @Test("chunked bodies are joined; complete at the last chunk")
    func chunked() {
        let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"pa\r\n9;ext=1\r\nrtial\":1}\r\n0\r\n\r\n"
        let answer = Self.parse(text)
        #expect(answer.complete)
        #expect(answer.answer.map { String(decoding: $0.body, as: UTF8.self) } == "{\"partial\":1}")
        #expect(!Self.parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"pa\r\n").complete)
    }

    @Test("an interim 100 Continue is skipped; a body without a length ends with the connection")
    func interimAndUntilClose() {
        let text = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 503 Busy\r\n\r\ntry later"
        #expect(!Self.parse(text).complete)
        let closed = Self.parse(text, close: true)
        #expect(closed.complete)
        #expect(closed.answer?.status == 503)
        #expect(closed.answer?.body == Data("try later".utf8))
    }

    @Test("bytes that are not HTTP give no answer")
    func notHTTP() {
        let answer = Self.parse("SSH-2.0-OpenSSH\r\n\r\n")
        #expect(answer.answer == nil)
        #expect(answer.complete)
    }
}
