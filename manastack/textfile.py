"""The one way in (and out) for every file a user names: scenario files and folders, decklists,
records, ``--save`` targets. Every failure is one clear :class:`InputError`, never a traceback.

Only regular files are read: a FIFO with no writer would block the read forever, and a device
such as ``/dev/zero`` has no size (``st_size`` is 0) and never ends. The size limit is enforced
while reading, so a file that grows, or lies about its size, is still cut off at the limit.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from manastack.errors import InputError
from manastack.i18n import N_, Msg
from manastack.safetext import shown

_KIND = (
    (stat.S_ISDIR, N_("a folder")),
    (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
    (stat.S_ISCHR, N_("a character device")),
    (stat.S_ISBLK, N_("a block device")),
    (stat.S_ISSOCK, N_("a socket")),
)


def _why(err: OSError) -> str | Msg:
    """The OS error in words a user can act on."""
    if err.errno == errno.ENAMETOOLONG:
        return Msg("the path is too long")
    if err.errno == errno.ENOENT:
        return Msg("no such file")
    if err.errno in (errno.EACCES, errno.EPERM):
        return Msg("permission denied")
    if err.errno == errno.ENOTDIR:
        return Msg("a part of the path is not a folder")
    if err.errno == errno.ELOOP:
        return Msg("too many symbolic links")
    return str(err.strerror or err)


def _kind(mode: int) -> Msg:
    for test, what in _KIND:
        if test(mode):
            return Msg(what)
    return Msg("not a regular file")


def source_name(path: str | Path) -> str:
    """The path as it is shown in messages: escaped, and cut if very long."""
    text = str(path)
    if len(text) > 200:
        text = text[:200] + f"... ({len(text)} characters)"
    return shown(text)


def _check_path(path: str | Path) -> str:
    raw = os.fspath(path)
    if "\0" in raw:
        raise InputError(source_name(raw), None, "the path holds a NUL character")
    if not raw:
        raise InputError("''", None, "the path is empty")
    return raw


def path_kind(path: str | Path) -> str:
    """'file', 'folder', or raises InputError (missing, too long, NUL, not allowed ...)."""
    raw = _check_path(path)
    try:
        st = os.stat(raw)
    except (OSError, ValueError) as err:
        if isinstance(err, OSError):
            raise InputError(
                source_name(raw), None, "can't read the file: {why}", why=_why(err)
            ) from None
        raise InputError(source_name(raw), None, "the path can't be used") from None
    if stat.S_ISDIR(st.st_mode):
        return "folder"
    if stat.S_ISREG(st.st_mode):
        return "file"
    raise InputError(source_name(raw), None, "{kind}, not a regular file", kind=_kind(st.st_mode))


def read_bytes(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``, refusing anything else and more than
    ``max_bytes``."""
    raw = _check_path(path)
    source = source_name(raw)
    try:
        # O_NONBLOCK: opening a FIFO with no writer must not wait; regular files ignore it.
        fd = os.open(raw, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as err:
        raise InputError(source, None, "can't read the file: {why}", why=_why(err)) from None
    except ValueError:
        raise InputError(source, None, "the path can't be used") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(source, None, "{kind}, not a regular file", kind=_kind(st.st_mode))
        if st.st_size > max_bytes:
            raise InputError(
                source,
                None,
                "the file is {st_size} bytes; the limit is {max_bytes}",
                st_size=st.st_size,
                max_bytes=max_bytes,
            )
        chunks: list[bytes] = []
        total = 0
        while True:
            # Read one byte past the limit to know it was passed, whatever st_size said.
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise InputError(
                    source,
                    None,
                    "the file is over the limit of {max_bytes} bytes",
                    max_bytes=max_bytes,
                )
    except OSError as err:
        raise InputError(source, None, "can't read the file: {why}", why=_why(err)) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def read_text(path: str | Path, max_bytes: int) -> str:
    """The file's text (UTF-8, a byte-order mark allowed), refusing files over ``max_bytes``."""
    data = read_bytes(path, max_bytes)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise InputError(source_name(path), line, "the file is not UTF-8 text") from None


def _stat(raw: str) -> os.stat_result | None:
    """``os.stat``, None if nothing is there; any other failure is an InputError."""
    try:
        return os.stat(raw)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as err:
        why = _why(err) if isinstance(err, OSError) else Msg("the path can't be used")
        raise InputError(source_name(raw), None, "can't write here: {why}", why=why) from None


def check_writable(path: str | Path) -> None:
    """Refuse a target that can't be written as a file, before any work is done: a folder, a
    device, a FIFO, a missing or read-only folder, a bad path. Writes nothing."""
    raw = _check_path(path)
    source = source_name(raw)
    st = _stat(raw)
    if st is None:
        parent = os.path.dirname(raw) or "."
        pst = _stat(parent)
        if pst is None:
            raise InputError(source, None, "can't write here: no such folder")
        if not stat.S_ISDIR(pst.st_mode):
            raise InputError(source, None, "can't write here: the parent is not a folder")
        if not os.access(parent, os.W_OK):
            raise InputError(source, None, "can't write here: permission denied")
        if len(os.path.basename(raw)) > 255:
            raise InputError(source, None, "can't write here: the path is too long")
        return
    if not stat.S_ISREG(st.st_mode):
        raise InputError(source, None, "can't write here: {kind}", kind=_kind(st.st_mode))
    if not os.access(raw, os.W_OK):
        raise InputError(source, None, "can't write here: permission denied")


def write_text(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to the regular file ``path``; any failure is one InputError."""
    check_writable(path)
    raw = os.fspath(path)
    try:
        # Lone surrogates can't be written as UTF-8; a record escapes them itself (JSON).
        Path(raw).write_text(text, encoding="utf-8", errors="backslashreplace")
    except OSError as err:
        raise InputError(
            source_name(raw), None, "can't write the file: {why}", why=_why(err)
        ) from None
