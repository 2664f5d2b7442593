// swift-tools-version: 6.1
import PackageDescription

// The root package has no package dependencies on purpose: ReactiveCore, ReactiveMVI,
// ReactiveTesting and ReactiveMVITesting build with the toolchain alone. Benchmarks/ is a separate package.
// The optimized test tier (`swift test -c release`, in .ci/run) builds the libraries and the
// examples as users ship them. The test code itself is built without optimization there: the
// optimizer's time goes to inlining every @inlinable operator into each test (four minutes for
// ReactiveCoreTests alone on two cores), while the code under test is the library's, optimized
// either way. ReactiveMVITests keeps the optimizer: its store attacks run the store specialized
// for their features, the way an app's optimized build runs it.
let testCodeUnoptimized: [SwiftSetting] = [.unsafeFlags(["-Onone"], .when(configuration: .release))]

let package = Package(
  name: "ReactiveMVI",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "ReactiveCore", targets: ["ReactiveCore"]),
    .library(name: "ReactiveMVI", targets: ["ReactiveMVI"]),
    .library(name: "ReactiveTesting", targets: ["ReactiveTesting"]),
    // TestStore for ReactiveMVI stores: apart, so that an RxTest user does not build ReactiveMVI.
    .library(name: "ReactiveMVITesting", targets: ["ReactiveMVITesting"]),
    // RxBlocking's blocking operators, beside the core as RxBlocking is beside RxSwift.
    .library(name: "ReactiveBlocking", targets: ["ReactiveBlocking"]),
    .executable(name: "hero-selector", targets: ["HeroSelector"]),
    // The demo's code as a library, for its tests and the store benchmark; not public API.
    .library(name: "HeroSelectorKit", targets: ["HeroSelectorKit"]),
    .executable(name: "todo", targets: ["Todo"]),
  ],
  targets: [
    // ReactiveCore's per-thread delivery depth as a C thread-local (see
    // Sources/CReactiveCoreSupport/include/DeliveryDepth.h): a local target, not a dependency.
    .target(name: "CReactiveCoreSupport"),
    // The delivery engine under ReactiveCore and ReactiveMVI: the drainer (one serializing role
    // per owner), the dispose barrier, the subscriber list, the published state, the lock and
    // the parking of waiting threads. Not a product: its face is `package`, for this package's
    // modules only (see Docs/Internals.md).
    .target(name: "ReactiveEngine", dependencies: ["CReactiveCoreSupport"]),
    .target(name: "ReactiveCore", dependencies: ["CReactiveCoreSupport", "ReactiveEngine"]),
    .target(name: "ReactiveMVI", dependencies: ["ReactiveCore", "ReactiveEngine"]),
    // The RxTest port: virtual time, marbles, recorded events; no MVI.
    .target(name: "ReactiveTesting", dependencies: ["ReactiveCore", "ReactiveEngine"]),
    // The TestStore, on ReactiveTesting's scheduler and failure reporting (the shipped MVI library
    // never imports Testing).
    .target(
      name: "ReactiveMVITesting",
      dependencies: ["ReactiveCore", "ReactiveEngine", "ReactiveMVI", "ReactiveTesting"]),
    .target(name: "ReactiveBlocking", dependencies: ["ReactiveCore", "ReactiveEngine"]),
    // What the example apps' terminal modes share: raw keys, the terminal's settings, file I/O on
    // POSIX calls, the time-travel screen.
    .target(name: "ExampleTerminal", dependencies: ["ReactiveMVI"], path: "Examples/Terminal"),
    .target(
      name: "HeroSelectorKit",
      dependencies: ["ExampleTerminal", "ReactiveCore", "ReactiveMVI"],
      path: "Examples/HeroSelector/Kit"
    ),
    .executableTarget(
      name: "HeroSelector",
      dependencies: ["HeroSelectorKit"],
      path: "Examples/HeroSelector/App"
    ),
    .target(
      name: "TodoKit", dependencies: ["ExampleTerminal", "ReactiveEngine", "ReactiveMVI"], path: "Examples/Todo/Kit"),
    .executableTarget(name: "Todo", dependencies: ["TodoKit"], path: "Examples/Todo/App"),
    // Test support shared by the test targets: waits with deadlines sized to what they wait for,
    // shared values, the test error, a seeded generator, leak checks, and running a built executable.
    .target(
      name: "TestSupport", dependencies: ["ReactiveCore", "ReactiveEngine"], path: "Tests/TestSupport"),
    // Test support: counts heap allocations per thread (see Tests/AllocationCounter).
    .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
    .testTarget(
      name: "ReactiveCoreTests",
      dependencies: [
        "ReactiveCore", "ReactiveEngine", "ReactiveTesting", "AllocationCounter", "TestSupport",
      ],
      swiftSettings: testCodeUnoptimized
    ),
    // The engine's own tests: the drainer, the dispose barrier, parking, the published state.
    .testTarget(
      name: "ReactiveEngineTests",
      dependencies: ["ReactiveEngine", "TestSupport"],
      swiftSettings: testCodeUnoptimized
    ),
    .testTarget(
      name: "ReactiveTestingTests",
      dependencies: ["ReactiveCore", "ReactiveEngine", "ReactiveTesting", "TestSupport"],
      swiftSettings: testCodeUnoptimized
    ),
    .testTarget(
      name: "ReactiveBlockingTests",
      dependencies: ["ReactiveBlocking", "ReactiveCore", "ReactiveTesting", "TestSupport"],
      swiftSettings: testCodeUnoptimized
    ),
    .testTarget(
      name: "ReactiveMVITests",
      dependencies: [
        "ReactiveCore", "ReactiveEngine", "ReactiveMVI", "ReactiveMVITesting", "ReactiveTesting",
        "AllocationCounter",
        "TestSupport",
      ]),
    .testTarget(
      name: "HeroSelectorTests",
      // "HeroSelector" is listed so that `swift test` builds the executable the end-to-end tests run.
      dependencies: [
        "ExampleTerminal", "HeroSelectorKit", "HeroSelector", "ReactiveCore", "ReactiveMVI",
        "ReactiveMVITesting", "ReactiveTesting", "TestSupport",
      ],
      swiftSettings: testCodeUnoptimized
    ),
    // The code blocks of README.md and Docs/*.md, compiled and run, and the check that the
    // documents show exactly this code (see Tests/DocumentationTests/SnippetCheckTests.swift).
    .testTarget(
      name: "DocumentationTests",
      dependencies: [
        "ReactiveBlocking", "ReactiveCore", "ReactiveMVI", "ReactiveMVITesting", "ReactiveTesting",
        "TestSupport",
      ],
      swiftSettings: testCodeUnoptimized
    ),
    .testTarget(
      name: "TodoTests",
      // "Todo" is listed so that `swift test` builds the executable the end-to-end tests run.
      dependencies: [
        "TodoKit", "Todo", "ReactiveEngine", "ReactiveMVI", "ReactiveMVITesting", "ReactiveTesting",
        "TestSupport",
      ],
      swiftSettings: testCodeUnoptimized
    ),
  ],
  swiftLanguageModes: [.v6]
)
