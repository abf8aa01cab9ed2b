"""Finding the board and opening ports by path or pyserial URL."""
from __future__ import annotations

from types import SimpleNamespace

from sensor import link as link_module
from sensor.link import SensorLink, find_board_port, open_port
from sensor_harness import wait_until


def test_board_found_by_usb_ids(monkeypatch):
    ports = [SimpleNamespace(device="/dev/ttyACM1", vid=0x2E8A, pid=0x0005),
             SimpleNamespace(device="/dev/ttyUSB0", vid=0x10C4, pid=0xEA60),
             SimpleNamespace(device="/dev/ttyS0", vid=None, pid=None)]
    monkeypatch.setattr(link_module.list_ports, "comports", lambda: ports)
    assert find_board_port() == ["/dev/ttyACM1"]
    assert find_board_port([(0x10C4, 0xEA60)]) == ["/dev/ttyUSB0"]


def test_pyserial_url_opens():
    port = open_port("loop://")
    try:
        port.write(b"$1 HI*0000\n")
        assert port.read(11) == b"$1 HI*0000\n"
    finally:
        port.close()


def test_configured_port_from_environment(monkeypatch):
    monkeypatch.setenv(link_module.ENV_PORT, "loop://")
    assert SensorLink().port_spec == "loop://"


def test_link_keeps_trying_a_missing_port_without_crashing(tmp_path):
    link = SensorLink(str(tmp_path / "nothing"), retry_s=0.02)
    link.start()
    try:
        wait_until(lambda: link.last_error is not None)
        assert not link.connected
    finally:
        link.stop()


def test_silent_port_is_dropped_and_reopened():
    link = SensorLink("loop://", retry_s=0.02, silence_s=0.2)
    link.start()
    try:
        wait_until(lambda: link.with_session(lambda s: s.stats.connects) >= 2)
        assert "silent" in (link.last_error or "")
    finally:
        link.stop()
