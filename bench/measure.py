#!/usr/bin/env python3
"""measure.py: runs one command once and prints its wall time and peak RSS.

The benchmark scripts (bench/bench-*.sh) use it for the reference tools and
for `mlir-shape check`, which have no harness of their own:

    bench/measure.py [--label L] [--stdout FILE] -- CMD ARGS...

prints one JSON line {"label", "wall_s", "cpu_s", "maxrss_kb", "rc"} (cpu_s:
user + system time of the child, from the same wait4). The peak RSS is
the child's ru_maxrss as os.wait4 returns it: the same kernel figure that
GNU `/usr/bin/time -f %M` prints, without needing that package. The command's
stdout and stderr go to /dev/null (or --stdout FILE); its exit status is
reported, not judged: mlir-opt exits 1 on invalid input, `check` on findings.
Standard library only.
"""
import json
import os
import subprocess
import sys
import time


def main(argv):
    label, out_path = None, os.devnull
    while argv and argv[0] != "--":
        if argv[0] == "--label" and len(argv) > 1:
            label, argv = argv[1], argv[2:]
        elif argv[0] == "--stdout" and len(argv) > 1:
            out_path, argv = argv[1], argv[2:]
        else:
            sys.exit("usage: measure.py [--label L] [--stdout FILE] -- CMD ARGS...")
    cmd = argv[1:]
    if not cmd:
        sys.exit("usage: measure.py [--label L] [--stdout FILE] -- CMD ARGS...")
    with open(out_path, "wb") as out, open(os.devnull, "wb") as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") \
        else (status >> 8)
    print(json.dumps({"label": label or os.path.basename(cmd[0]), "wall_s": round(wall, 6),
                      "cpu_s": round(usage.ru_utime + usage.ru_stime, 6), "maxrss_kb": usage.ru_maxrss, "rc": proc.returncode}))


if __name__ == "__main__":
    main(sys.argv[1:])
