#!/usr/bin/env python3
"""Figures of practice games for BENCHMARKS.md: the real binary playing against Debian's Stockfish
at level 3, the default (`annabella play --opponent engine`), a scripted player answering with pseudo-random
legal moves (python3-chess), journal on, `--speech off` (the printed line and the hand-over to the
speaker are one step of the output stage).

- The engine's `bestmove` to its move announced: the engine is reached through a small relay
  (`--engine` names it) that notes the moment each `bestmove` line leaves Stockfish; the moment
  annabella prints the move's announcement is read on its output. Both on the monotonic clock.
- Memory: annabella's resident memory after 20 of the player's moves and after 200 (games that end
  are followed by `new`, the same engine going on), and its peak.

Run from the project root after `cargo build --release`; prints one line per figure."""

import os
import random
import re
import stat
import statistics
import subprocess
import sys
import tempfile
import time

import chess

BINARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "release", "annabella")
STOCKFISH = "/usr/games/stockfish"

RELAY = """#!/usr/bin/env python3
import subprocess, sys, threading, time
engine = subprocess.Popen([{stockfish!r}], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
log = open({log!r}, "a", buffering=1)
def down():
    for line in sys.stdin:
        engine.stdin.write(line)
        engine.stdin.flush()
    engine.stdin.close()
threading.Thread(target=down, daemon=True).start()
for line in engine.stdout:
    if line.startswith("bestmove"):
        log.write(f"{{time.monotonic()}}\\n")
    sys.stdout.write(line)
    sys.stdout.flush()
"""

ANNOUNCED = re.compile(r"^(\d+)(\.\.\.|\.) (\S+): ")


def rss_kb(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def main():
    rng = random.Random(2026)
    # On the project's disk (not a memory-backed /tmp): the journal's sync is part of the path.
    target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target")
    with tempfile.TemporaryDirectory(dir=target) as home:
        log = os.path.join(home, "bestmove.log")
        relay = os.path.join(home, "relay.py")
        with open(relay, "w") as f:
            f.write(RELAY.format(stockfish=STOCKFISH, log=log))
        os.chmod(relay, os.stat(relay).st_mode | stat.S_IEXEC)
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_DATA_HOME=os.path.join(home, "data"))
        args = [BINARY, "play", "--opponent", "engine", "--engine", relay, "--level", "3", "--speech", "off",
                "--cues", "off", "--clock", "simulated", "--lang", "en", "--journal", os.path.join(home, "g.journal")]
        p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True, bufsize=1)

        def read_until(fits):
            while True:
                line = p.stdout.readline()
                if not line:
                    sys.exit("annabella ended early")
                line = line.rstrip("\n")
                if fits(line):
                    return line, time.monotonic()

        read_until(lambda l: l.startswith("Type a move"))
        board = chess.Board()
        announced = []  # the moments the engine's moves were printed
        moves_played, rss_20, games = 0, None, 1
        while moves_played < 200:
            if board.is_game_over(claim_draw=False) or board.is_fivefold_repetition() or board.is_seventyfive_moves():
                read_until(lambda l: l.startswith("result: "))
                p.stdin.write("new\n")
                p.stdin.flush()
                read_until(lambda l: l.startswith("White to move"))
                board = chess.Board()
                games += 1
                continue
            mv = rng.choice(list(board.legal_moves))
            p.stdin.write(board.san(mv) + "\n")
            p.stdin.flush()
            board.push(mv)
            moves_played += 1
            if moves_played == 20:
                rss_20 = rss_kb(p.pid)
            while not board.is_game_over(claim_draw=False):
                line, at = read_until(lambda l: l.startswith("result: ") or ANNOUNCED.match(l))
                if line.startswith("result: "):
                    break
                number, dots, san = ANNOUNCED.match(line).groups()
                if (dots == "...") == (board.turn == chess.BLACK):
                    board.push_san(san)
                    announced.append(at)
                    break
        rss_200, peak = rss_kb(p.pid), rss_kb(p.pid, "VmHWM")
        p.stdin.write("quit\nyes\n")
        p.stdin.flush()
        p.wait(timeout=20)
        with open(log) as f:
            bestmoves = [float(l) for l in f if l.strip()]
    latencies = sorted((a - b) * 1000 for a, b in zip(announced, bestmoves))
    if len(bestmoves) != len(announced):
        sys.exit(f"{len(bestmoves)} best moves against {len(announced)} announcements")
    p90 = latencies[int(round((len(latencies) - 1) * 0.9))]
    print(f"engine's bestmove -> its move announced, {len(latencies)} moves in {games} games: "
          f"median {statistics.median(latencies):.1f} ms, p90 {p90:.1f} ms, worst {latencies[-1]:.1f} ms")
    print(f"resident memory after 20 of the player's moves {rss_20 / 1024:.1f} MB, after 200 {rss_200 / 1024:.1f} MB; "
          f"peak {peak / 1024:.1f} MB")


if __name__ == "__main__":
    main()
