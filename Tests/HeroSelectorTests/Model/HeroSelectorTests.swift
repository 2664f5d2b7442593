import Testing

@testable import HeroSelectorKit
