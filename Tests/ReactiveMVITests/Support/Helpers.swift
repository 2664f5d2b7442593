@_exported import TestSupport
import Testing

@testable import ReactiveCore
