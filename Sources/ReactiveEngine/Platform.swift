#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The identity of the calling thread, used to recognise re-entrant calls (a `dispose()` made from
/// inside the very callback it would otherwise wait for).
@inlinable @inline(__always)
package func currentThreadID() -> UInt {
  #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(pthread_self())
  #endif
}
