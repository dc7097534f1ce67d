#!/usr/bin/env python3
"""The speech watchdog for BENCHMARKS.md: a real speech-dispatcher (../shared/tools/headless-audio.sh)
is stopped with SIGSTOP in the middle of a game; the figure is the time from typing the next move
to the printed warning that the engine stopped answering (the clips take over), and the time to
quit while it is stopped. Run from the project root after `cargo build --release`:
python3 scripts/bench-watchdog.py [TRIALS]"""

import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from headless_daemon import start_daemon, stop_daemon

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BINARY = os.path.join(ROOT, "target", "release", "annabella")
WARNING = "The speech engine stopped answering"


def daemon_pid(directory):
    for _ in range(100):
        try:
            pid = int(open(os.path.join(directory, "run", "speechd.pid")).read().strip())
            os.kill(pid, 0)
            return pid
        except (OSError, ValueError):
            time.sleep(0.1)
    raise SystemExit("speech-dispatcher wrote no pid")


def trial(env, pid, clips):
    p = subprocess.Popen([BINARY, "play", "--speech", "auto", "--clips", clips, "--lang", "en", "--cues", "off"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    seen = {}

    def read():
        for line in p.stdout:
            if WARNING in line and "warning" not in seen:
                seen["warning"] = time.perf_counter()

    threading.Thread(target=read, daemon=True).start()
    p.stdin.write("e4\n")
    p.stdin.flush()
    time.sleep(2.0)
    os.kill(pid, signal.SIGSTOP)
    typed = time.perf_counter()
    p.stdin.write("e5\n")
    p.stdin.flush()
    while "warning" not in seen and time.perf_counter() - typed < 10:
        time.sleep(0.005)
    quitting = time.perf_counter()
    p.stdin.write("quit\n")
    p.stdin.close()
    p.wait(timeout=60)
    quit_took = time.perf_counter() - quitting
    os.kill(pid, signal.SIGCONT)
    time.sleep(1.0)
    return seen.get("warning", float("nan")) - typed, quit_took


def main():
    trials = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    home = tempfile.mkdtemp(prefix="annabella-watchdog-")
    env = start_daemon(home)
    pid = daemon_pid(home)
    clips = os.path.join(home, "clips")
    subprocess.run(["bash", os.path.join(ROOT, "scripts", "render-clips.sh"), BINARY, clips], check=True,
                   capture_output=True)
    results = [trial(env, pid, clips) for _ in range(trials)]
    warn = sorted(r[0] * 1000 for r in results)
    quit_ms = sorted(r[1] * 1000 for r in results)
    print(f"stalled engine -> warning: n={trials} median {statistics.median(warn):.0f} ms, worst {warn[-1]:.0f} ms")
    print(f"quit while stalled: median {statistics.median(quit_ms):.0f} ms, worst {quit_ms[-1]:.0f} ms")
    stop_daemon(home)


if __name__ == "__main__":
    main()
