// swift-tools-version: 6.1
import PackageDescription

// Not a benchmark: bare loops over ReactiveCore for profilers (valgrind --tool=callgrind, perf).
// Its own package so that the benchmark plugin does not take it for a benchmark target.
//   swift build -c release --package-path Benchmarks/Profile
//   valgrind --tool=callgrind Benchmarks/Profile/.build/release/Profile relay 1000000

// A path dependency's identity is its directory name, which differs between clones and worktrees.
let rootIdentity = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init)!
  .lowercased()

let package = Package(
  name: "Profile",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../.."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .executableTarget(
      name: "Profile",
      dependencies: [
        .product(name: "ReactiveCore", package: rootIdentity),
        .product(name: "ReactiveMVI", package: rootIdentity),
        .product(name: "HeroSelectorKit", package: rootIdentity),
      ]
    ),
    // Stepping and skipping in a recorded session of many steps (Docs/TimeTravel.md): times per
    // step and the peak memory, for Benchmarks/RESULTS.md.
    //   swift run -c release --package-path Benchmarks/Profile TimeTravelBench 100000
    .executableTarget(
      name: "TimeTravelBench",
      dependencies: [.product(name: "ReactiveMVI", package: rootIdentity)]
    ),
    // Every shared scenario beside its closure peer and OpenCombine, timed side by side in one
    // process in wall clock (see Sources/WallClock/main.swift), for Benchmarks/RESULTS.md.
    //   swift run -c release --package-path Benchmarks/Profile WallClock
    .executableTarget(
      name: "WallClock",
      dependencies: [
        .product(name: "ReactiveCore", package: rootIdentity),
        .product(name: "ReactiveMVI", package: rootIdentity),
        .product(name: "HeroSelectorKit", package: rootIdentity),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
