"""``python -m explorer serve`` on a port that is taken: a clear message, no traceback."""

import socket

from explorer.build import serve


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
