"""Reading a user's text file with a size limit: every failure is one clear InputError."""

from __future__ import annotations

from pathlib import Path

from manastack.errors import InputError


def read_text(path: str | Path, max_bytes: int) -> str:
    """The file's text (UTF-8, a byte-order mark allowed), refusing files over ``max_bytes``."""
    source = str(path)
    try:
        size = Path(path).stat().st_size
        if size > max_bytes:
            raise InputError(source, None, f"the file is {size} bytes; the limit is {max_bytes}")
        data = Path(path).read_bytes()
    except OSError as err:
        raise InputError(source, None, f"can't read the file: {err.strerror or err}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise InputError(source, line, "the file is not UTF-8 text") from None
