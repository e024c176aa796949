import Foundation
import RxCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Reactive where Base: URLSession {
    /// Performs `request` once per subscription and emits the HTTP response with its body,
    /// then completes; disposing the subscription cancels the task.
    ///
    /// Any status is a success here (use ``data(request:file:line:function:)`` to fail on a
    /// non-2xx status). The transport's errors pass through unchanged; a response that is not
    /// HTTP fails with ``RxURLError/nonHTTPResponse(response:)``. With tracing on, each
    /// request is a probe in the trace (method and URL, status, size, duration), and
    /// ``URLRequestLogging`` prints it when asked.
    ///
    /// ```swift
    /// _ = URLSession.shared.rx.response(request: URLRequest(url: url))
    ///     .subscribe(onNext: { response, data in print(response.statusCode, data.count) })
    /// // 200 512
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - file: The call site's file, the request probe's site in a trace; leave the default.
    ///   - line: The call site's line.
    ///   - function: The call site's function.
    /// - Returns: A cold sequence of one response and its body.
    public func response(
        request: URLRequest,
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> Observable<(response: HTTPURLResponse, data: Data)> {
        let session = Unchecked(base)
        let site = RequestSite(file: file, line: line, function: function)
        return Observable.create { observer in
            let observer = Unchecked(observer)
            let probe = RequestProbe(request: request, site: site)
            let task = session.value.dataTask(with: request) { data, response, error in
                if let error {
                    probe.failed(error)
                    observer.value.onError(error)
                    return
                }
                guard let response else {
                    probe.failed(RxURLError.unknown)
                    observer.value.onError(RxURLError.unknown)
                    return
                }
                let body = data ?? Data()
                probe.finished(response: response, data: body)
                guard let http = response as? HTTPURLResponse else {
                    observer.value.onError(RxURLError.nonHTTPResponse(response: response))
                    return
                }
                observer.value.onNext((response: http, data: body))
                observer.value.onCompleted()
            }
            task.resume()
            return Disposables.create {
                // After an end the probe ignores this and cancel() changes nothing; before it,
                // the probe records the early end and the cancellation error goes nowhere.
                probe.cancelled()
                task.cancel()
            }
        }
    }

    /// Performs `request` and emits its body when the status is 200–299, then completes;
    /// another status fails with ``RxURLError/httpRequestFailed(response:data:)``, which keeps
    /// the response and the body.
    ///
    /// ```swift
    /// _ = URLSession.shared.rx.data(request: URLRequest(url: url))
    ///     .subscribe(onNext: { print(String(decoding: $0, as: UTF8.self)) },
    ///                onError: { print($0) })
    /// // HTTP request failed with status 404, 13 bytes: http://127.0.0.1:8080/missing
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - file: The call site's file, the request probe's site in a trace; leave the default.
    ///   - line: The call site's line.
    ///   - function: The call site's function.
    /// - Returns: A cold sequence of one body.
    public func data(
        request: URLRequest,
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> Observable<Data> {
        response(request: request, file: file, line: line, function: function).map { response, data in
            guard 200..<300 ~= response.statusCode else {
                throw RxURLError.httpRequestFailed(response: response, data: data)
            }
            return data
        }
    }

    /// Performs `request` and emits its body read as JSON (`JSONSerialization`), as
    /// ``data(request:file:line:function:)`` does for the bytes; a body that is not JSON fails
    /// with ``RxURLError/deserializationError(error:)``.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - options: How to read the JSON.
    ///   - file: The call site's file, the request probe's site in a trace; leave the default.
    ///   - line: The call site's line.
    ///   - function: The call site's function.
    /// - Returns: A cold sequence of one JSON value (`[String: Any]`, `[Any]`, a string, a
    ///   number or `NSNull`).
    public func json(
        request: URLRequest,
        options: JSONSerialization.ReadingOptions = [],
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> Observable<Any> {
        data(request: request, file: file, line: line, function: function).map { data in
            do {
                return try JSONSerialization.jsonObject(with: data, options: options)
            } catch {
                throw RxURLError.deserializationError(error: error)
            }
        }
    }

    /// Gets `url` and emits its body read as JSON; see ``json(request:options:file:line:function:)``.
    ///
    /// - Parameters:
    ///   - url: The address to get.
    ///   - file: The call site's file, the request probe's site in a trace; leave the default.
    ///   - line: The call site's line.
    ///   - function: The call site's function.
    /// - Returns: A cold sequence of one JSON value.
    public func json(
        url: URL,
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> Observable<Any> {
        json(request: URLRequest(url: url), file: file, line: line, function: function)
    }

    /// Performs `request` and decodes its body into `type` with `decoder`, as
    /// ``data(request:file:line:function:)`` followed by `decode(type:decoder:)` does: a
    /// non-2xx status fails with ``RxURLError/httpRequestFailed(response:data:)``, a body that
    /// does not decode with the decoder's error.
    ///
    /// ```swift
    /// struct User: Decodable { let name: String }
    ///
    /// _ = URLSession.shared.rx.decode(type: User.self, request: URLRequest(url: url))
    ///     .subscribe(onNext: { print($0.name) })
    /// // Ada
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode the body into.
    ///   - request: The request to send.
    ///   - decoder: The decoder; a `JSONDecoder` by default.
    ///   - file: The call site's file, the request probe's site in a trace; leave the default.
    ///   - line: The call site's line.
    ///   - function: The call site's function.
    /// - Returns: A cold sequence of one decoded value.
    public func decode<Item: Decodable, Decoder: DataDecoder>(
        type: Item.Type,
        request: URLRequest,
        decoder: Decoder = JSONDecoder(),
        file: String = #fileID,
        line: UInt = #line,
        function: String = #function
    ) -> Observable<Item> {
        data(request: request, file: file, line: line, function: function).decode(type: type, decoder: decoder)
    }
}
