// swift-tools-version: 6.1
import PackageDescription

// The root package has no package dependencies on purpose: ReactiveCore, ReactiveMVI and
// ReactiveTesting build with the toolchain alone. Benchmarks/ is a separate package.
let package = Package(
  name: "ReactiveMVI",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "ReactiveCore", targets: ["ReactiveCore"]),
    .library(name: "ReactiveMVI", targets: ["ReactiveMVI"]),
    .library(name: "ReactiveTesting", targets: ["ReactiveTesting"]),
    .executable(name: "hero-selector", targets: ["HeroSelector"]),
  ],
  targets: [
    .target(name: "ReactiveCore"),
    .target(name: "ReactiveMVI", dependencies: ["ReactiveCore"]),
    .target(name: "ReactiveTesting", dependencies: ["ReactiveCore"]),
    .target(
      name: "HeroSelectorKit",
      dependencies: ["ReactiveCore", "ReactiveMVI"],
      path: "Examples/HeroSelector/Kit"
    ),
    .executableTarget(
      name: "HeroSelector",
      dependencies: ["HeroSelectorKit"],
      path: "Examples/HeroSelector/App"
    ),
    .testTarget(name: "ReactiveCoreTests", dependencies: ["ReactiveCore", "ReactiveTesting"]),
    .testTarget(name: "ReactiveTestingTests", dependencies: ["ReactiveCore", "ReactiveTesting"]),
    .testTarget(
      name: "ReactiveMVITests", dependencies: ["ReactiveCore", "ReactiveMVI", "ReactiveTesting"]),
    .testTarget(
      name: "HeroSelectorTests",
      // "HeroSelector" is listed so that `swift test` builds the executable the end-to-end tests run.
      dependencies: [
        "HeroSelectorKit", "HeroSelector", "ReactiveCore", "ReactiveMVI", "ReactiveTesting",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
