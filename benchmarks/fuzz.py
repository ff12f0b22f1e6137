"""A fuzzing campaign: hostile inputs of the four kinds (scenario files, decklists, saved
records, lines typed into ``play``) through the ``manastack`` command, each run under a time
and a memory limit, counted by outcome.

    python3 benchmarks/fuzz.py --runs 10000                      # the issue's campaign
    python3 benchmarks/fuzz.py --runs 2500 --start 2500          # one chunk of it
    python3 benchmarks/fuzz.py --runs 10000 --workers 2 --jsonl runs.jsonl
    python3 benchmarks/fuzz.py --show 1234                       # run case 1234 again, verbosely

Run ``i`` of seed ``S`` is the input ``tests/hostile.py`` makes from kind ``KINDS[i % 4]`` and
``random.Random(f"{S}:{i}")``: the same on every machine, so ``--show i`` reproduces it.

Runs go to worker processes (``--workers``), each under ``RLIMIT_AS`` (``--memory-mib``, 1 GiB)
with an alarm of ``--timeout`` seconds (20) a run; a worker that stops answering is killed and
replaced. Outcomes: refused (exit 2, one line saying why), accepted (exit 0 or 1), crash (a
traceback, another exit code, or the worker died), unsafe (a control character or escape
sequence reached the output raw), hang (the time limit), memory (MemoryError or the worker
killed for memory).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import resource
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.hostile import KINDS, classify, make_case, run_case  # noqa: E402

OUTCOMES = ("refused", "accepted", "crash", "unsafe", "hang", "memory")


def case_of(seed: int, i: int, workdir: Path) -> Any:
    return make_case(KINDS[i % len(KINDS)], random.Random(f"{seed}:{i}"), workdir)


# --- a worker: runs its indices in this process, one JSON line each ------------------------------


class _Alarm(BaseException):  # not an Exception: the command must not catch it
    pass


def worker(seed: int, indexes: range, timeout: float, memory_mib: int) -> int:
    limit = memory_mib * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    def alarm(signum: int, frame: object) -> None:
        raise _Alarm

    signal.signal(signal.SIGALRM, alarm)
    workdir = Path(tempfile.mkdtemp(prefix="manastack-fuzz-"))
    try:
        for i in indexes:
            print(json.dumps({"start": i}), flush=True)
            start = time.perf_counter()
            row: dict[str, Any] = {"i": i, "kind": KINDS[i % len(KINDS)]}
            stop = False
            try:
                case = case_of(seed, i, workdir)
                signal.setitimer(signal.ITIMER_REAL, timeout)
                try:
                    outcome = run_case(case, workdir)
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                row["outcome"] = classify(outcome)
                row["code"] = outcome.code
                if row["outcome"] in ("crash", "unsafe"):
                    row["detail"] = (outcome.error or outcome.out)[-1500:]
            except _Alarm:
                row["outcome"], stop = "hang", True
            except MemoryError:
                row["outcome"], stop = "memory", True
            row["seconds"] = round(time.perf_counter() - start, 4)
            print(json.dumps(row), flush=True)
            if stop:
                return 3  # a fresh process for the rest: this one may be in a bad state
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


# --- the campaign: workers, a watchdog, the table ------------------------------------------------


class _Worker:
    def __init__(self, args: argparse.Namespace, indexes: range) -> None:
        self.todo = indexes
        self.current: int | None = None
        self.last = time.monotonic()
        cmd = [
            sys.executable,
            __file__,
            "--worker",
            "--seed",
            str(args.seed),
            "--timeout",
            str(args.timeout),
            "--memory-mib",
            str(args.memory_mib),
            "--indexes",
            f"{indexes.start}:{indexes.stop}:{indexes.step}",
        ]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert self.proc.stdout is not None
        self.stream = self.proc.stdout


def campaign(args: argparse.Namespace) -> list[dict[str, Any]]:
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(args.jsonl, "a", encoding="utf-8")) if args.jsonl else None
        return _campaign(args, out)


def _campaign(args: argparse.Namespace, out: Any) -> list[dict[str, Any]]:
    indexes = range(args.start, args.start + args.runs)
    shares = [indexes[w :: args.workers] for w in range(args.workers)]
    rows: list[dict[str, Any]] = []
    sel = selectors.DefaultSelector()
    live: dict[int, _Worker] = {}

    def spawn(todo: range) -> None:
        if todo:
            w = _Worker(args, todo)
            live[id(w)] = w
            sel.register(w.stream, selectors.EVENT_READ, w)

    def record(row: dict[str, Any]) -> None:
        rows.append(row)
        if out is not None:
            out.write(json.dumps(row) + "\n")
            out.flush()
        if args.progress and len(rows) % args.progress == 0:
            print(f"  {len(rows)}/{args.runs} runs", file=sys.stderr, flush=True)

    def finish(w: _Worker, why: str | None) -> None:
        """The worker ended (or was killed): the run it was in gets ``why``; the rest restart."""
        sel.unregister(w.stream)
        del live[id(w)]
        rc = w.proc.wait()
        rest = w.todo
        if w.current is not None:
            if why is None:
                # Died without a word: killed for memory (SIGKILL) or crashed in C code.
                why = "memory" if rc == -signal.SIGKILL else "crash"
            kind = KINDS[w.current % len(KINDS)]
            record({"i": w.current, "kind": kind, "outcome": why, "code": rc, "detail": ""})
            rest = rest[rest.index(w.current) + 1 :]
        spawn(rest)

    for share in shares:
        spawn(share)
    while live:
        for key, _ in sel.select(timeout=1.0):
            w = key.data
            line = w.stream.readline()
            if not line:
                finish(w, None)
                continue
            w.last = time.monotonic()
            msg = json.loads(line)
            if "start" in msg:
                w.current = msg["start"]
                continue
            record(msg)
            w.todo = w.todo[w.todo.index(msg["i"]) + 1 :]
            w.current = None
        for w in list(live.values()):
            if w.current is not None and time.monotonic() - w.last > args.timeout + 10:
                w.proc.kill()  # the alarm could not stop it (blocked in C code): a hang
                finish(w, "hang")
    return sorted(rows, key=lambda r: r["i"])


def table(rows: list[dict[str, Any]]) -> str:
    counts = Counter((r["kind"], r["outcome"]) for r in rows)
    head = "| input kind | runs | " + " | ".join(OUTCOMES) + " |"
    lines = [head, "|" + " --- |" * (len(OUTCOMES) + 2)]
    for kind in (*KINDS, "all"):
        ks = KINDS if kind == "all" else (kind,)
        n = sum(counts[(k, o)] for k in ks for o in OUTCOMES)
        cells = [str(sum(counts[(k, o)] for k in ks)) for o in OUTCOMES]
        name = f"**{kind}**" if kind == "all" else kind
        lines.append(f"| {name} | {n} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def show(seed: int, i: int) -> int:
    workdir = Path(tempfile.mkdtemp(prefix="manastack-fuzz-"))
    try:
        case = case_of(seed, i, workdir)
        print(f"case {i} ({case.kind}): manastack {' '.join(map(repr, case.argv))}")
        if case.stdin:
            print(f"stdin: {case.stdin!r}")
        outcome = run_case(case, workdir)
        print(f"outcome: {classify(outcome)}, exit code {outcome.code}")
        print(outcome.error or outcome.out)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description="A fuzzing campaign over manastack's inputs.")
    p.add_argument("--runs", type=int, default=1000)
    p.add_argument("--start", type=int, default=0, help="the first run's index (for chunks)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--timeout", type=float, default=20.0, help="seconds a run (default 20)")
    p.add_argument("--memory-mib", type=int, default=1024, help="a worker's address space")
    p.add_argument("--jsonl", help="append each run's result here, one JSON object a line")
    p.add_argument("--json", action="store_true", help="print the counts as JSON")
    p.add_argument("--progress", type=int, default=0, help="a line on stderr every N runs")
    p.add_argument("--show", type=int, metavar="I", help="run case I here and print it all")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--indexes", default="", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        start, stop, step = (int(x) for x in args.indexes.split(":"))
        return worker(args.seed, range(start, stop, step), args.timeout, args.memory_mib)
    if args.show is not None:
        return show(args.seed, args.show)
    started = time.perf_counter()
    rows = campaign(args)
    took = time.perf_counter() - started
    if args.json:
        counts = Counter(f"{r['kind']}:{r['outcome']}" for r in rows)
        print(json.dumps({"runs": len(rows), "seconds": round(took, 1), "counts": counts}))
    else:
        print(
            f"{len(rows)} runs (seed {args.seed}, runs {args.start}-{args.start + args.runs - 1}), "
            f"{args.timeout:g} s and {args.memory_mib} MiB a run, {took:.0f} s"
        )
        print(table(rows))
        bad = [r for r in rows if r["outcome"] in ("crash", "unsafe", "hang", "memory")]
        for r in bad[:20]:
            detail = (r.get("detail") or "").strip().splitlines()
            print(f"  run {r['i']} ({r['kind']}): {r['outcome']}: {detail[-1] if detail else ''}")
            print(f"    again: python3 benchmarks/fuzz.py --seed {args.seed} --show {r['i']}")
    return 1 if any(r["outcome"] != "refused" and r["outcome"] != "accepted" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
