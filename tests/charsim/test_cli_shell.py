"""The command line under what a shell gives it: pipes, FIFOs, process substitution, full disks,
closed streams, terminals that are not UTF-8 and Ctrl-C."""

import errno
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}  # the checkout's charsim, whatever is installed
CHARSIM = f"{sys.executable} -m charsim"


@pytest.fixture(autouse=True)
def _signals_as_in_a_terminal(request):
    """Each charsim started here gets Ctrl-C and SIGHUP as from a terminal, even where this run
    itself ignores them (a non-interactive shell's background job, ``nohup``): an ignored
    signal stays ignored in every child, a handled one is reset to the default."""
    for number, handler in (
        (signal.SIGINT, signal.default_int_handler),
        (signal.SIGHUP, signal.SIG_DFL),
    ):
        if signal.getsignal(number) == signal.SIG_IGN:
            signal.signal(number, handler)
            request.addfinalizer(lambda number=number: signal.signal(number, signal.SIG_IGN))


def shell(command: str, stdin: bytes = b"", **env) -> subprocess.CompletedProcess:
    """Run ``command`` in bash, where ``charsim`` is this checkout's command line."""
    return subprocess.run(
        ["bash", "-c", f'charsim() {{ {CHARSIM} "$@"; }}\n{command}'],
        input=stdin,
        capture_output=True,
        env={**ENV, **env},
        cwd=ROOT,
        timeout=120,
    )


def test_process_substitution_is_read_like_files():
    done = shell("charsim -i <(printf 'ca\\ncats\\n') -r <(printf 'cat\\ncat\\n') --format json")
    assert (done.returncode, done.stderr) == (0, b"")
    assert json.loads(done.stdout)["n_items"] == 2


def test_jsonl_from_dev_stdin_in_a_pipe():
    line = b'{"candidate": "ca", "references": ["cat"]}\n'
    done = shell("charsim --jsonl /dev/stdin --format json", stdin=line * 2)
    assert (done.returncode, done.stderr) == (0, b"")
    assert json.loads(done.stdout)["n_items"] == 2


def test_a_fifo_named_twice_is_read_once(tmp_path):
    """The same FIFO as two systems (the same file twice, as ``-i f f`` is) is held once."""
    (tmp_path / "ref.txt").write_text("cat\ncat\n", encoding="utf-8")
    os.mkfifo(tmp_path / "fifo")
    done = shell(
        f"cd {tmp_path} && (printf 'ca\\ncats\\n' > fifo &) && "
        f"timeout 20 {CHARSIM} -i fifo fifo -r ref.txt --format json"
    )
    assert (done.returncode, done.stderr) == (0, b"")
    systems = json.loads(done.stdout)["systems"]
    assert [s["score"] for s in systems] == [pytest.approx(0.5447, abs=1e-4)] * 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ("-i - - -r ref.txt", "'-' is named 2 times, but stdin can be read only once"),
        ("-i - -r /dev/stdin", "'-' and /dev/stdin are the same pipe"),
    ],
)
def test_stdin_named_twice_is_refused(tmp_path, args, message):
    (tmp_path / "ref.txt").write_text("cat\ncat\n", encoding="utf-8")
    done = shell(f"cd {tmp_path} && charsim {args}", stdin=b"ca\ncats\n")
    assert done.returncode == 1 and done.stdout == b""
    (line,) = done.stderr.decode().splitlines()
    assert line.startswith(f"charsim: error: <stdin>: {message}")


SCORING = "charsim -i <(printf 'ca\\n') -r <(printf 'cat\\n')"
COMMANDS = {
    "scoring": SCORING,
    "explain json": SCORING + " --explain 1 --format json",
    "help": "charsim --help",
    "version": "charsim --version",
    "article": "charsim article",
    "article help": "charsim article --help",
}


@pytest.mark.parametrize(
    ("into", "reason"),
    [("> /dev/full", "No space left on device"), (">&-", "standard output is closed")],
    ids=["full disk", "closed stdout"],
)
@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS)
def test_output_that_cannot_be_written_is_one_line_and_status_1(command, into, reason):
    done = shell(f"{command} {into}")
    assert done.stderr.decode().splitlines() == [
        f"charsim: error: cannot write the output ({reason})"
    ]
    assert done.returncode == 1


def test_a_usage_error_into_a_full_disk_keeps_its_status():
    """Nothing was to be written on stdout: the usage error is the only message."""
    done = shell("charsim --max-order 99 > /dev/full")
    assert done.returncode == 2
    assert "cannot write" not in done.stderr.decode()


def test_closed_stdin_is_one_line():
    done = shell("charsim -r <(printf 'cat\\n') <&-")
    assert (done.returncode, done.stdout) == (1, b"")
    assert done.stderr.decode().splitlines() == [
        "charsim: error: <stdin>: cannot be read (standard input is closed)"
    ]


@pytest.mark.parametrize("command", ["charsim --help", "charsim article"])
@pytest.mark.parametrize(
    "env",
    [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}],
    ids=["ascii", "C locale"],
)
def test_a_terminal_that_is_not_utf8_gets_escapes(command, env):
    done = shell(command, **env)
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert b"\\xa7" in done.stdout  # §, escaped


def _alive(pid: str) -> bool:
    """Whether process ``pid`` still runs (an ended one may linger as a zombie until reaped)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return "State:\tZ" not in status


def _scoring(tmp_path: Path, jobs: int) -> tuple[subprocess.Popen, list[str]]:
    """charsim scoring 60,000 items on ``jobs`` processes, in a session of its own, and its
    workers' ids, once it has scored for a second."""
    words = [" ".join(f"w{(i * 7 + j) % 97}x{j}" for j in range(12)) for i in range(60_000)]
    (tmp_path / "s.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("\n".join(reversed(words)) + "\n", encoding="utf-8")
    command = [sys.executable, "-m", "charsim", "-i", "s.txt", "-r", "r.txt", "--jobs", str(jobs)]
    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    deadline = time.monotonic() + 30
    while len(children.read_text().split()) < (jobs if jobs > 1 else 0):
        assert time.monotonic() < deadline, "the workers did not start"
        time.sleep(0.05)
    time.sleep(1.0)  # scoring is under way
    return process, children.read_text().split()


@pytest.mark.parametrize(
    ("jobs", "group"),
    [(1, False), (2, False), (2, True)],
    ids=["one process", "workers, SIGINT to charsim", "workers, Ctrl-C to the job"],
)
def test_ctrl_c_is_one_line_status_130_and_ends_the_workers(tmp_path, jobs, group):
    """SIGINT while items are scored; a terminal's Ctrl-C sends it to every process of the job."""
    process, workers = _scoring(tmp_path, jobs)
    (os.killpg if group else os.kill)(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert (process.returncode, out, err) == (130, b"", b"charsim: interrupted\n")
    assert not [pid for pid in workers if _alive(pid)]


ENDINGS = [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL, signal.SIGSEGV]


@pytest.mark.parametrize("ending", ENDINGS, ids=lambda ending: ending.name)
def test_the_workers_end_with_charsim_however_it_ends(tmp_path, ending):
    """charsim ended by a signal sent to it alone (``kill PID``), which runs none of its code
    (SIGSEGV: as a crash ends it): its workers end with it, so a caller reading its output until
    the pipe closes is not held. They lived on before, holding the pipe open."""
    process, workers = _scoring(tmp_path, jobs=2)
    assert len(workers) == 2
    os.kill(process.pid, ending)
    try:
        process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"after {ending.name}, the output's pipe was held open by a worker")
    assert process.returncode == -ending
    deadline = time.monotonic() + 5
    while [pid for pid in workers if _alive(pid)] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if _alive(pid)]


WITHOUT_PRCTL = """
import multiprocessing, os, sys, time
from charsim.cli import workers

def work(parent):
    workers._killed_with_parent = lambda: False  # as on a system without prctl
    workers._start_worker(parent)
    time.sleep(60)

if __name__ == "__main__":
    worker = multiprocessing.get_context("fork").Process(target=work, args=(os.getpid(),))
    worker.start()
    print(worker.pid, flush=True)
    time.sleep(60)
"""


def test_where_the_kernel_cannot_end_a_worker_it_ends_itself_once_its_parent_has_ended():
    """The fallback of :mod:`charsim.cli.workers` (a thread watching the parent's id), tried on
    Linux by leaving prctl out: SIGKILL to the parent, and the worker is gone within a second."""
    command = [sys.executable, "-c", WITHOUT_PRCTL]
    process = subprocess.Popen(command, env=ENV, stdout=subprocess.PIPE, start_new_session=True)
    worker = process.stdout.readline().decode().strip()
    time.sleep(0.3)
    assert _alive(worker)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    process.stdout.close()
    deadline = time.monotonic() + 1
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not _alive(worker)


def _session_ended(pgid: int, wait: float = 5.0) -> bool:
    """Whether every process of session ``pgid`` has ended (within ``wait`` seconds)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        if time.monotonic() > deadline:
            os.killpg(pgid, signal.SIGKILL)  # leave nothing behind for the next test
            return False
        time.sleep(0.05)


@pytest.mark.parametrize("after", [0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2], ids=str)
def test_ctrl_c_with_workers_and_sacrebleu_leaves_one_line_and_no_process(tmp_path, after):
    """Ctrl-C to the job ``after`` seconds once the first worker is forked, while the workers
    start, score or end: it gave ``Exception ignored ... Bad file descriptor`` (the pool's thread
    left running), ``InvalidStateError`` in the pool's thread and a hang (the workers ended
    before the pool dropped the cancelled chunks), or a worker that outlived the command (one
    forked as ``KeyboardInterrupt`` came)."""
    pytest.importorskip("sacrebleu")
    words = [" ".join(f"w{(i * 7 + j) % 97}x{j}" for j in range(12)) for i in range(60_000)]
    (tmp_path / "s.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("\n".join(reversed(words)) + "\n", encoding="utf-8")
    command = [
        sys.executable,
        "-m",
        "charsim",
        "-i",
        "s.txt",
        "-r",
        "r.txt",
        "--jobs",
        "2",
        "--metrics",
        "charsim,ter,chrf",
    ]
    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    deadline = time.monotonic() + 60
    while not children.read_text().split():
        assert time.monotonic() < deadline, "no worker started"
        time.sleep(0.002)
    time.sleep(after)
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        pytest.fail(f"charsim did not end after Ctrl-C: {err.decode()[-2000:]}")
    assert (process.returncode, out, err.decode()) == (130, b"", "charsim: interrupted\n")
    assert _session_ended(process.pid), "a worker outlived charsim"


_CTRL_C_AT_START = """
import os, signal, sys

class CtrlC:  # Ctrl-C just as module {module} is imported
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, CtrlC())
"""


_CTRL_C_ON_IMPORT = (
    _CTRL_C_AT_START
    + """
import tomllib
with open("pyproject.toml", "rb") as project:  # what the console script runs
    module, _, function = tomllib.load(project)["project"]["scripts"]["charsim"].partition(":")
exec(f"from {{module}} import {{function}} as main")  # as pip's generated script does
sys.exit(main())
"""
)


@pytest.mark.parametrize(
    ("module", "command"),
    [
        ("charsim.significance", "script"),
        ("charsim.cli.output", "script"),
        ("charsim.significance", "-m"),
        ("charsim.cli.output", "-m"),
    ],
    ids=[
        "import charsim",
        "import charsim.cli",
        "python -m charsim, import charsim",
        "python -m charsim, import charsim.cli",
    ],
)
def test_ctrl_c_while_the_command_line_is_imported_is_one_line(tmp_path, module, command):
    """The console script imported ``charsim.cli`` before any guard, and ``python -m charsim``
    imports ``charsim`` before ``__main__`` runs: a ``KeyboardInterrupt`` traceback.
    For ``-m`` the Ctrl-C comes from a ``sitecustomize`` module, which Python imports first."""
    if command == "script":
        script = _CTRL_C_ON_IMPORT.format(module=module)
        argv, env = [sys.executable, "-c", script, "--version"], ENV
    else:
        (tmp_path / "sitecustomize.py").write_text(_CTRL_C_AT_START.format(module=module))
        argv = [sys.executable, "-m", "charsim", "--version"]
        env = {**ENV, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}"}
    done = subprocess.run(argv, capture_output=True, env=env, cwd=ROOT, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (130, b"", b"charsim: interrupted\n")
    if command == "-m" and module == "charsim.significance":  # the guard is the command's
        imported = subprocess.run(
            [sys.executable, "-c", "import charsim; charsim.PairedResult"],
            capture_output=True,
            env=env,
            cwd=ROOT,
            timeout=60,
        )
        # only: code that uses charsim gets the KeyboardInterrupt (Python ends by SIGINT)
        assert imported.returncode == -signal.SIGINT
        assert imported.stderr.endswith(b"KeyboardInterrupt\n")


def test_the_entry_point_imports_nothing_of_the_command_before_its_guard():
    """The console script's ``from charsim.cli import main`` loads the package and the display
    protocol's registry only: the command line itself is imported under the Ctrl-C guard."""
    done = shell("charsim --version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().startswith("charsim ")
    lean = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from charsim.cli import main; "
            "print(sorted(m for m in sys.modules if m.startswith('charsim')))",
        ],
        capture_output=True,
        env=ENV,
        cwd=ROOT,
        timeout=60,
    )
    assert lean.stdout.decode().split() == [
        "['charsim',",
        "'charsim.cli',",
        "'charsim.metric',",
        "'charsim.metric.display']",
    ]


class _ShortWrites(io.RawIOBase):
    """An unbuffered stdout whose reader closes the pipe during the first write: that write
    takes 3 bytes, every later one fails."""

    def __init__(self) -> None:
        self.written = b""

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        if self.written:
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")
        self.written = bytes(data[:3])
        return 3


def test_unbuffered_output_cut_short_by_the_reader_ends_with_status_1(monkeypatch):
    """``PYTHONUNBUFFERED=1 charsim ... | head -1``: Python's unbuffered text stream drops what a
    short write leaves, so the reader's early close went unnoticed (status 0, the output cut
    off) where buffered output noticed it (status 1)."""
    from charsim.cli import streams as cli_streams

    raw = _ShortWrites()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="utf-8", write_through=True))
    status = cli_streams.run_guarded(lambda: sys.stdout.write("item\tscore\n1\t0.5\n") and 0)
    assert (status, raw.written) == (cli_streams.WRITE_FAILED, b"ite")


def test_a_reader_that_stops_early_ends_charsim_quietly_with_status_1(tmp_path):
    """``--sentence-level | head -1`` on 20,000 items (300 KB): status 0, Python having dropped
    the rest of its one big write unsaid, where output written in pieces gets status 1 as the
    reader closes the pipe."""
    items = 20_000
    words = [" ".join(f"w{(i * 7 + j) % 97}x{j}" for j in range(12)) for i in range(items)]
    (tmp_path / "s.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("\n".join(reversed(words)) + "\n", encoding="utf-8")
    files = f"-i {tmp_path / 's.txt'} -r {tmp_path / 'r.txt'} --sentence-level"
    done = shell(f"sleep 0 | charsim {files} | (sleep 0.3; head -1); echo ${{PIPESTATUS[1]}}")
    assert done.stderr == b""
    assert done.stdout.decode().splitlines()[-1] == "1"
    whole = shell(f"charsim {files} | wc -c")
    assert (
        int(whole.stdout) == len(shell(f"charsim {files}").stdout) > (300_000 if items > 3 else 0)
    )
