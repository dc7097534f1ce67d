#!/usr/bin/env python3
"""Figures of the real sound path for BENCHMARKS.md, through the headless recipe of
../shared/tools/headless-audio.sh (a private speech-dispatcher with espeak-ng; ALSA's file plugin over
the null device):

- Enter -> first captured sample of the move's announcement through speech-dispatcher and espeak-ng,
  side by side with `spd-say` speaking the same text on the same daemon (alternating, move by move);
- Enter -> first sample of the move's audio cue through cpal;
- the start of `annabella play` -> first sample of its greeting, side by side with `spd-say` started
  to speak a move (alternating, run by run; each game new, in its own data directory).

The capture "file" is a named pipe read as the samples arrive, so each figure is the moment the first
sample reaches the sound device. The null device is not paced, so a whole utterance arrives at once:
"first sample" is "utterance delivered" (synthesis included), the same for both speakers.

Run from the project root after `cargo build --release`: python3 scripts/bench-audio.py [PLIES [RUNS]]"""

import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from headless_daemon import start_daemon, stop_daemon

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BINARY = os.path.join(ROOT, "target", "release", "annabella")
# A Ruy Lopez, 60 half-moves, no move refused.
GAME = ("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 "
        "Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ Rxf7 "
        "Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 Qxg5 hxg5 b3 Ke6 a3 Kd6").split()


class Capture:
    """A named pipe that ALSA's file plugin writes to; remembers when each chunk arrived."""

    def __init__(self, path, nonzero=False):
        os.mkfifo(path)
        # Opened read-write: writers never block and the reader never sees the end of the file.
        self.fd = os.open(path, os.O_RDWR)
        self.nonzero = nonzero
        self.lock = threading.Lock()
        self.arrivals = []
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        while True:
            chunk = os.read(self.fd, 1 << 16)
            now = time.perf_counter()
            if self.nonzero and not any(chunk[i] or chunk[i + 1] for i in range(0, len(chunk) - 1, 2)):
                continue
            with self.lock:
                self.arrivals.append(now)

    def first_after(self, start, limit=5.0):
        """The first arrival after `start`, waiting at most `limit` seconds."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            with self.lock:
                later = [t for t in self.arrivals if t >= start]
            if later:
                return later[0]
            time.sleep(0.0005)
        return None

    def quiet(self, period=0.4, limit=30.0):
        """Waits until nothing has arrived for `period` seconds."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            with self.lock:
                last = self.arrivals[-1] if self.arrivals else 0.0
            if time.perf_counter() - last >= period:
                return
            time.sleep(0.02)


class Game:
    """The real binary with its standard input a pipe; its printed lines are collected."""

    def __init__(self, args, env):
        self.p = subprocess.Popen([BINARY, "play", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  env=env, text=True)
        self.lines = []
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.p.stdout:
            self.lines.append(line.rstrip("\n"))

    def move(self, san):
        """Types a move; returns the moment Enter was sent."""
        start = time.perf_counter()
        self.p.stdin.write(san + "\n")
        self.p.stdin.flush()
        return start

    def announcement(self, san, limit=5.0):
        """The spoken words printed for `san` ("1. e4: Eva vier" gives "Eva vier")."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            for line in self.lines:
                if (". " + san + ": ") in line or ("... " + san + ": ") in line:
                    return line.split(": ", 1)[1]
            time.sleep(0.005)
        return None

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=30)


def summary(name, values):
    ms = sorted(v * 1000 for v in values)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    print(f"{name}: n={len(ms)} median {statistics.median(ms):.1f} ms, mean {statistics.mean(ms):.1f} ms, "
          f"p90 {p90:.1f} ms, worst {ms[-1]:.1f} ms")
    return statistics.median(ms)


def speech(capture, home, env, plies):
    data = dict(env, XDG_DATA_HOME=os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"))
    game = Game(["--speech", "tts", "--cues", "off", "--clock", "simulated", "--lang", "en"], data)
    capture.quiet(period=1.0)
    ours, theirs, missed = [], [], 0
    for san in GAME[:plies]:
        start = game.move(san)
        first = capture.first_after(start)
        text = game.announcement(san)
        capture.quiet()
        if first is None or text is None:
            missed += 1
            continue
        ours.append(first - start)
        start = time.perf_counter()
        subprocess.Popen(["spd-say", "-l", "de", text], env=env).wait()
        first = capture.first_after(start)
        capture.quiet()
        if first is None:
            missed += 1
            continue
        theirs.append(first - start)
    game.close()
    a = summary("Enter -> first sample, annabella through speech-dispatcher", ours)
    b = summary("the same text with spd-say on the same daemon", theirs)
    print(f"ratio of medians annabella / spd-say: {a / b:.2f} (budget <= 1.1); missed {missed}")


def cues(home, env, plies):
    path = os.path.join(home, "capture", "cues.raw")
    capture = Capture(path, nonzero=True)
    data = dict(env, ALSA_CAPTURE_FILE=path, XDG_DATA_HOME=os.path.join(home, "data2"),
                XDG_CONFIG_HOME=os.path.join(home, "config"))
    game = Game(["--speech", "off", "--cues", "on", "--clock", "simulated", "--lang", "en"], data)
    time.sleep(1.0)
    capture.quiet()
    times = []
    for san in GAME[:plies]:
        start = game.move(san)
        first = capture.first_after(start)
        capture.quiet(period=0.3)
        if first is not None:
            times.append(first - start)
    game.close()
    summary("Enter -> first sample of the move cue through cpal (budget 30 ms)", times)


# The greeting in German, the language the daemon starts in and spd-say speaks: both use the
# voice the daemon has loaded.
LANG = os.environ.get("GREETING_LANG", "de")


def greeting(capture, home, env, runs):
    ours, theirs, missed = [], [], 0
    # The first run of each warms the page cache and the daemon's voice: left out.
    for run in range(runs + 1):
        data = dict(env, XDG_DATA_HOME=os.path.join(home, f"greeting{run}"),
                    XDG_CONFIG_HOME=os.path.join(home, "config"))
        capture.quiet(period=0.3)
        start = time.perf_counter()
        game = subprocess.Popen([BINARY, "play", "--lang", LANG], stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, env=data)
        first = capture.first_after(start)
        capture.quiet(period=0.3)
        game.stdin.close()
        game.wait(timeout=30)
        capture.quiet(period=0.3)
        start_theirs = time.perf_counter()
        subprocess.Popen(["spd-say", "-l", "de", "Eva vier"], env=env).wait()
        second = capture.first_after(start_theirs)
        if run == 0:
            continue
        if first is None or second is None:
            missed += 1
            continue
        ours.append(first - start)
        theirs.append(second - start_theirs)
    a = summary("start of annabella play -> first sample of its greeting", ours)
    b = summary("start of spd-say speaking a move -> first sample", theirs)
    print(f"ratio of medians annabella / spd-say: {a / b:.2f} (budget <= 1.2); missed {missed}")


def main():
    plies = int(sys.argv[1]) if len(sys.argv) > 1 else len(GAME)
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    with tempfile.TemporaryDirectory() as home:
        env = start_daemon(home)
        try:
            capture = Capture(os.path.join(home, "capture", "speechd.raw"))
            if plies:
                speech(capture, home, env, plies)
                cues(home, env, plies)
            greeting(capture, home, env, runs)
        finally:
            stop_daemon(home)


if __name__ == "__main__":
    main()
