"""A TCP proxy between Django and PostgreSQL that a test can cut, black-hole and restore.

It stands in for the network and the server going away without touching the shared
PostgreSQL that other tests (and CI) use: only connections made through the proxy feel it.
"""

import contextlib
import socket
import threading

COMMIT_MESSAGE = b"COMMIT\x00"  # psycopg sends a commit as the simple query "COMMIT"


def _reset(sock: socket.socket) -> None:
    """Drop a connection now: shutdown() wakes a thread blocked reading it (close() alone
    would wait for that read), and a zero linger makes the close a reset."""
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        sock.close()


class _Pair:
    def __init__(self, client: socket.socket, server: socket.socket):
        self.client, self.server = client, server
        self.muted = False  # the server's answers are swallowed (the trap fired)
        self.closed = False
        self.lock = threading.Lock()

    def close(self) -> None:
        with self.lock:
            if self.closed:
                return
            self.closed = True
        _reset(self.client)
        _reset(self.server)


class PgProxy:
    """`forward` relays; `refuse` resets every new connection (the server is down); `blackhole`
    accepts and never answers (a host that stopped answering). `cut()` drops live connections.
    `trap(marker)` forwards the next message that holds `marker` (COMMIT_MESSAGE: the next
    COMMIT) to the server, then drops the connection without relaying the server's answer: it
    was done, the client never hears of it."""

    def __init__(self, upstream: tuple[str, int]):
        self.upstream = upstream
        self.mode = "forward"
        self.pairs: set[_Pair] = set()
        self.holes: list[socket.socket] = []
        self.lock = threading.Lock()
        self.trapped = b""
        self.swallowed = threading.Event()
        self.stopped = threading.Event()
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(128)
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        self.threads = [threading.Thread(target=self._accept, daemon=True, name="pg-proxy")]
        self.threads[0].start()

    # ---- what the test does

    def cut(self) -> None:
        """Drop every connection that is open through the proxy."""
        with self.lock:
            pairs, self.pairs = list(self.pairs), set()
            holes, self.holes = self.holes, []
        for pair in pairs:
            pair.close()
        for hole in holes:
            _reset(hole)

    def down(self, mode: str = "refuse") -> None:
        """The database is gone: live connections drop, new ones are refused (or hang)."""
        assert mode in ("refuse", "blackhole")
        self.mode = mode
        self.cut()

    def up(self) -> None:
        self.cut()  # sockets left hanging in the black hole
        self.mode = "forward"

    def trap(self, marker: bytes) -> None:
        self.swallowed.clear()
        self.trapped = marker

    def close(self) -> None:
        self.stopped.set()
        self.cut()
        with contextlib.suppress(OSError):
            self.listener.close()
        for thread in self.threads:
            thread.join(timeout=2)

    # ---- inside

    def _accept(self) -> None:
        while not self.stopped.is_set():
            try:
                client, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            client.settimeout(None)
            if self.mode == "refuse":
                _reset(client)
                continue
            if self.mode == "blackhole":
                with self.lock:
                    self.holes.append(client)
                continue
            try:
                server = socket.create_connection(self.upstream, timeout=5)
            except OSError:
                _reset(client)
                continue
            server.settimeout(None)
            pair = _Pair(client, server)
            with self.lock:
                self.pairs.add(pair)
            for source, target, upstream in ((client, server, True), (server, client, False)):
                thread = threading.Thread(target=self._pump, args=(pair, source, target, upstream),
                                          daemon=True, name="pg-proxy-pump")
                thread.start()

    def _pump(self, pair: _Pair, source: socket.socket, target: socket.socket,
              upstream: bool) -> None:
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                if upstream and self.trapped and self.trapped in data:
                    self.trapped = b""
                    pair.muted = True  # before the server can answer
                elif not upstream and pair.muted:
                    self.swallowed.set()  # the server answered: drop it
                    break
                target.sendall(data)
        except OSError:
            pass
        finally:
            pair.close()
            with self.lock:
                self.pairs.discard(pair)
