import Foundation

/// A decoder that turns `Data` into a `Decodable` value, such as `JSONDecoder` or
/// `PropertyListDecoder`: what ``ObservableType/decode(type:decoder:)`` decodes with.
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The encoded value.
    /// - Returns: The decoded value.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

extension ObservableType where Element == Data {
    /// Decodes each `Data` element into a value of `type` with `decoder`.
    ///
    /// A decoding error goes downstream and ends the source subscription, as a throwing
    /// `map` does.
    ///
    /// ```swift
    /// struct User: Decodable { let name: String }
    ///
    /// _ = Observable.just(Data(#"{"name":"Ada"}"#.utf8))
    ///     .decode(type: User.self, decoder: JSONDecoder())
    ///     .subscribe(onNext: { print($0.name) })
    /// // Ada
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode each element into.
    ///   - decoder: The decoder to use.
    /// - Returns: A sequence of the decoded values.
    public func decode<Item: Decodable, Decoder: DataDecoder>(
        type: Item.Type,
        decoder: Decoder
    ) -> Observable<Item> {
        map { data in try decoder.decode(type, from: data) }
    }
}
