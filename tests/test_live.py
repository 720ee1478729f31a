"""Live pushes: the changing thread sends a push itself only when that cannot block; otherwise the
phone's own thread does, so a phone that stopped reading holds up nobody."""
from __future__ import annotations

import socket

from companion.live import LiveHub
from companion.web.sockets import room_to_send


def connected_pair():
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    client = socket.create_connection(server.getsockname())
    conn, _ = server.accept()
    server.close()
    return conn, client


def test_a_push_goes_direct_only_while_the_send_buffer_has_room():
    conn, client = connected_pair()
    try:
        assert room_to_send(conn, 10_000)  # an idle socket takes a 10 KB push at once
        conn.setblocking(False)
        try:
            while True:  # a phone that stopped reading: its buffer fills up
                conn.send(b"x" * 65536)
        except BlockingIOError:
            pass
        assert not room_to_send(conn, 10_000)
        conn.close()
        assert not room_to_send(conn, 10_000)  # a closed socket is never written from outside
    finally:
        client.close()


def test_publish_queues_for_the_phones_own_thread_when_direct_delivery_declines():
    hub = LiveHub()
    delivered = []
    direct = hub.subscribe("t1", deliver=lambda v: delivered.append(v) or True)
    declined = hub.subscribe("t1", deliver=lambda v: False)
    plain = hub.subscribe("t1")
    hub.publish("t1", 4)
    assert delivered == [4] and direct.wait(0) is None  # sent directly: nothing queued
    assert declined.wait(0) == 4 and plain.wait(0) == 4  # left to their own threads
