import ReactiveEngine
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension ObservableType {
  /// Prints every event, the subscription and the disposal to standard error, each line with a
  /// timestamp and `identifier`.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2).debug("numbers").subscribe()
  /// // Writes to standard error:
  /// // 2026-11-25 09:00:00.000: numbers -> subscribed
  /// // 2026-11-25 09:00:00.000: numbers -> Event next(1)
  /// // 2026-11-25 09:00:00.000: numbers -> Event next(2)
  /// // 2026-11-25 09:00:00.000: numbers -> Event completed
  /// // 2026-11-25 09:00:00.000: numbers -> isDisposed
  /// ```
  /// - Parameters:
  ///   - identifier: names the lines; by default `File.swift:line (function)` of the call.
  ///   - trimOutput: shortens event descriptions longer than 40 characters to their first and
  ///     last 20, joined by `...`.
  ///   - file: the source file of the call (`#file`), for the default identifier; leave it out.
  ///   - line: the line of the call (`#line`), for the default identifier; leave it out.
  ///   - function: the enclosing function of the call (`#function`), for the default identifier;
  ///     leave it out.
  /// - Note: RxSwift prints to standard output; we write to standard error so that debugging
  ///   output never mixes with a program's output. The timestamp is local time, as RxSwift's.
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file,
    line: UInt = #line, function: String = #function
  ) -> Observable<Element> {
    debug(
      debugIdentifier(identifier, file: file, line: line, function: function),
      trimOutput: trimOutput, write: writeToStandardError)
  }

  /// `debug` with its output going to `write` (one call per line, with the newline).
  func debug(_ identifier: String, trimOutput: Bool, write: @escaping (String) -> Void)
    -> Observable<Element>
  {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = DebugSink(
        identifier: identifier, trimOutput: trimOutput, downstream: downstream, write: write)
      sink.log("subscribed")
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink
    })
  }
}

/// The identifier RxSwift derives when none is given: `File.swift:line (function)`.
func debugIdentifier(_ identifier: String?, file: String, line: UInt, function: String) -> String {
  if let identifier { return identifier }
  let fileName = file.split(separator: "/").last.map(String.init) ?? file
  return "\(fileName):\(line) (\(function))"
}

/// Logs and forwards the events of one `debug` subscription.
final class DebugSink<Element>: Cancelable, @unchecked Sendable {
  // Immutable but for `upstream` and `loggedDisposal`, which are thread-safe.
  let identifier: String
  let trimOutput: Bool
  let downstream: AnyObserver<Element>
  let write: (String) -> Void
  let upstream = SingleAssignmentDisposable()
  let loggedDisposal = Atomic<Bool>(false)
  let token = ResourceToken()

  init(
    identifier: String, trimOutput: Bool, downstream: AnyObserver<Element>,
    write: @escaping (String) -> Void
  ) {
    self.identifier = identifier
    self.trimOutput = trimOutput
    self.downstream = downstream
    self.write = write
  }

  func log(_ content: String) {
    write("\(debugTimestamp()): \(identifier) -> \(content)\n")
  }

  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    let text = "\(event)"
    let maxLength = 40
    let shown =
      trimOutput && text.count > maxLength
      ? String(text.prefix(maxLength / 2)) + "..." + String(text.suffix(maxLength / 2)) : text
    if case .next = event {
      log("Event \(shown)")
      downstream.on(event)
    } else {
      // Logged as RxSwift does: the event, then the disposal, then the source is disposed.
      upstream.terminate {
        log("Event \(shown)")
        downstream.on(event)
        logDisposal()
      }
    }
  }

  var isDisposed: Bool { loggedDisposal.load(ordering: .acquiring) }

  func dispose() {
    logDisposal()
    upstream.dispose()
  }

  /// Logs the disposal, once.
  func logDisposal() {
    guard !loggedDisposal.exchange(true, ordering: .acquiringAndReleasing) else { return }
    log("isDisposed")
  }
}

/// The local time as `yyyy-MM-dd HH:mm:ss.SSS` (RxSwift's `debug` format), without Foundation.
func debugTimestamp() -> String {
  var now = timespec()
  clock_gettime(CLOCK_REALTIME, &now)
  var seconds = now.tv_sec
  var parts = tm()
  localtime_r(&seconds, &parts)
  func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
  let date =
    "\(padded(Int(parts.tm_year) + 1900, 4))-\(padded(Int(parts.tm_mon) + 1, 2))-"
    + padded(Int(parts.tm_mday), 2)
  let time =
    "\(padded(Int(parts.tm_hour), 2)):\(padded(Int(parts.tm_min), 2)):"
    + "\(padded(Int(parts.tm_sec), 2)).\(padded(Int(now.tv_nsec) / 1_000_000, 3))"
  return "\(date) \(time)"
}
