/// The state of a connection shared by counted subscribers (`refCount()`, `share(scope: .forever)`):
/// the first subscriber connects, the last one to leave disconnects, and `connectionID` tells a
/// subscriber whether the connection it counted on is still the current one.
@usableFromInline
protocol CountedConnection {
  /// What disconnects a connection.
  associatedtype Connection
  /// Subscribers counted on the current connection.
  var count: Int { get set }
  /// Tells a subscriber whether the connection it counted on is still the current one.
  var connectionID: Int { get set }
  var connection: Connection? { get set }
}

extension CountedConnection {
  /// Ends connection `id`, if it is the current one: what disconnects it.
  @inlinable
  mutating func endConnection(_ id: Int) -> Connection? {
    guard connectionID == id else { return nil }
    let finished = connection
    connection = nil
    count = 0
    connectionID &+= 1
    return finished
  }

  /// A subscriber counted on connection `id` left: what disconnects it when it was the last one.
  @inlinable
  mutating func release(_ id: Int) -> Connection? {
    guard connectionID == id else { return nil }
    count -= 1
    return count == 0 ? endConnection(id) : nil
  }
}
