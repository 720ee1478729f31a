"""Live pushes: the changing thread sends a push itself only when that cannot block; otherwise the
phone's own thread does, so a phone that stopped reading holds up nobody."""
from __future__ import annotations

import socket

from companion.live import LiveHub
from companion.web.sockets import SendRoom


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
        room = SendRoom(conn)
        assert room.fits(10_000)  # an idle socket takes a 10 KB push at once
        conn.setblocking(False)
        try:
            while True:  # a phone that stopped reading: its buffer fills up
                room.sent(conn.send(b"x" * 65536))  # every push sent is counted against the room
        except BlockingIOError:
            pass
        assert not room.fits(10_000)
        conn.close()
        assert not room.fits(10_000)  # a closed socket is never written from outside
    finally:
        client.close()


def test_publish_queues_for_the_phones_own_thread_when_direct_delivery_declines():
    hub = LiveHub()
    delivered = []
    shared_by = []
    direct = hub.subscribe("t1", deliver=lambda v, shared: delivered.append(v) or shared_by.append(shared) or True)
    declined = hub.subscribe("t1", deliver=lambda v, shared: shared_by.append(shared) and False)
    plain = hub.subscribe("t1")
    hub.publish("t1", 4)
    assert delivered == [4] and direct.wait(0) is None  # sent directly: nothing queued
    assert declined.wait(0) == 4 and plain.wait(0) == 4  # left to their own threads
    # The subscribers of one publish share one dict (a push rendered once per view).
    assert len(shared_by) == 2 and shared_by[0] is shared_by[1]
    hub.publish("t1", 5)
    assert shared_by[2] is not shared_by[0]  # and the next publish starts afresh
