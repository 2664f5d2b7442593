#!/usr/bin/env python3
"""Prints the stress tier's suites (those given the `.stress` trait, see
Tests/TestSupport/Stress.swift) as one `swift test --filter` pattern. `.ci/run` runs them with
`REACTIVE_STRESS=1`; an everyday `swift test` skips them."""
import pathlib, re, sys

root = pathlib.Path(__file__).resolve().parent.parent
suite = re.compile(
    r"@Suite\(([^)]*)\)\s*(?:(?:public|final|private|fileprivate)\s+)*(?:struct|class|enum|actor)\s+(\w+)")
names = sorted(
    name
    for path in (root / "Tests").rglob("*.swift")
    for traits, name in suite.findall(path.read_text())
    if re.search(r"(^|[\s,])\.stress\b", traits))
if not names:
    sys.exit("no suite has the .stress trait")
print("|".join(rf"\.{name}/" for name in names))
