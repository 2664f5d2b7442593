import Foundation

/// The checked-in copy of a generated source file (an exported session test compiled in its
/// target), next to the test file `filePath`, for a test to compare with a fresh `source`.
/// With `REGENERATE_EXPORTS=1` in the environment the copy is rewritten with `source` first:
/// `REGENERATE_EXPORTS=1 swift test --filter <Suite>` brings it up to date.
public func checkedInGeneratedFile(
  named name: String, beside filePath: String, source: String
) throws -> (path: String, text: String) {
  let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["REGENERATE_EXPORTS"] != nil {
    try source.write(to: url, atomically: true, encoding: .utf8)
  }
  return (url.path, try String(contentsOf: url, encoding: .utf8))
}
