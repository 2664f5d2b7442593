#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether this process runs under ThreadSanitizer (its runtime is linked in): stress tests run
/// fewer rounds there, where every memory access is instrumented and a round costs ten times as
/// much, so that they do not starve the rest of the suite of the machine's cores.
public let isUnderThreadSanitizer: Bool = {
  #if canImport(Darwin)
    let everything = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
  #else
    let everything: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
  #endif
  return dlsym(everything, "__tsan_init") != nil
}()
