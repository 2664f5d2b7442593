// The hero-selector demo is built in issue 6.
print("hero-selector: not built yet")
