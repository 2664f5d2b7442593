#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ObservableType where Element == Data {
  /// Decodes each `Data` element into `type` with `decoder`; a decoding error fails the sequence.
  ///
  /// ```swift
  /// struct User: Decodable { let name: String }
  /// _ = Observable.just(Data(#"{"name":"Ada"}"#.utf8))
  ///   .decode(type: User.self, decoder: JSONDecoder())
  ///   .subscribe(onNext: { print($0.name) })
  /// // Prints: Ada
  /// ```
  public func decode<Item: Decodable>(type: Item.Type, decoder: some DataDecoder)
    -> Observable<Item>
  {
    map { try decoder.decode(type, from: $0) }
  }
}

/// A decoder that turns `Data` into a `Decodable` value, for `decode(type:decoder:)`.
/// `JSONDecoder` and `PropertyListDecoder` conform.
public protocol DataDecoder {
  /// Decodes a value of `type` from `data`.
  func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}
