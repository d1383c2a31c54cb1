"""Runs one command and reports, as one JSON line on stdout, its wall time, its peak RSS
(ru_maxrss of that process alone, from os.wait4) and what it wrote.

Node cannot read a child's resource usage, hence this helper. The measured command's stdout is a
pipe that this helper drains (so "piped" output is measured as a pipeline would see it), or leaves
unread for --stall seconds first (a slow reader, to show backpressure).

usage: python3 measure.py [--save FILE | --to-file FILE] [--stall SECONDS] [--stdin FILE] -- command [args...]

--save keeps a copy of what came through the pipe; --to-file makes stdout that file itself, no pipe
(for a command that loses output when stdout is a pipe).
"""

import json
import os
import subprocess
import sys
import threading
import time


def main() -> int:
    args = sys.argv[1:]
    save = None
    stall = 0.0
    stdin_path = None
    to_file = None
    while args and args[0] != "--":
        flag = args.pop(0)
        if flag == "--save":
            save = args.pop(0)
        elif flag == "--stall":
            stall = float(args.pop(0))
        elif flag == "--stdin":
            stdin_path = args.pop(0)
        elif flag == "--to-file":
            to_file = args.pop(0)
        else:
            print(f"measure.py: unknown option {flag}", file=sys.stderr)
            return 2
    if not args or len(args) < 2:
        print("measure.py: missing -- command", file=sys.stderr)
        return 2
    command = args[1:]

    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    started = time.perf_counter()
    stdout_target = open(to_file, "wb") if to_file else subprocess.PIPE
    child = subprocess.Popen(command, stdin=stdin, stdout=stdout_target, stderr=subprocess.PIPE)

    # stderr is read on a thread so a chatty command never blocks on it, whatever stdout does.
    stderr_chunks: list[bytes] = []
    stderr_reader = threading.Thread(target=lambda: stderr_chunks.append(child.stderr.read()), daemon=True)
    stderr_reader.start()

    if stall > 0:
        time.sleep(stall)
    stdout_bytes = 0
    stdout_lines = 0
    if to_file:
        _, status, usage = os.wait4(child.pid, 0)
        wall_ms = (time.perf_counter() - started) * 1000
        stdout_target.close()
        with open(to_file, "rb") as written:
            for chunk in iter(lambda: written.read(1 << 20), b""):
                stdout_bytes += len(chunk)
                stdout_lines += chunk.count(b"\n")
    else:
        out = open(save, "wb") if save else None
        fd = child.stdout.fileno()
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            stdout_bytes += len(chunk)
            stdout_lines += chunk.count(b"\n")
            if out:
                out.write(chunk)
        if out:
            out.close()
        _, status, usage = os.wait4(child.pid, 0)
        wall_ms = (time.perf_counter() - started) * 1000
    stderr_reader.join(timeout=5)
    stderr = b"".join(stderr_chunks).decode("utf-8", "replace")
    code = os.waitstatus_to_exitcode(status)
    print(
        json.dumps(
            {
                "wall_ms": round(wall_ms, 2),
                # Linux reports ru_maxrss in kilobytes.
                "max_rss_kb": usage.ru_maxrss,
                "user_ms": round(usage.ru_utime * 1000, 1),
                "sys_ms": round(usage.ru_stime * 1000, 1),
                "code": code,
                "stdout_bytes": stdout_bytes,
                "stdout_lines": stdout_lines,
                "stderr_tail": stderr[-2000:],
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
