"""Where games are played: in this process, in local worker processes, or as Ray tasks.

Work is a list of ``(job number, game index)`` pairs; game ``k`` of a job is always played by
:func:`manastack.simulate.play_index` with the seed ``game_seed(job.seed, k)``, so every backend
gives the same result for the same work. Results come back a chunk at a time (to ``on_chunk``)
in whatever order the chunks finish; callers put them in order by their work item.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from manastack.agents import GameResult

if TYPE_CHECKING:
    from manastack.simulate import Job

Work = tuple[int, int]
Done = list[tuple[Work, GameResult]]
OnChunk = Callable[[Done], None]
BACKENDS = ("local", "ray")


def play_chunk(jobs: Sequence[Job], chunk: Sequence[Work]) -> Done:
    from manastack.simulate import play_index

    return [((j, k), play_index(jobs[j], k)) for j, k in chunk]


def chunks(work: Sequence[Work], size: int) -> list[list[Work]]:
    return [list(work[i : i + size]) for i in range(0, len(work), size)]


_JOBS: Sequence[Job] = ()


def _init_worker(jobs: Sequence[Job]) -> None:
    global _JOBS
    _JOBS = jobs
    # Ctrl-C reaches the whole process group: the parent stops the pool and reports the
    # games so far; a worker must not print a traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _worker_chunk(chunk: Sequence[Work]) -> Done:
    return play_chunk(_JOBS, chunk)


def run_local(jobs: Sequence[Job], work: Sequence[Work], workers: int, on_chunk: OnChunk) -> None:
    """Play ``work`` here (``workers`` 1) or over local processes."""
    if workers <= 1 or len(work) <= 1:
        for item in work:
            on_chunk(play_chunk(jobs, [item]))
        return
    # Small chunks keep the workers evenly loaded; several per worker hide the IPC cost.
    size = max(1, min(16, len(work) // (workers * 8)))
    ctx = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")
    with ctx.Pool(workers, initializer=_init_worker, initargs=(jobs,)) as pool:
        for done in pool.imap_unordered(_worker_chunk, chunks(work, size)):
            on_chunk(done)


def _ray_chunk(jobs: Sequence[Job], chunk: Sequence[Work]) -> tuple[str, Done]:
    import ray

    return ray.get_runtime_context().get_node_id(), play_chunk(jobs, chunk)


def run_ray(
    jobs: Sequence[Job],
    work: Sequence[Work],
    on_chunk: OnChunk,
    *,
    address: str | None = None,
    chunk_size: int | None = None,
    nodes: set[str] | None = None,
) -> None:
    """Play ``work`` as Ray tasks of a chunk of games each, on the cluster at ``address``
    (``"auto"``: the one ``ray start`` began on this machine), or the one this process is
    already connected to, or a new local one. The ids of the nodes that ran tasks are added to
    ``nodes``. Ctrl-C cancels the tasks not yet finished."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
    # About eight tasks a CPU: the load evens out, and a task's overhead (milliseconds) stays
    # small against its games (tens of milliseconds each).
    size = chunk_size or max(1, min(64, len(work) // (cpus * 8)))
    task = ray.remote(num_cpus=1, max_retries=0)(_ray_chunk)
    jobs_ref: Any = ray.put(list(jobs))
    pending: list[Any] = [task.remote(jobs_ref, c) for c in chunks(work, size)]
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for node, done in ray.get(ready):
                if nodes is not None:
                    nodes.add(node)
                on_chunk(done)
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise


def run(
    jobs: Sequence[Job],
    work: Sequence[Work],
    on_chunk: OnChunk,
    *,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
) -> None:
    """Play ``work`` on ``backend`` ("local" with ``workers`` processes, or "ray")."""
    if backend == "local":
        run_local(jobs, work, workers, on_chunk)
    elif backend == "ray":
        run_ray(jobs, work, on_chunk, address=address)
    else:
        raise ValueError(f"unknown backend {backend!r}; the backends are: {', '.join(BACKENDS)}")
