"""Files streamed line by line read exactly as whole bytes are read, with the same errors."""

import io
import sys
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from charsim.cli import main
from charsim.io.filestream import aligned_files, file_lines, jsonl_file
from charsim.io.textio import DataError, aligned_lines, decode_lines, items_from_jsonl

BOM = "\ufeff".encode()
pieces = st.sampled_from(
    [b"a", b"\n", b"\r", b"\r\n", BOM, b"\xff", b"\xe3\x81", "é".encode(), "が".encode(), b"", b" "]
)
raw_files = st.one_of(st.lists(pieces, max_size=12).map(b"".join), st.binary(max_size=40))


def _read(read, *args):
    """What ``read(*args)`` returns, or the message of the DataError it raises."""
    try:
        return read(*args)
    except DataError as error:
        return f"DataError: {error}"


@given(raw_files)
@settings(max_examples=300, deadline=None)
def test_streamed_lines_are_the_decoded_lines(tmp_path_factory, data):
    """BOM, \\r\\n, a missing final line break and bad UTF-8 (its line and byte) as decode_lines."""
    path = tmp_path_factory.mktemp("lines") / "f.txt"
    path.write_bytes(data)
    assert _read(lambda: list(file_lines(path))) == _read(decode_lines, data, str(path))


def test_only_a_carriage_return_before_a_line_feed_is_dropped(tmp_path):
    # a lone \r is a character of its line, at the end of the file too (it was dropped there)
    path = tmp_path / "f.txt"
    for data, lines in [(b"a\r", ["a\r"]), (b"a\r\n", ["a"]), (b"a\rb\r\nc\r", ["a\rb", "c\r"])]:
        path.write_bytes(data)
        assert decode_lines(data, "f.txt") == list(file_lines(path)) == lines


def test_a_file_that_cannot_be_opened_is_named(tmp_path):
    with pytest.raises(DataError, match=r"^/nonexistent/f\.txt: cannot be read \(No such file"):
        next(file_lines("/nonexistent/f.txt"))
    with pytest.raises(DataError, match=r": cannot be read \(Is a directory\)"):
        next(file_lines(tmp_path))


@pytest.fixture
def write(tmp_path):
    def write(name, data):
        path = tmp_path / name
        path.write_bytes(data.encode() if isinstance(data, str) else data)
        return str(path)

    return write


def _whole(systems, references):
    """aligned_lines on the whole files, as rows (candidates, references)."""
    read = [(path, decode_lines(open(path, "rb").read(), path)) for path in (*systems, *references)]
    candidates, reference_sets = aligned_lines(read[: len(systems)], read[len(systems) :])
    return list(zip(zip(*candidates, strict=True), reference_sets, strict=True))


@pytest.mark.parametrize(
    ("systems", "references"),
    [
        ({"s.txt": "a\nb\n"}, {"r.txt": "x\n\n"}),
        ({"s1.txt": "a\r\nb", "s2.txt": "\ufeffc\nd\n"}, {"r1.txt": "x\ny\n", "r2.txt": "\n\n"}),
        ({"s.txt": "a\nb\n"}, {"r.txt": "x\n"}),  # the system is longer
        ({"s.txt": "a\n"}, {"r1.txt": "x\n", "r2.txt": "x\ny\n"}),  # a reference file is longer
        ({"s.txt": "a\n"}, {"r.txt": b"x\xff\n"}),  # not UTF-8
        ({"s.txt": b"\xe3\x81\n"}, {"r.txt": "x\ny\n"}),  # not UTF-8 and a count that differs
    ],
)
def test_aligned_files_are_the_aligned_lines(write, systems, references):
    """Rows, and the first error (UTF-8 first, reference files first), as from whole files."""
    systems = [write(name, data) for name, data in systems.items()]
    references = [write(name, data) for name, data in references.items()]
    streamed = _read(lambda: list(aligned_files(systems, references).rows))
    assert streamed == _read(_whole, systems, references)


def test_the_count_is_known_before_reading_and_errors_come_first(write):
    stream = aligned_files([write("s.txt", "a\nb\nc\n")], [write("r.txt", "a\nb\nc\n")])
    assert (stream.names[0].endswith("s.txt"), stream.count) == (True, 3)
    with pytest.raises(DataError, match=r"s\.txt: has 2 lines but the references \(.*\) have 3"):
        aligned_files([write("s.txt", "a\nb\n")], [write("r.txt", "a\nb\nc\n")])  # not iterated


class _Stdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


@pytest.mark.parametrize(("lines", "has"), [("a\n", "1 line"), ("a\nb\nc\n", "3 lines")])
def test_stdin_whose_count_differs_is_named_at_its_end(write, monkeypatch, lines, has):
    monkeypatch.setattr(sys, "stdin", _Stdin(lines.encode()))
    ref = write("r.txt", "x\ny\n")
    stream = aligned_files(["-"], [ref])
    assert stream.count == 2  # from the reference file
    with pytest.raises(DataError) as error:
        list(stream.rows)
    assert str(error.value) == (
        f"<stdin>: has {has} but the references ({ref}) have 2; line counts must match"
    )


JSONL = (
    '{"candidate": "a", "references": ["a", "b"]}\n'
    "\n"
    '{"candidate": "", "references": [""]}\n'
    "  \n"
    '{"candidate": "c", "references": ["c"]}\n'
)


def test_jsonl_file_streams_the_items(write):
    path = write("d.jsonl", JSONL)
    stream = jsonl_file(path)
    items = items_from_jsonl(decode_lines(JSONL.encode(), path), path)
    assert (stream.names, stream.count) == ((path,), 3)  # blank lines are not items
    assert list(stream.rows) == [((item.candidate,), item.references) for item in items]


def test_jsonl_errors_name_the_line_when_it_is_read(write):
    stream = jsonl_file(write("d.jsonl", JSONL + '{"candidate": "d", "references": []}\n'))
    rows = iter(stream.rows)
    assert [next(rows) for _ in range(3)]  # the items before the bad line come first
    with pytest.raises(DataError, match=r"d\.jsonl, line 6: the reference set is empty \(K = 0\)"):
        next(rows)


def test_a_jsonl_file_that_is_not_utf8_stops_before_any_item(write):
    message = r"d\.jsonl, line 2: not valid UTF-8 \(byte 0xff at byte 1\)"
    with pytest.raises(DataError, match=message):
        jsonl_file(write("d.jsonl", b'{"candidate": "a", "references": ["a"]}\n\xff\n'))


def _peak_bytes(capsys, args) -> int:
    tracemalloc.start()
    assert main(args) == 0
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    capsys.readouterr()
    return peak


def test_the_command_line_holds_no_more_for_more_lines(write, capsys):
    """Without --sentence-level the files are streamed: 8 × the lines, no more memory (read
    whole, 8,000 lines took about 6 × the peak of 1,000)."""
    peaks = []
    for n in (100, 1_000, 8_000):  # the first run imports and fills caches
        sys_file = write(f"s{n}.txt", "".join(f"{i % 10}\n" for i in range(n)))
        ref = write(f"r{n}.txt", "".join(f"{i % 7}\n" for i in range(n)))
        peaks.append(_peak_bytes(capsys, ["-i", sys_file, "-r", ref, "--no-progress"]))
    assert peaks[2] < 1.3 * peaks[1]
