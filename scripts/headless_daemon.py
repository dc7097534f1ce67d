"""The private speech-dispatcher of ../shared/tools/headless-audio.sh, for the bench scripts: start
one in a directory (returning the environment that reaches it) and stop it again."""

import os
import subprocess

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TOOL = os.path.join(ROOT, "..", "shared", "tools", "headless-audio.sh")


def start_daemon(directory):
    """Starts the daemon in `directory`; the environment of a program that speaks through it."""
    out = subprocess.run(["bash", TOOL, "start", directory], capture_output=True, text=True, check=True).stdout
    env = dict(os.environ)
    for line in out.splitlines():
        if line.startswith("export "):
            key, value = line[len("export "):].split("=", 1)
            env[key] = value.strip("'")
    return env


def stop_daemon(directory):
    """Stops the daemon of `directory`."""
    subprocess.run(["bash", TOOL, "stop", directory], capture_output=True)
