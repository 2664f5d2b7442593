// The `hero-selector` executable: everything lives in HeroSelectorKit, so tests can reach it.
import HeroSelectorKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(HeroSelectorProgram(arguments: Array(CommandLine.arguments.dropFirst())).run())
