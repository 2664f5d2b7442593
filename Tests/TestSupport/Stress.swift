// The stress tier: suites that attack a guarantee for a long time (seeded adversarial rounds from
// several threads, races repeated thousands of times) or build 100,000-level chains. They take
// most of the suite's time, so an everyday `swift test` skips them; `.ci/run` runs them in every
// tier (debug, optimized, ThreadSanitizer) with `REACTIVE_STRESS=1`.

import Foundation
import Testing

/// Whether the stress tier runs in this process: `REACTIVE_STRESS=1` in the environment.
public let stressTierEnabled = ProcessInfo.processInfo.environment["REACTIVE_STRESS"] == "1"

extension Trait where Self == ConditionTrait {
  /// Marks a suite (or test) of the stress tier: it runs only when `REACTIVE_STRESS=1`. `.ci/run`
  /// finds the suites of the tier by this trait, so a suite marked here is run there.
  public static var stress: Self {
    .enabled(
      if: stressTierEnabled, "stress tier: run with REACTIVE_STRESS=1 (.ci/run runs it)")
  }
}
