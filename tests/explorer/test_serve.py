"""``python -m explorer serve`` on a port that is taken: a clear message, no traceback; a link
longer than the server reads: a page that says why."""

import http.client
import socket

import pytest

from explorer.site_build import serve


def test_a_taken_port_gives_a_message(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(serve, "is_stale", lambda out: False)  # no build: the port is the point
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status = serve.main(["--port", str(port), "--out", str(tmp_path)])
    assert status == 1
    assert capsys.readouterr() == (
        "",
        f"python -m explorer serve: error: cannot serve on 127.0.0.1:{port}: Address already "
        "in use; choose another port with "
        "--port N (in a clone of the repository: make explorer PORT=N)\n",
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port", "99999"], "argument --port: '99999' is not a port: give 0 to 65535"),
        (["--port", "-1"], "argument --port: '-1' is not a port: give 0 to 65535"),
        (["--out", __file__], f"--out {__file__} is a file, not a site folder"),
    ],
)
def test_a_bad_port_or_folder_is_a_usage_error_before_any_build(argv, message, capsys, monkeypatch):
    monkeypatch.setattr(serve.build, "main", lambda argv: pytest.fail("built"))
    with pytest.raises(SystemExit) as stop:
        serve.main(argv)
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"python -m explorer serve: error: {message}"


def test_the_port_is_taken_before_a_missing_site_is_built(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(serve.build, "main", lambda argv: pytest.fail("built before the port"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert serve.main(["--port", str(port), "--out", str(tmp_path / "typo")]) == 1
    assert "Address already in use" in capsys.readouterr().err


def test_the_explorer_command_gives_help_and_names_an_unknown_command(capsys):
    from explorer.__main__ import main

    assert main(["--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: python -m explorer {build,serve}")
    assert main(["bogus"]) == 2  # the last line as argparse's: "prog: error: ..."
    assert capsys.readouterr().err.endswith(
        "\npython -m explorer: error: unknown command 'bogus' (build or serve)\n"
    )
    assert main([]) == 2
    assert capsys.readouterr().err.endswith(
        "\npython -m explorer: error: a command is needed (build or serve)\n"
    )


@pytest.mark.parametrize("command", ["build", "serve"])
def test_each_command_s_help_is_for_its_users_not_its_developers(command, capsys):
    """``--help`` says what the command does in plain text: no reStructuredText of the
    module's docstring (``literal``, :mod:`roles`), no contributor's paths."""
    from explorer.__main__ import main

    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: python -m explorer {command}")
    assert (
        "``" not in out and ":mod:" not in out and ":data:" not in out and "index.html" not in out
    )


def test_a_link_longer_than_the_server_reads_is_refused_with_the_reason(tmp_path):
    (tmp_path / "index.html").write_text("<p>explorer</p>", encoding="utf-8")
    server, url = serve.serve_in_thread(tmp_path)
    try:
        connection = http.client.HTTPConnection(*url.removeprefix("http://").strip("/").split(":"))
        connection.request("GET", "/?c=" + "a" * 70_000)
        response = connection.getresponse()
        body = response.read().decode("utf-8")
        assert response.status == 414
        assert "longer than this server reads (65,536 characters)" in body
        assert "Message: This link is too long for this server." in body
        assert "Request-URI" not in body and ".." not in body  # not the stock line and stops
        connection.request("GET", "/?c=" + "a" * 60_000)
        assert connection.getresponse().status == 200
    finally:
        server.shutdown()
        server.server_close()


def test_a_browser_leaving_mid_response_prints_nothing_other_errors_print(tmp_path, capsys):
    """A download cut by the browser (a broken pipe, a reset) is not reported; another error
    of a request is, as the standard library reports it."""
    server = serve.make_server(tmp_path)
    try:
        for cut in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "reset")):
            try:
                raise cut
            except OSError:
                server.handle_error(None, ("127.0.0.1", 1))
        assert capsys.readouterr().err == ""
        try:
            raise ValueError("a bug")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert "ValueError: a bug" in capsys.readouterr().err
    finally:
        server.server_close()


def test_a_file_shipped_only_gzip_compressed_is_sent_with_content_encoding(tmp_path):
    """The browser unpacks it off the worker's thread; a file with a plain copy is sent as it
    is when asked for by its ``.gz`` name; a compressed file the browser has is not sent again."""
    import gzip

    (tmp_path / "snapshot.gz").write_bytes(gzip.compress(b"memory"))
    (tmp_path / "page.js").write_text("js")
    (tmp_path / "page.js.gz").write_bytes(gzip.compress(b"js"))
    server, base = serve.serve_in_thread(tmp_path)
    try:
        connection = http.client.HTTPConnection(*base[7:-1].split(":"))
        answers = {}
        for name in ("snapshot.gz", "page.js.gz"):
            connection.request("GET", f"/{name}", headers={"Accept-Encoding": "gzip"})
            response = connection.getresponse()
            answers[name] = response.getheader("Content-Encoding"), gzip.decompress(response.read())
        modified = response.getheader("Last-Modified")
        asked = {"Accept-Encoding": "gzip", "If-Modified-Since": modified}
        connection.request("GET", "/snapshot.gz", headers=asked)
        again = connection.getresponse()
        assert (again.status, again.read()) == (304, b"")  # a second worker's copy: not sent
    finally:
        server.shutdown()
        server.server_close()
    assert answers == {"snapshot.gz": ("gzip", b"memory"), "page.js.gz": (None, b"js")}


def test_a_brotli_copy_is_sent_to_a_browser_that_accepts_brotli(tmp_path):
    """The build's ``.br`` copy (of a file, or of what a file shipped only gzip-compressed
    holds) goes to a browser that accepts ``br``, gzip's to one that does not."""
    import gzip

    memory, wasm = gzip.compress(b"memory", mtime=0), gzip.compress(b"wasm", mtime=0)
    (tmp_path / "snapshot.gz").write_bytes(memory)
    (tmp_path / "snapshot.br").write_bytes(b"brotli of memory")
    (tmp_path / "core.wasm").write_bytes(b"wasm")
    (tmp_path / "core.wasm.gz").write_bytes(wasm)
    (tmp_path / "core.wasm.br").write_bytes(b"brotli of wasm")
    server, base = serve.serve_in_thread(tmp_path)
    try:
        connection = http.client.HTTPConnection(*base[7:-1].split(":"))
        answers = []
        for name, accepted in [
            ("snapshot.gz", "gzip, deflate, br"),
            ("core.wasm", "br"),
            ("core.wasm", "gzip"),
            ("snapshot.gz", "gzip"),
        ]:
            connection.request("GET", f"/{name}", headers={"Accept-Encoding": accepted})
            response = connection.getresponse()
            answers.append((response.getheader("Content-Encoding"), response.read()))
    finally:
        server.shutdown()
        server.server_close()
    assert answers == [
        ("br", b"brotli of memory"),
        ("br", b"brotli of wasm"),
        ("gzip", wasm),
        ("gzip", memory),
    ]
