#!/usr/bin/env python3
"""Atomic operations, fences and thread-local reads per unit of Profile scenarios, counted from
the instructions the CPU executes: what callgrind's instruction count weighs as one instruction
each, though each costs tens of cycles.

Each scenario runs under callgrind at two N (SMALL and LARGE, as instructions.sh) with
`--dump-instr=yes`, which records how many times every instruction executed, in the program and
in every shared library (the Swift runtime's retain and release, libc's mutexes). Each executed
instruction is then classified from its disassembly (objdump):

- atomic: a `lock`-prefixed read-modify-write (compare-exchange, fetch-add, …) or an `xchg` with
  memory (locked implicitly: a sequentially consistent store, an exchange). A reference-count
  retain or release is one of these.
- fence: `mfence` (a full fence; `lfence` and `sfence` are counted with it).
- thread-local: an instruction that addresses through `%fs` (this thread's block: a C
  `_Thread_local` of the program, the thread pointer, a stack-protector canary): one load.
- thread-local look-up: a call to `__tls_get_addr`, how a shared library (the Swift runtime,
  libc) finds its own thread-locals: a function call and a table walk.

The count per unit is (count at LARGE − count at SMALL) / (LARGE − SMALL), so start-up cancels
out; like instruction counts, these are deterministic, whatever the machine's load.

Usage (from anywhere):
  Benchmarks/Profile/atomics.py relay relay-closure behavior behavior-closure
  Benchmarks/Profile/atomics.py --gated            every gated scenario and its peer
  Benchmarks/Profile/atomics.py --gated --write Benchmarks/RESULTS.md
                                                   also rewrites RESULTS.md's table
  Benchmarks/Profile/atomics.py --detail behavior  each count by the function it is in

Exit status: 0, 2 usage or measuring failed, 69 valgrind or objdump is missing.
"""
import argparse, concurrent.futures, os, pathlib, re, shutil, subprocess, sys, tempfile

here = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(here))
from gate import PEERS  # noqa: E402  (each scenario's hand-written peer)

SMALL = int(os.environ.get("SMALL", "1000"))
LARGE = int(os.environ.get("LARGE", "11000"))
KINDS = ("atomic", "fence", "tls", "lookup")
BEGIN, END = "<!-- atomics:begin -->", "<!-- atomics:end -->"


def build() -> pathlib.Path:
    """The release Profile executable, stripped of its debug info (valgrind cannot read the
    DWARF 5 that Swift emits)."""
    subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", str(here), "--product", "Profile"],
        check=True, stdout=subprocess.DEVNULL)
    binary = pathlib.Path(tempfile.mkdtemp()) / "Profile"
    shutil.copy(here / ".build" / "release" / "Profile", binary)
    subprocess.run(["strip", "--strip-debug", str(binary)], check=True)
    return binary


def gated(binary: pathlib.Path) -> list[str]:
    listed = subprocess.run([str(binary), "--gated"], check=True, capture_output=True, text=True)
    return listed.stdout.split()


def run(binary: pathlib.Path, scenario: str, n: int, folder: str) -> pathlib.Path:
    out = pathlib.Path(folder) / f"{scenario}.{n}.cg"
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--dump-instr=yes", f"--callgrind-out-file={out}",
         str(binary), scenario, str(n)],
        check=True, capture_output=True, env={**os.environ, "SWIFT_DETERMINISTIC_HASHING": "1"})
    return out


def executions(path: pathlib.Path, binary: pathlib.Path) -> dict[tuple[str, int], int]:
    """(object file, instruction address) → times executed, from a callgrind file with
    `--dump-instr=yes` (positions `instr line`; the cost line after `calls=` is a call's
    inclusive cost, not an instruction of this function)."""
    names: dict[str, str] = {}
    counts: dict[tuple[str, int], int] = {}
    obj, addr, skip_next = str(binary), 0, False
    for raw in path.read_text(errors="replace").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"c?ob=\((\d+)\)(?: (.*))?", line)
        if m:
            if m.group(2):
                names[m.group(1)] = m.group(2)
            if line.startswith("ob="):
                obj = names.get(m.group(1), "???")
            continue
        if line.startswith("calls="):
            skip_next = True
            continue
        if "=" in line.split(" ")[0]:
            continue
        fields = line.split()
        first = fields[0]
        if first.startswith("0x"):
            addr = int(first, 16)
        elif first.startswith("+"):
            addr += int(first[1:], 16 if first[1:].startswith("0x") else 10)
        elif first.startswith("-"):
            addr -= int(first[1:], 16 if first[1:].startswith("0x") else 10)
        elif first != "*":
            continue
        if skip_next:
            skip_next = False
            continue
        if len(fields) < 3:
            continue
        count = int(fields[2])
        key = (obj, addr)
        counts[key] = counts.get(key, 0) + count
    return counts


_classes: dict[str, dict[int, str]] = {}
_functions: dict[tuple[str, int], str] = {}


def classes(obj: str) -> dict[int, str]:
    """Address → kind for the instructions of `obj` that are atomics, fences or thread-local
    accesses (objdump's disassembly); their functions go to `_functions`."""
    if obj in _classes:
        return _classes[obj]
    found: dict[int, str] = {}
    if os.path.exists(obj):
        listing = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj],
                                 capture_output=True, text=True).stdout
        function = "?"
        for line in listing.splitlines():
            header = re.match(r"[0-9a-f]+ <(.*)>:$", line)
            if header:
                function = header.group(1)
                continue
            m = re.match(r"\s*([0-9a-f]+):\s+(.*)", line)
            if not m:
                continue
            _functions[(obj, int(m.group(1), 16))] = function
            text = m.group(2)
            mnemonic = text.split()[0] if text.split() else ""
            if mnemonic == "lock" or (mnemonic.startswith("xchg") and "(" in text):
                found[int(m.group(1), 16)] = "atomic"
            elif mnemonic in ("mfence", "lfence", "sfence"):
                found[int(m.group(1), 16)] = "fence"
            elif mnemonic == "call" and "__tls_get_addr" in text:
                found[int(m.group(1), 16)] = "lookup"
            elif "%fs:" in text:
                found[int(m.group(1), 16)] = "tls"
    _classes[obj] = found
    return found


def tally(counts: dict[tuple[str, int], int], detail: dict | None = None) -> dict[str, int]:
    totals = dict.fromkeys(KINDS, 0)
    for (obj, addr), count in counts.items():
        kind = classes(obj).get(addr)
        if kind:
            totals[kind] += count
            if detail is not None:
                key = (kind, _functions.get((obj, addr), "?"))
                detail[key] = detail.get(key, 0) + count
    return totals


def demangled(names: list[str]) -> list[str]:
    swift = shutil.which("swift-demangle") or shutil.which("swift")
    if not swift:
        return names
    command = [swift, "--simplified"] if swift.endswith("swift-demangle") else \
        [swift, "demangle", "--simplified"]
    result = subprocess.run(command, input="\n".join(names), capture_output=True, text=True)
    lines = result.stdout.splitlines()
    return lines if len(lines) == len(names) else names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenarios", nargs="*")
    parser.add_argument("--gated", action="store_true", help="every gated scenario and its peer")
    parser.add_argument("--write", type=pathlib.Path, help="rewrite this file's table")
    parser.add_argument("--detail", action="store_true", help="each count by its function")
    args = parser.parse_args()
    for tool in ("valgrind", "objdump"):
        if not shutil.which(tool):
            print(f"{tool} is missing (apt-get install {'valgrind' if tool == 'valgrind' else 'binutils'})",
                  file=sys.stderr)
            return 69
    binary = build()
    scenarios = list(args.scenarios)
    if args.gated:
        for scenario in gated(binary):
            for name in (scenario, PEERS.get(scenario)):
                if name and name not in scenarios:
                    scenarios.append(name)
    if not scenarios:
        parser.print_usage(sys.stderr)
        return 2
    rows = {}
    with tempfile.TemporaryDirectory() as folder, \
            concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        jobs = {(s, n): pool.submit(run, binary, s, n, folder) for s in scenarios for n in (SMALL, LARGE)}
        for scenario in scenarios:
            small_detail: dict = {}
            large_detail: dict = {}
            small = tally(executions(jobs[(scenario, SMALL)].result(), binary), small_detail)
            large = tally(executions(jobs[(scenario, LARGE)].result(), binary), large_detail)
            rows[scenario] = {k: (large[k] - small[k]) / (LARGE - SMALL) for k in KINDS}
            r = rows[scenario]
            print(f"{scenario:<28} atomic {r['atomic']:7.2f}   fence {r['fence']:5.2f}   "
                  f"thread-local {r['tls']:6.2f}   look-up {r['lookup']:5.2f}", flush=True)
            if args.detail:
                per_unit = {key: (large_detail.get(key, 0) - small_detail.get(key, 0))
                            / (LARGE - SMALL) for key in large_detail}
                shown = sorted(((v, k) for k, v in per_unit.items() if v >= 0.01), reverse=True)
                for (value, (kind, name)), pretty in zip(
                        shown, demangled([name for _, (_, name) in shown])):
                    print(f"    {kind:<7} {value:6.2f}  {pretty[:150]}")
    if args.write:
        table = [BEGIN,
                 f"Per unit, counted by `Benchmarks/Profile/atomics.py --gated` (N = {SMALL} and {LARGE}).",
                 "",
                 "| scenario | atomics | fences | thread-local | look-ups | peer | atomics | fences | thread-local | look-ups |",
                 "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |"]
        for scenario, r in rows.items():
            if scenario in PEERS.values() and scenario not in PEERS:
                continue
            peer = PEERS.get(scenario)
            p = rows.get(peer) if peer else None
            cells = [f"`{scenario}`"] + [f"{r[k]:.1f}" for k in KINDS] + [f"`{peer}`" if p else ""]
            cells += [f"{p[k]:.1f}" if p else "" for k in KINDS]
            table.append("| " + " | ".join(cells) + " |")
        table.append(END)
        text = args.write.read_text()
        if BEGIN not in text:
            print(f"{args.write}: no {BEGIN} … {END} section", file=sys.stderr)
            return 2
        start, end = text.index(BEGIN), text.index(END) + len(END)
        args.write.write_text(text[:start] + "\n".join(table) + text[end:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
