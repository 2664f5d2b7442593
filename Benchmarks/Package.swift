// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The benchmarks are their own package so that the root package keeps zero dependencies.
// Run from the repository root: `Benchmarks/run.sh` (full), `Benchmarks/ci.sh` (smoke run and
// allocation gate). Both dependencies resolve from the machine's mirrors with no manual step.

// A path dependency's identity is its directory name, which differs between clones and worktrees.
let rootIdentity = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init)!
  .lowercased()

let benchmarkPlugin: Target.PluginUsage = .plugin(name: "BenchmarkPlugin", package: "benchmark")

let package = Package(
  name: "ReactiveMVIBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .executableTarget(
      name: "Streams",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ReactiveCore", package: rootIdentity),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ],
      path: "Benchmarks/Streams",
      plugins: [benchmarkPlugin]
    ),
    .executableTarget(
      name: "Store",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ReactiveCore", package: rootIdentity),
        .product(name: "ReactiveMVI", package: rootIdentity),
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "HeroSelectorKit", package: rootIdentity),
      ],
      path: "Benchmarks/Store",
      plugins: [benchmarkPlugin]
    ),
  ],
  swiftLanguageModes: [.v6]
)
