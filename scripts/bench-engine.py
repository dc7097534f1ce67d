#!/usr/bin/env python3
"""Figures of the engine analysis for BENCHMARKS.md (Debian's Stockfish, installed by scripts/setup.sh):
the time from starting `annabella engine` on a position to its first spoken evaluation (the first printed line,
which is spoken as it is printed), and the time and peak memory of analysing a 40-move game at the default
depth. Run from the project root after `cargo build --release`; prints one line per figure."""

import os
import resource
import statistics
import subprocess
import tempfile
import time

BINARY = os.path.join(os.path.dirname(__file__), "..", "target", "release", "annabella")
# A Queen's Gambit Declined of forty moves.
GAME = """[Event "?"]
[Result "*"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. cxd5 Nxd5
9. Bxe7 Qxe7 10. Nxd5 exd5 11. Rc1 Be6 12. Qa4 c5 13. Qa3 Rc8 14. Bb5 a6 15. dxc5 bxc5
16. O-O Ra7 17. Be2 Nd7 18. Nd4 Qf8 19. Nxe6 fxe6 20. e4 d4 21. f4 Qe7 22. e5 Rb8 23. Bc4 Kh8
24. Qh3 Nf8 25. b3 a5 26. f5 exf5 27. Rxf5 Nh7 28. Rcf1 Qd8 29. Qg3 Re7 30. h4 Rbb7 31. e6 Rbc7
32. Qe5 Qe8 33. a4 Qd8 34. R1f2 Qe8 35. R2f3 Qd8 36. Bd3 Qe8 37. Qe4 Nf6 38. Rxf6 gxf6 39. Rxf6 Kg8
40. Bc4 Kh8 *
"""


def first_line_time(runs=5):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        p = subprocess.Popen([BINARY, "engine", "--speech", "off", "--lang", "en", "--fen",
                              "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"],
                             stdout=subprocess.PIPE)
        p.stdout.readline()
        times.append(time.perf_counter() - start)
        p.wait()
    return statistics.median(times), max(times)


def whole_game():
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "qgd.pgn")
        with open(path, "w") as f:
            f.write(GAME)
        start = time.perf_counter()
        subprocess.run([BINARY, "engine", "--speech", "off", "--lang", "en", path], check=True,
                       stdout=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
    # The peak resident memory of the finished children: annabella and the engine it ran.
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return elapsed, peak_kb


if __name__ == "__main__":
    median, worst = first_line_time()
    print(f"engine on a position -> first evaluation: median {median * 1000:.0f} ms, worst {worst * 1000:.0f} ms")
    elapsed, peak = whole_game()
    print(f"40-move game (80 half-moves) at depth 14: {elapsed:.1f} s; peak resident memory of a child {peak / 1024:.1f} MB")
