"""Fixtures of the command line's tests (test_cli.py, test_cli_errors.py)."""

import pytest


@pytest.fixture
def files(tmp_path):
    """``files(name, text)``: writes ``text`` (UTF-8) into ``name`` in the test's folder and
    returns its path."""

    def write(name, text):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write
