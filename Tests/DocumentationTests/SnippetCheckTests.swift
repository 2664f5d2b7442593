import Foundation
import ReactiveCore
import ReactiveTesting
import TestSupport
import Testing

/// Every ```swift block of README.md and Docs/*.md must be a verbatim copy of a compiled region
/// of Tests/DocumentationTests/Snippets/ (marked `// snippet: NAME` … `// end snippet`), named
/// in an HTML comment right above the block: `<!-- snippet: NAME -->`. The regions compile (and
/// most run, with assertions) as part of this test target, so a snippet that stops compiling,
/// or a block edited in the Markdown only, fails `swift test`. `python3 Scripts/sync-snippets.py`
/// rewrites the blocks from the regions.
@Suite struct SnippetCheckTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func everySwiftBlockInTheDocsIsACompiledSnippet() throws {
    let regions = try Snippets.regions(
      in: Self.root.appendingPathComponent("Tests/DocumentationTests/Snippets"))
    var used: Set<String> = []
    for document in try Snippets.documents(root: Self.root) {
      let text = try String(contentsOf: document, encoding: .utf8)
      let name = document.path.replacingOccurrences(of: Self.root.path + "/", with: "")
      for block in Snippets.swiftBlocks(in: text) {
        let location = "\(name):\(block.line)"
        guard let snippet = block.snippet else {
          Issue.record("\(location): a ```swift block without `<!-- snippet: NAME -->` above it")
          continue
        }
        guard let region = regions[snippet] else {
          Issue.record("\(location): no region '\(snippet)' in Tests/DocumentationTests/Snippets")
          continue
        }
        used.insert(snippet)
        if block.code != region.code {
          Issue.record(
            """
            \(location): the block differs from region '\(snippet)' (\(region.file)); \
            edit the region and run `python3 Scripts/sync-snippets.py`.
            \(Snippets.firstDifference(block.code, region.code))
            """)
        }
      }
    }
    for name in Set(regions.keys).subtracting(used).sorted() {
      Issue.record("region '\(name)' (\(regions[name]!.file)) is not used by any document")
    }
  }

  /// The ```swift examples of the `///` comments in Sources/ (shown on DocC's symbol pages) are
  /// the regions of DocCommentExamples.generated.swift, each compiled in a function of its own.
  @Test func everyDocCommentExampleIsCompiled() throws {
    let file = "Tests/DocumentationTests/DocCommentExamples.generated.swift"
    let generated = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
    let regions = try Snippets.regions(inSource: generated, file: file)
    let regenerate = "run `python3 Scripts/sync-snippets.py`"
    var seen: Set<String> = []
    for example in try Snippets.docCommentExamples(root: Self.root) {
      seen.insert(example.key)
      let location = "\(example.file):\(example.line)"
      if let framework = example.framework {
        if !generated.contains("// not compiled (needs \(framework)): \(example.key)\n") {
          Issue.record(
            "\(location): the example is not listed as needing \(framework) in \(file); \(regenerate)"
          )
        }
      } else if let region = regions[example.key] {
        if region.code != example.code {
          Issue.record(
            """
            \(location): the example differs from its compiled copy in \(file); \(regenerate).
            \(Snippets.firstDifference(example.code, region.code))
            """)
        }
      } else {
        Issue.record("\(location): the example is not in \(file); \(regenerate)")
      }
    }
    for key in Set(regions.keys).subtracting(seen).sorted() {
      Issue.record(
        "\(file) compiles '\(key)', which is no longer a doc-comment example; \(regenerate)")
    }
  }

  /// The examples that assert (marble diagrams, virtual time) hold, and the examples print what
  /// their `// Prints:` lines say (in that order, nothing else). One at a time: they print into
  /// one shared output.
  @Test(.serialized, arguments: docCommentExamplesThatRun.map(\.key))
  func docCommentExampleHolds(_ key: String) async throws {
    let example = try #require(docCommentExamplesThatRun.first { $0.key == key })
    let output = DocCommentExampleOutput.shared
    output.reset()
    let bag = DisposeBag()
    try await example.run(bag, TestScheduler(initialClock: 0))
    // Some print later, from another thread or task (`observe(on:)`, `Observable.async`).
    let count = example.prints.count
    #expect(await eventually { output.lines.count >= count })
    #expect(output.lines == example.prints)
    withExtendedLifetime(bag) {}
  }

  @Test func theExtractorReadsDocCommentExamplesAsDocumented() throws {
    let source = """
      /// Summary.
      ///
      /// ```swift
      ///   let a = 1
      ///
      ///     nested()
      /// ```
      func f() {}
        /// ```swift
        /// // (SwiftUI)
        /// Text("hi")
        /// ```
      /// ```sh
      /// swift test
      /// ```
      """
    let examples = try Snippets.docCommentExamples(inSource: source, file: "Sources/M/F.swift")
    #expect(examples.map(\.key) == ["Sources/M/F.swift#1", "Sources/M/F.swift#2"])
    #expect(examples.map(\.line) == [3, 9])
    #expect(examples.map(\.code) == ["let a = 1\n\n  nested()\n", "// (SwiftUI)\nText(\"hi\")\n"])
    #expect(examples.map(\.framework) == [nil, "SwiftUI"])
    for fence in ["/// ```", "///   ```swift"] {
      #expect(throws: Snippets.Failure.self) {
        try Snippets.docCommentExamples(inSource: "\(fence)\n/// f()\n/// ```", file: "F.swift")
      }
    }
  }

  @Test func theCheckerReadsBlocksAndRegionsAsDocumented() throws {
    let markdown = """
      text
      <!-- snippet: demo -->
      ```swift
      let a = 1
      ```
      ```sh
      swift test
      ```
      ```swift
      orphan()
      ```
      """
    let blocks = Snippets.swiftBlocks(in: markdown)
    #expect(blocks.map(\.snippet) == ["demo", nil])
    #expect(blocks.map(\.code) == ["let a = 1\n", "orphan()\n"])
    #expect(blocks.map(\.line) == [3, 9])
    let source = """
      func f() {
        // snippet: demo
        // snippet.import: ReactiveCore
        let a = 1
        // snippet.hide
        #expect(a == 1)
        // snippet.show
          nested()
        // end snippet
      }
      """
    let regions = try Snippets.regions(inSource: source, file: "F.swift")
    #expect(regions["demo"]?.code == "import ReactiveCore\nlet a = 1\n  nested()\n")
  }
}

/// What the doc-comment examples print (the generated file's `print` appends here).
final class DocCommentExampleOutput: @unchecked Sendable {
  // @unchecked: `printed` is only touched under `lock`.
  static let shared = DocCommentExampleOutput()
  private let lock = NSLock()
  private var printed: [String] = []

  var lines: [String] { lock.withLock { printed } }
  func append(_ line: String) { lock.withLock { printed.append(line) } }
  func reset() { lock.withLock { printed = [] } }
}

enum Snippets {
  struct Block {
    var snippet: String?
    var code: String
    var line: Int
  }

  struct Region {
    var code: String
    var file: String
  }

  /// A ```swift block of a `///` doc comment.
  struct DocCommentExample {
    /// `PATH#N`: the N-th example of the file at PATH (relative to the package root).
    var key: String
    var file: String
    /// The line of the opening fence.
    var line: Int
    var code: String
    /// The framework Linux lacks that the example needs, from a first line `// (SwiftUI)`
    /// (or UIKit, AppKit, Combine, Darwin): such an example is listed in the generated file, not compiled.
    var framework: String?
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// README.md and every Docs/*.md.
  static func documents(root: URL) throws -> [URL] {
    let docs = root.appendingPathComponent("Docs")
    let names = try FileManager.default.contentsOfDirectory(atPath: docs.path)
      .filter { $0.hasSuffix(".md") }.sorted()
    return [root.appendingPathComponent("README.md")]
      + names.map { docs.appendingPathComponent($0) }
  }

  /// The doc-comment examples of every Swift file under Sources/, files in path order.
  static func docCommentExamples(root: URL) throws -> [DocCommentExample] {
    let sources = root.appendingPathComponent("Sources")
    guard let paths = FileManager.default.subpaths(atPath: sources.path) else {
      throw Failure(description: "cannot list \(sources.path)")
    }
    return try paths.filter { $0.hasSuffix(".swift") }.map { "Sources/" + $0 }.sorted().flatMap {
      file in
      let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      return try docCommentExamples(inSource: source, file: file)
    }
  }

  /// The ```swift blocks of the `///` comments of one file: the text after `///` and one space,
  /// dedented by its common indentation (as the generated regions are).
  static func docCommentExamples(inSource source: String, file: String) throws
    -> [DocCommentExample]
  {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    var examples: [DocCommentExample] = []
    var index = 0
    while index < lines.count {
      let fence =
        lines[index].hasPrefix("///")
        ? lines[index].dropFirst(3).trimmingCharacters(in: .whitespaces) : ""
      guard fence.hasPrefix("```") else {
        index += 1
        continue
      }
      let start = index + 1
      guard lines[index] == "/// ```swift" else {
        if fence == "```" || fence == "```swift" {
          throw Failure(
            description:
              "\(file):\(start): open a Swift example with `/// ```swift` (so it is compiled)")
        }
        // Another language (```sh, ```json): shown as is.
        index += 1
        while index < lines.count, lines[index] != "/// ```" { index += 1 }
        index += 1
        continue
      }
      var code: [Substring] = []
      index += 1
      while index < lines.count, lines[index] != "/// ```" {
        guard lines[index].hasPrefix("///") else {
          throw Failure(
            description: "\(file):\(start): the example's comment ends before its closing ```")
        }
        let text = lines[index].dropFirst(3)
        code.append(text.hasPrefix(" ") ? text.dropFirst() : text)
        index += 1
      }
      index += 1
      let first = code.first?.trimmingCharacters(in: .whitespaces) ?? ""
      let framework = ["SwiftUI", "UIKit", "AppKit", "Combine", "Darwin"].first {
        first == "// (\($0))"
      }
      examples.append(
        DocCommentExample(
          key: "\(file)#\(examples.count + 1)", file: file, line: start, code: dedent(code),
          framework: framework))
    }
    return examples
  }

  /// The ```swift blocks of `markdown`, each with the snippet named right above it.
  static func swiftBlocks(in markdown: String) -> [Block] {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      let line = lines[index].trimmingCharacters(in: .whitespaces)
      guard line.hasPrefix("```") else {
        index += 1
        continue
      }
      let language = line.dropFirst(3)
      let start = index
      // A block indented under a list item: its lines carry the fence's indentation.
      let indent = lines[start].prefix(while: { $0 == " " }).count
      index += 1
      var code = ""
      while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
        let content = lines[index]
        let leading = content.prefix(while: { $0 == " " }).count
        code += content.dropFirst(min(leading, indent)) + "\n"
        index += 1
      }
      index += 1
      guard language == "swift" else { continue }
      var snippet: String?
      if start > 0 {
        let above = lines[start - 1].trimmingCharacters(in: .whitespaces)
        if above.hasPrefix("<!-- snippet:"), above.hasSuffix("-->") {
          snippet = above.dropFirst("<!-- snippet:".count).dropLast(3)
            .trimmingCharacters(in: .whitespaces)
        }
      }
      blocks.append(Block(snippet: snippet, code: code, line: start + 1))
    }
    return blocks
  }

  /// Every region of every Swift file under `directory`, by name.
  static func regions(in directory: URL) throws -> [String: Region] {
    var result: [String: Region] = [:]
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    for name in names {
      let source = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
      for (key, region) in try regions(inSource: source, file: name) {
        guard result[key] == nil else {
          throw Failure(
            description: "region '\(key)' is defined twice (\(result[key]!.file), \(name))")
        }
        result[key] = region
      }
    }
    return result
  }

  /// The regions of one file: lines between `// snippet: NAME` and `// end snippet`, without the
  /// lines between `// snippet.hide` and `// snippet.show`, dedented by their common indentation.
  /// `// snippet.import: Module` shows as `import Module` (imports cannot sit inside the function
  /// that holds a snippet; the snippet's file imports the module itself).
  static func regions(inSource source: String, file: String) throws -> [String: Region] {
    var result: [String: Region] = [:]
    var current: (name: String, lines: [Substring], hidden: Bool)?
    for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("// snippet:") {
        guard current == nil else {
          throw Failure(description: "\(file):\(number + 1): a region starts inside another")
        }
        current = (
          trimmed.dropFirst("// snippet:".count).trimmingCharacters(in: .whitespaces), [], false
        )
      } else if trimmed == "// end snippet" {
        guard let region = current else {
          throw Failure(description: "\(file):\(number + 1): `// end snippet` outside a region")
        }
        result[region.name] = Region(code: dedent(region.lines), file: file)
        current = nil
      } else if trimmed.hasPrefix("// snippet.import:"), current != nil, current?.hidden == false {
        // An import shown in the docs; the file itself imports the module at its top.
        let indent = line.prefix(while: { $0 == " " })
        current?.lines.append(
          Substring(
            indent + "import "
              + trimmed.dropFirst("// snippet.import:".count).trimmingCharacters(in: .whitespaces)))
      } else if trimmed == "// snippet.hide" {
        current?.hidden = true
      } else if trimmed == "// snippet.show" {
        current?.hidden = false
      } else if let region = current, !region.hidden {
        current?.lines.append(line)
      }
    }
    if let current {
      throw Failure(description: "\(file): region '\(current.name)' has no `// end snippet`")
    }
    return result
  }

  static func dedent(_ lines: [Substring]) -> String {
    let indent =
      lines.filter { !$0.allSatisfy(\.isWhitespace) }
      .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
    return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(indent)) + "" }
      .map { $0 + "\n" }.joined()
  }

  /// The first line where `a` and `b` differ, for a failure message.
  static func firstDifference(_ a: String, _ b: String) -> String {
    let left = a.split(separator: "\n", omittingEmptySubsequences: false)
    let right = b.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(left.count, right.count) {
      let l = index < left.count ? String(left[index]) : "<end>"
      let r = index < right.count ? String(right[index]) : "<end>"
      if l != r { return "line \(index + 1) of the block:\n  doc:     \(l)\n  snippet: \(r)" }
    }
    return "(no difference)"
  }
}
