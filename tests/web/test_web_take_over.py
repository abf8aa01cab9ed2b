"""A seat's hand open on one phone is not silently opened on a second device: the second is
asked first, and takes the hand over only when its player says so. The phone that holds the
seat opens it again (a reload) without a question."""
from __future__ import annotations

from web_devices import Phone, open_stream


def holding(app, game: str, colour: str):
    """A phone that opened its hand and keeps its live updates open: it holds the seat."""
    phone = Phone(app, game, colour)
    assert phone.client.get(f"/hand/{game}/{phone.token}").status_code == 200
    stream = open_stream(phone.client, f"/live/{game}?token={phone.token}")
    stream.next()
    return phone, stream


def test_a_second_device_opening_a_held_seat_is_asked_before_taking_it_over(app, game):
    first, stream = holding(app, game, "red")
    try:
        second = Phone(app, game, "red")
        page = second.client.get(f"/hand/{game}/{second.token}", headers={"Accept-Language": "ru"})
        text = page.get_data(as_text=True)
        assert page.status_code == 200 and "уже открыта на другом устройстве" in text
        assert "data-kind=\"hand\"" not in text
    finally:
        stream.close()


def test_the_second_device_takes_the_hand_when_its_player_says_so(app, game):
    first, stream = holding(app, game, "red")
    try:
        second = Phone(app, game, "red")
        page = second.client.get(f"/hand/{game}/{second.token}?take=1")
        assert 'data-kind="hand"' in page.get_data(as_text=True)
    finally:
        stream.close()


def test_the_phone_holding_the_seat_reopens_it_without_a_question(app, game):
    first, stream = holding(app, game, "red")
    try:
        page = first.client.get(f"/hand/{game}/{first.token}")
        assert 'data-kind="hand"' in page.get_data(as_text=True)
    finally:
        stream.close()


def test_a_seat_nobody_holds_opens_at_once(app, game):
    phone = Phone(app, game, "blue")
    assert 'data-kind="hand"' in phone.client.get(f"/hand/{game}/{phone.token}").get_data(as_text=True)
