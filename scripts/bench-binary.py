#!/usr/bin/env python3
"""Figures of the real binary for BENCHMARKS.md: start -> ready for the first move, resuming a journal of 300
moves (600 half-moves), and peak resident memory over a scripted 150-move game. Run from the project root after
`cargo build --release`; prints one line per figure."""

import os
import statistics
import subprocess
import sys
import tempfile
import time

BINARY = os.path.join(os.path.dirname(__file__), "..", "target", "release", "annabella")
QUIET = ["--speech", "off", "--cues", "off", "--clock", "simulated"]
# A game that never ends by itself: knights out and back (150 moves each side = 300 half-moves);
# the claim rules do not end it without a claim, and fivefold/75 do not apply to quiet repeats
# spread out like this under fide-2008.
SHUFFLE = ["Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8"]


def env(home):
    e = dict(os.environ)
    e["XDG_CONFIG_HOME"] = os.path.join(home, "config")
    e["XDG_DATA_HOME"] = os.path.join(home, "data")
    return e


def start_to_prompt(home, runs=20):
    """Time from starting the process until it is ready for the first move (with standard input
    not a terminal there is no prompt: the last line of the introduction marks the moment)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        p = subprocess.Popen([BINARY, "play", *QUIET], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             env=env(home))
        wait_for(p, b"Type a move")
        times.append(time.perf_counter() - start)
        p.stdin.close()
        p.wait()
    return statistics.median(times), max(times)


def wait_for(p, marker):
    seen = b""
    while marker not in seen:
        chunk = p.stdout.read1(4096)
        if not chunk:
            raise SystemExit(f"the program ended before printing {marker!r}")
        seen += chunk


def moves(n):
    return [SHUFFLE[i % len(SHUFFLE)] for i in range(n)]


def resume(home, plies=600, runs=10):
    """Time to start on a journal of `plies` half-moves and say the game is resumed."""
    journal = os.path.join(home, "long.journal")
    if os.path.exists(journal):
        os.remove(journal)
    script = "\n".join(moves(plies)) + "\n"
    subprocess.run([BINARY, "play", *QUIET, "--ruleset", "fide-2008", "--journal", journal],
                   input=script.encode(), stdout=subprocess.DEVNULL, env=env(home), check=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        p = subprocess.Popen([BINARY, "play", *QUIET, "--journal", journal], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, env=env(home))
        wait_for(p, b"Game resumed")
        times.append(time.perf_counter() - start)
        p.stdin.close()
        p.wait()
    return statistics.median(times), max(times)


def peak_memory(home, args=QUIET, full_moves=150):
    """Peak resident memory (kB) of a scripted game of `full_moves` moves by each side."""
    script = "\n".join(moves(full_moves * 2) + ["board", "captured", "time"]) + "\n"
    p = subprocess.Popen([BINARY, "play", *args, "--ruleset", "fide-2008"], stdin=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, env=env(home))
    p.stdin.write(script.encode())
    p.stdin.close()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit(f"the game ended with exit code {p.returncode}")
    return usage.ru_maxrss


def peak_memory_analyse(home):
    """Peak resident memory (kB) of a game that asks `analyse` in a position where the walk and the
    long searches run to their budget (neither side's answer is decided)."""
    fen = "1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 1"
    p = subprocess.Popen([BINARY, "play", *QUIET, "--fen", fen], stdin=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, env=env(home))
    p.stdin.write(b"analyse\n")
    p.stdin.close()
    _, status, usage = os.wait4(p.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("the game with analyse ended with an error")
    return usage.ru_maxrss


def clips(home):
    """The voice clips: voices/clips if rendered, else rendered into `home`."""
    ready = os.path.join(os.path.dirname(BINARY), "..", "..", "voices", "clips", "appendix-e")
    if os.path.isdir(ready):
        return os.path.dirname(ready)
    target = os.path.join(home, "clips")
    script = os.path.join(os.path.dirname(__file__), "render-clips.sh")
    subprocess.run(["bash", script, BINARY, target], check=True, stdout=subprocess.DEVNULL)
    return target


def main():
    if not os.path.exists(BINARY):
        sys.exit("build first: cargo build --release")
    with tempfile.TemporaryDirectory() as home:
        median, worst = start_to_prompt(home)
        print(f"start -> prompt: median {median * 1000:.1f} ms, worst {worst * 1000:.1f} ms")
        median, worst = resume(home)
        print(f"resume a journal of 300 moves (600 half-moves) -> ready: median {median * 1000:.1f} ms, worst {worst * 1000:.1f} ms")
        print(f"peak resident memory, 150-move game: {peak_memory(home) / 1024:.1f} MB")
        print(f"peak resident memory, a game asking analyse: {peak_memory_analyse(home) / 1024:.1f} MB")
        with_clips = ["--speech", "clips", "--clips", clips(home), "--cues", "on", "--clock", "simulated"]
        print(f"the same with the voice clips and cues on: {peak_memory(home, with_clips) / 1024:.1f} MB")


if __name__ == "__main__":
    main()
