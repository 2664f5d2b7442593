/// The parsed command line. `Options.usage` is the contract that `--help` prints.
public struct Options: Equatable, Sendable {
  public enum Format: String, Sendable, Equatable { case text, json }

  /// `--intents LIST`: run these instead of reading standard input.
  public var intents: [HeroIntent]?
  /// `--heroes FILE`: a JSON roster instead of the default one.
  public var heroesPath: String?
  /// `--format text|json`.
  public var format: Format = .text
  /// `--record FILE`: write the session (intents, results, states) to FILE.
  public var recordPath: String?
  /// `--travel FILE`: a recorded session to show a step of (with `--at`).
  public var travelPath: String?
  /// `--at N`: the step of `--travel` whose state is printed.
  public var travelStep: Int?
  /// `--export-test FILE`: print a recorded session as a Swift Testing test.
  public var exportTestPath: String?
  /// `--replay FILE`: run the intents recorded in FILE.
  public var replayPath: String?
  /// `--help` / `-h`.
  public var help = false

  public init() {}

  /// Parses the arguments (without the program name). Accepts `--option value` and
  /// `--option=value`. Every error is a usage error (exit code 64) naming the word at fault.
  public static func parse(_ arguments: [String]) throws(HeroSelectorError) -> Options {
    var options = Options()
    var seen = Set<String>()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--help" || argument == "-h" {
        options.help = true
        continue
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        throw .usage("unexpected argument '\(argument)' (intents go in --intents or on stdin)")
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard
        [
          "--intents", "--heroes", "--format", "--record", "--replay", "--travel", "--at",
          "--export-test",
        ].contains(name)
      else {
        throw .usage("unknown option '\(name)'")
      }
      guard seen.insert(name).inserted else { throw .usage("option '\(name)' is given twice") }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else { throw .usage("option '\(name)' needs a value") }
        value = arguments[index]
        index += 1
      }
      switch name {
      case "--intents": options.intents = try parseIntentList(value)
      case "--heroes": options.heroesPath = try path(value, for: name)
      case "--record": options.recordPath = try path(value, for: name)
      case "--replay": options.replayPath = try path(value, for: name)
      case "--travel": options.travelPath = try path(value, for: name)
      case "--export-test": options.exportTestPath = try path(value, for: name)
      case "--at":
        guard let step = Int(value), step >= 0, value.allSatisfy(\.isASCII) else {
          throw .usage("--at: '\(excerpt(value))' is not a step number (0 is the initial state)")
        }
        options.travelStep = step
      default:
        guard let format = Format(rawValue: value) else {
          throw .usage("unknown format '\(value)' for --format; expected text or json")
        }
        options.format = format
      }
    }
    if options.intents != nil && options.replayPath != nil {
      throw .usage("--intents and --replay cannot be used together")
    }
    if options.travelStep != nil && options.travelPath == nil {
      throw .usage("--at needs --travel FILE")
    }
    let sessionReaders = [options.travelPath, options.exportTestPath].compactMap { $0 }.count
    let runners = [options.intents != nil, options.replayPath != nil, options.recordPath != nil]
    if sessionReaders > 1 || (sessionReaders == 1 && runners.contains(true)) {
      throw .usage(
        "--travel and --export-test read a session: they cannot be combined with each other or "
          + "with --intents, --replay or --record")
    }
    return options
  }

  private static func path(_ value: String, for name: String) throws(HeroSelectorError) -> String {
    guard !value.isEmpty else { throw .usage("option '\(name)' needs a file name") }
    return value
  }

  private static func parseIntentList(_ list: String) throws(HeroSelectorError) -> [HeroIntent] {
    guard !list.trimmingSpaces().isEmpty else {
      throw .usage("--intents: the list is empty; expected \(HeroIntent.wordList)")
    }
    var intents: [HeroIntent] = []
    for (offset, word) in list.split(separator: ",", omittingEmptySubsequences: false).enumerated()
    {
      guard !word.trimmingSpaces().isEmpty else {
        throw .usage("--intents: item \(offset + 1) is empty (two commas, or a comma at an end)")
      }
      guard let intent = HeroIntent(word: word) else {
        throw .usage(
          "--intents: unknown intent '\(excerpt(word.trimmingSpaces()))' (item \(offset + 1)); "
            + "expected \(HeroIntent.wordList)")
      }
      intents.append(intent)
    }
    return intents
  }

  /// The command-line contract, printed by `--help`.
  public static let usage = """
    hero-selector: browse a roster of heroes and select one (an MVI demo on ReactiveMVI)

    USAGE: hero-selector [--intents LIST] [--heroes FILE] [--format text|json]
                         [--record FILE] [--replay FILE]
           hero-selector [--heroes FILE] --travel FILE [--at N]
           hero-selector [--heroes FILE] --export-test FILE

    With no arguments in a terminal it is interactive:
      ← / h  previous hero     → / l  next hero     Enter  select
      Esc    dismiss the alert (Enter and Space press its [ Dismiss ] button too)
      q      quit              (Ctrl-D and Ctrl-C quit too)
    When standard input is not a terminal it reads intents from it, one per line (blank lines
    and # comments skipped), renders every emitted state and exits 0 at the end of the input.

    OPTIONS:
      --intents LIST     comma-separated intents to run instead of reading stdin, then exit
      --heroes FILE      a JSON roster: [{"name": "…", "speed": 7, "power": 7, "stamina": 5}, …]
                         (a regular file of at most 128 MiB; stats are whole numbers 0 to 10
                         written plainly: no sign, leading zero, fraction or exponent; names
                         unique, without control characters; at least one hero)
      --format text|json text (default) draws the screen; json prints one JSON object per
                         emitted state:
                         {"state":"presenting","hero":{…},"previousAvailable":false,"nextAvailable":true}
                         {"state":"selected","hero":{…}}
      --record FILE      write the session to FILE (ReactiveMVI's session format, JSON lines:
                         a header, then per intent its results and the state after it)
      --replay FILE      run the intents recorded in FILE, a session or an intent log of
                         lines {"intent":"next"} (cannot be combined with --intents); the
                         whole file is checked before anything is drawn
      --travel FILE      in a terminal: the hero screen of each step of a recorded session,
                         with a timeline line (step k of n, the intent, the changed fields):
                         ←/→ one step, Home/End, s skip/unskip the step (later states
                         recomputed), e write the exported test beside FILE, q quit
      --travel FILE --at N
                         print the state after step N of a recorded session (0: the initial
                         state), as --format json prints a state, recomputed with the
                         reducer from the recorded results
      --export-test FILE print the session as a Swift Testing test (a TestStore sending its
                         intents and asserting its states)
      -h, --help         print this help

    INTENTS: next, previous, select, dismiss, quit (aliases n, p, s, d, q).
      next/previous move only when that arrow is available and emit nothing otherwise;
      select shows the alert "You selected <name>"; while it shows only dismiss and quit act;
      dismiss presents the same hero again; quit stops at once.

    EXIT CODES: 0 success; 64 usage error (unknown option or --intents word, empty item,
      missing value); 65 data error (roster or log missing, not a regular file, too large,
      malformed, empty, stat outside 0...10, duplicate name, control character in a name;
      unknown intent or a line over 64 KiB on stdin; malformed replay log or session,
      a session of another feature or format version, --at past its last step); 74 the output
      could not be written (a full disk); 130 / 143 interactive mode ended by Ctrl-C
      (SIGINT) / SIGTERM. The message on stderr names the file, line and word at fault (a
      short, escaped excerpt); states rendered before the error stay printed.

    """
}
