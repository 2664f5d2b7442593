// The `todo` executable: everything lives in TodoKit, so tests can reach it.
import Foundation
import TodoKit

exit(await TodoProgram(arguments: Array(CommandLine.arguments.dropFirst())).run())
