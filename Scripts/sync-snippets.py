#!/usr/bin/env python3
"""Rewrites every ```swift block of README.md and Docs/*.md that names a snippet
(`<!-- snippet: NAME -->` on the line above) with the region NAME of
Tests/DocumentationTests/Snippets/*.swift. Same rules as the checker in
Tests/DocumentationTests/SnippetCheckTests.swift: a region is the lines between
`// snippet: NAME` and `// end snippet`, minus `// snippet.hide` ... `// snippet.show`,
dedented by their common indentation. Usage: python3 Scripts/sync-snippets.py"""
import pathlib, re, sys

root = pathlib.Path(__file__).resolve().parent.parent

def regions():
    found = {}
    for path in sorted((root / "Tests/DocumentationTests/Snippets").glob("*.swift")):
        current, lines, hidden = None, [], False
        for line in path.read_text().split("\n"):
            t = line.strip()
            if t.startswith("// snippet:"):
                current, lines, hidden = t[len("// snippet:"):].strip(), [], False
            elif t == "// end snippet" and current:
                body = [l for l in lines]
                indent = min((len(l) - len(l.lstrip(" ")) for l in body if l.strip()), default=0)
                found[current] = "".join(("" if not l.strip() else l[indent:]) + "\n" for l in body)
                current = None
            elif t.startswith("// snippet.import:") and current is not None and not hidden:
                indent = line[: len(line) - len(line.lstrip(" "))]
                lines.append(indent + "import " + t[len("// snippet.import:"):].strip())
            elif t == "// snippet.hide":
                hidden = True
            elif t == "// snippet.show":
                hidden = False
            elif current is not None and not hidden:
                lines.append(line)
    return found

def sync(path, found):
    lines = path.read_text().split("\n")
    out, i, changed = [], 0, False
    while i < len(lines):
        line = lines[i]
        out.append(line)
        m = re.match(r"\s*<!-- snippet:\s*(.+?)\s*-->\s*$", line)
        if m and i + 1 < len(lines) and lines[i + 1].strip() == "```swift":
            indent = lines[i + 1][: len(lines[i + 1]) - len(lines[i + 1].lstrip(" "))]
            name = m.group(1)
            if name not in found:
                sys.exit(f"{path}:{i + 1}: no region '{name}'")
            end = i + 2
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            new = [indent + l if l else l for l in found[name].rstrip("\n").split("\n")]
            if lines[i + 2:end] != new:
                changed = True
            out += [indent + "```swift"] + new + [indent + "```"]
            i = end + 1
            continue
        i += 1
    if changed:
        path.write_text("\n".join(out))
        print(f"updated {path.relative_to(root)}")

found = regions()
for doc in [root / "README.md"] + sorted((root / "Docs").glob("*.md")):
    sync(doc, found)
