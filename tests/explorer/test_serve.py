"""``python -m explorer serve`` on a port that is taken: a clear message, no traceback; a link
longer than the server reads: a page that says why."""

import http.client
import socket

from explorer.site_build import serve


def test_a_taken_port_gives_a_message(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(serve, "is_stale", lambda out: False)  # no build: the port is the point
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status = serve.main(["--port", str(port), "--out", str(tmp_path)])
    assert status == 1
    assert capsys.readouterr().out == (
        f"cannot serve on 127.0.0.1:{port}: Address already in use; choose another port with "
        "--port N (make explorer PORT=N)\n"
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
