import TestSupport

/// The built `hero-selector` executable, run by the end-to-end tests.
let heroSelector = BuiltExecutable(name: "hero-selector")
