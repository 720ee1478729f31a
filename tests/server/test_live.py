"""Live pushes: a publish reaches every page of the table, each through its own queue, and a page
that was busy reads only the newest version."""
from __future__ import annotations

from companion.live import LiveHub


def test_a_publish_reaches_each_page_of_its_table_and_a_busy_page_reads_the_newest():
    hub = LiveHub()
    ann, bob, other = hub.subscribe("t1"), hub.subscribe("t1"), hub.subscribe("t2")
    hub.publish("t1", 4)
    assert ann.wait(0) == 4
    hub.publish("t1", 5)
    assert ann.wait(0) == 5 and bob.wait(0) == 5  # Bob was busy through 4 and 5: the newest alone
    assert other.wait(0) is None and bob.wait(0) is None
    hub.unsubscribe(ann)
    hub.publish("t1", 6)
    assert ann.wait(0) is None and bob.wait(0) == 6
