"""crib.tools.room without a server: the key, the page names, the caps, the options."""

from __future__ import annotations

import hmac
from unittest import mock

import pytest

from crib.tools import room as room_mod
from crib.tools.room import Room, _Request, total_cap
from crib.tools.room_options import class_setup, take_room_options
from crib.tools.room_pages import refusal_html
from crib.ui.teacher.join import join_html
from tests.loops import run as _run


def test_the_key_is_random_per_start_and_compared_in_constant_time() -> None:
    keys = {Room().key for _ in range(20)}
    assert len(keys) == 20 and all(len(k) >= 24 for k in keys)
    r = Room(key="s3cret")
    with mock.patch.object(room_mod.hmac, "compare_digest", wraps=hmac.compare_digest) as cd:
        assert r.key_ok("s3cret") and not r.key_ok("s3cre") and not r.key_ok("S3cret")
        assert r.key_ok(b"s3cret")
    assert cd.call_count == 4  # every comparison goes through compare_digest
    assert not r.key_ok(None) and not r.key_ok("")


@pytest.mark.parametrize(
    "path",
    ["teacher.ipynb", "./teacher.ipynb", "x/../teacher.ipynb", "/teacher.ipynb", "TEACHER.ipynb"],
)
def test_every_spelling_of_the_teacher_page_is_the_teacher_page(path: str) -> None:
    assert Room().is_teacher_page(path)


@pytest.mark.parametrize("path", ["trainer.ipynb", "teacher.ipynb.bak", "sub/teacher.ipynb"])
def test_other_pages_are_not(path: str) -> None:
    assert not Room().is_teacher_page(path)


class FakeKM:
    """The part of voila's kernel manager the room reads."""

    def __init__(self) -> None:
        self.kernels: set[str] = set()
        self._kernel_connections: dict[str, int] = {}
        self.shut: list[str] = []
        self.n = 0

    def __contains__(self, kid: str) -> bool:
        return kid in self.kernels

    def list_kernel_ids(self) -> list[str]:
        return sorted(self.kernels)

    async def start_kernel(self, **kw: object) -> str:
        self.n += 1
        kid = f"k{self.n}"
        self.kernels.add(kid)
        self._kernel_connections[kid] = 0
        return kid

    async def shutdown_kernel(self, kid: str) -> None:
        self.shut.append(kid)
        self.kernels.discard(kid)


def _open(room: Room, km: FakeKM, ip: str, page: str = "trainer.ipynb", teacher: bool = False):
    async def go() -> tuple[str | None, str]:
        req, why = await room.admit(ip, page, teacher)
        if req is None:
            return None, why
        token = room_mod._REQUEST.set(req)
        try:
            kid = await km.start_kernel(env={"VOILA_PREHEAT": "False"})
        finally:
            room_mod._REQUEST.reset(token)
        return kid, ""

    return _run(go())


def test_a_client_gets_its_cap_of_pages_then_a_refusal_and_no_kernel() -> None:
    km, room = FakeKM(), Room(per_client=3, total=10)
    room.install(km)
    got = [_open(room, km, "10.0.0.5") for _ in range(5)]
    assert [why for _k, why in got] == ["", "", "", "client", "client"]
    assert len(km.kernels) == 3 and room.held("10.0.0.5") == 3
    assert _open(room, km, "10.0.0.6")[0] is not None  # another device is not affected
    assert room.status()["by_client"] == {"10.0.0.5": 3, "10.0.0.6": 1}


def test_closed_pages_give_their_kernels_back_to_their_own_device_only() -> None:
    km, room = FakeKM(), Room(per_client=2, total=10, grace=0.0)
    room.install(km)
    a = [_open(room, km, "10.0.0.5")[0] for _ in range(2)]
    b = _open(room, km, "10.0.0.6")[0]
    km._kernel_connections[a[0]] = 1  # page a0 is open (its websocket is connected)
    kid, why = _open(room, km, "10.0.0.5")  # a reload: the closed page a1 is shut down
    assert why == "" and km.shut == [a[1]] and b in km.kernels and a[0] in km.kernels
    km._kernel_connections[kid] = 1
    assert _open(room, km, "10.0.0.5")[1] == "client"  # both open: refused


def test_a_page_still_loading_keeps_its_kernel() -> None:
    km, room = FakeKM(), Room(per_client=1, total=10, grace=3600.0)
    room.install(km)
    _open(room, km, "10.0.0.5")
    assert _open(room, km, "10.0.0.5")[1] == "client" and km.shut == []


def test_the_total_cap_refuses_students_but_not_the_teacher() -> None:
    km, room = FakeKM(), Room(per_client=5, total=3)
    room.install(km)
    for i in range(3):
        assert _open(room, km, f"10.0.0.{i}")[1] == ""
    assert _open(room, km, "10.0.0.9")[1] == "total"
    kid, why = _open(room, km, "127.0.0.1", page="teacher.ipynb", teacher=True)
    assert why == "" and room.is_teacher_kernel(kid)


def test_a_reservation_without_a_kernel_is_released() -> None:
    room = Room(per_client=1, total=5)
    room.install(FakeKM())
    req, _ = _run(room.admit("10.0.0.5", "trainer.ipynb", False))
    assert isinstance(req, _Request) and room.held("10.0.0.5") == 1
    room.release(req)
    room.release(req)  # twice is once
    assert room.held("10.0.0.5") == 0 and not room.pending


def test_kernels_started_by_the_pool_belong_to_nobody() -> None:
    km, room = FakeKM(), Room()
    room.install(km)

    async def go() -> None:
        token = room_mod._REQUEST.set(_Request("10.0.0.5", "trainer.ipynb"))
        try:  # a refill task copies the request's context: its kernel is the pool's
            await km.start_kernel(env={"VOILA_PREHEAT": "True"})
        finally:
            room_mod._REQUEST.reset(token)

    _run(go())
    assert len(km.kernels) == 1 and not room.owners


def test_refusal_pages_say_why_and_carry_no_script() -> None:
    for why, words in (
        ("key", "Not allowed"),
        ("client", "Too many open pages"),
        ("total", "full"),
    ):
        page = refusal_html(why, "http://h/voila/render/trainer.ipynb")
        assert words in page and "<script" not in page and "kernel" not in page.lower()


def test_room_options_and_defaults() -> None:
    opts, rest = take_room_options(["d", "--class", "--max-pages-per-client", "6"])
    assert opts == {
        "class": True,
        "lan": None,
        "max_pages": None,
        "per_client": 6,
        "cull_after": None,
        "cull_grace": None,
        "page_pool": None,
    }
    assert rest == ["d"]
    assert take_room_options(["--lan=192.0.2.7"])[0]["lan"] == "192.0.2.7"
    assert total_cap(12) == 32
    room, host, out = class_setup(12, {**opts, "lan": ""}, ["d", "--Voila.ip=127.0.0.1"])
    assert "--Voila.ip=0.0.0.0" in out and "--Voila.ip=127.0.0.1" not in out
    assert "--MappingKernelManager.cull_idle_timeout=180" in out and host != "0.0.0.0"
    assert room.per_client == 6 and room.total == 32 and room.students == 12
    assert (room.cull_after, room.hand_grace) == (180, 60)
    _r, host, out = class_setup(None, opts, ["d", "--MappingKernelManager.cull_idle_timeout=60"])
    assert out.count("--MappingKernelManager.cull_idle_timeout=60") == 1
    assert host == "127.0.0.1" and not any(a.startswith("--Voila.ip") for a in out)
    assert class_setup(None, {**opts, "lan": "192.0.2.9"}, ["d"])[1] == "192.0.2.9"


def test_the_join_box_shows_the_link_as_a_qr_code_beside_the_code(monkeypatch) -> None:
    monkeypatch.delenv("CRIB_STUDENT_URL", raising=False)
    plain = join_html("K7Q2PX", "Class 1")
    assert "K7Q2PX" in plain and "<svg" not in plain
    monkeypatch.setenv("CRIB_STUDENT_URL", "http://192.0.2.2:8866/voila/render/trainer.ipynb")
    box = join_html("K7Q2PX", "Class 1")
    assert "<svg" in box and "K7Q2PX" in box and "192.0.2.2:8866/voila/render/trainer.ipynb" in box
    assert 'aria-label="QR code of the link"' in box


def test_the_qr_code_decodes_to_the_link() -> None:
    """The QR matrix that the SVG draws is the link's (qrcode's own encoder, read back)."""
    import qrcode

    url = "http://192.0.2.2:8866/voila/render/trainer.ipynb"
    q = qrcode.QRCode(border=0)
    q.add_data(url)
    q.make()
    assert q.data_list[0].data == url.encode()
    assert q.version <= 5  # small enough for a phone across a classroom
