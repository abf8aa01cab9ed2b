"""The camera as a tray source: frames in, a settled count out, for pushed and watched frames."""
import time

import cv2
import numpy as np

from companion.kits.tower.source import Doubt, Throw, TraySource
from devtools import tray_photos as synth
from vision.source import CameraTraySource

FPS = 30.0


class ReplayCapture:
    """Stands in for cv2.VideoCapture: replays generated frames, then reports the end."""

    def __init__(self, images):
        self.images = list(images)
        self.index = 0
        self.released = False

    def read(self):
        if self.index >= len(self.images):
            return False, None
        image = self.images[self.index]
        self.index += 1
        return True, image

    def release(self):
        self.released = True

    def clock(self):
        return self.index / FPS


def _throw():
    return Throw(thrown={c: 10 for c in synth.CUBE_COLOURS}, inside={})


def test_is_a_tray_source(sessions):
    source: TraySource = CameraTraySource(sessions[4][3])
    assert source.name == "camera"
    source.begin_throw(_throw())
    assert source.poll() is None


def test_pushed_frames_settle_only_after_the_cubes_stop(sessions):
    session, _, _, calibration, _ = sessions[4]
    frames = synth.settling(session, 21, total=7, moving=5, still=9)
    source = CameraTraySource(calibration)
    source.begin_throw(_throw())
    stable_at = None
    for i, (image, truth) in enumerate(frames):
        ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])
        reading = source.push_frame(jpeg.tobytes(), timestamp=i / FPS)
        if truth.moving:
            assert not reading.stable, i
        elif reading.stable and stable_at is None:
            stable_at = i
            assert reading.counts == truth.counts
    assert stable_at is not None
    assert (stable_at - 5) / FPS <= 0.5
    reading = source.poll()
    assert reading.extra["annotated_jpeg"][:2] == b"\xff\xd8"
    assert cv2.imdecode(np.frombuffer(reading.extra["annotated_jpeg"], np.uint8), cv2.IMREAD_COLOR).shape == image.shape


def test_watching_a_camera_reads_on_a_thread_until_the_stream_ends(sessions):
    session, _, _, calibration, _ = sessions[4]
    frames = synth.settling(session, 22, total=5, moving=3, still=6)
    capture = ReplayCapture(image for image, _ in frames)
    source = CameraTraySource(calibration, clock=capture.clock)
    source.begin_throw(_throw())
    source.watch(capture)
    deadline = time.monotonic() + 20
    while source.watching and time.monotonic() < deadline:
        time.sleep(0.02)
    assert capture.released
    reading = source.poll()
    assert reading is not None and reading.stable
    assert reading.counts == frames[-1][1].counts


def test_counts_beyond_what_was_thrown_are_doubted(sessions):
    session, _, _, calibration, _ = sessions[4]
    rng = np.random.default_rng(2)
    cubes = synth.place_cubes(session, rng, ["red"] * 3, tilt=0.0, cluster=0.0)
    image, truth = synth.render(session, cubes, seed=1)
    source = CameraTraySource(calibration, annotate_frames=False)
    source.begin_throw(Throw(thrown={"red": 1}, inside={"red": 1}))
    for i in range(6):
        reading = source.push_frame(image, timestamp=i / FPS)
    assert reading.counts["red"] == 3
    assert not reading.stable and reading.confidence <= 0.3
    assert Doubt("doubt.too_many", {"colours": ["red"]}) in reading.doubts
    assert "more red cubes" in reading.note  # the English for logs


def test_begin_throw_forgets_the_last_tray(sessions):
    session, _, reference, calibration, _ = sessions[4]
    source = CameraTraySource(calibration, annotate_frames=False)
    source.begin_throw(_throw())
    source.push_frame(reference, timestamp=0.0)
    assert source.poll() is not None
    source.begin_throw(_throw())
    assert source.poll() is None


def test_a_source_calibrated_again_counts_with_the_new_calibration_from_the_next_frame(sessions):
    """The table calibrates again when the camera or the light moved; whoever follows the
    source keeps following the same one."""
    session, _, _, calibration, counter = sessions[4]
    image = synth.scene(session, 5, total=5).image
    source = CameraTraySource(sessions[1][3], annotate_frames=False)
    source.begin_throw(_throw())
    source.push_frame(image, timestamp=0.0)
    source.recalibrate(calibration)
    assert source.poll() is None
    for i in range(5):
        reading = source.push_frame(image, timestamp=i / FPS)
    assert reading.stable and reading.counts == counter.count(image).counts


def test_the_engine_turns_a_settled_reading_into_its_count_command(sessions):
    from companion.games.shogun.tray import count_command

    session, _, _, calibration, _ = sessions[4]
    frames = synth.settling(session, 23, total=4, moving=2, still=6)
    source = CameraTraySource(calibration, annotate_frames=False)
    source.begin_throw(_throw())
    assert count_command(source) is None
    for i, (image, _) in enumerate(frames):
        source.push_frame(image, timestamp=i / FPS)
    truth = frames[-1][1].counts
    assert count_command(source) == {"type": "count_tray", "counts": {c: n for c, n in truth.items() if n}}


def _wait_for(source, wanted, seconds=20.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        reading = source.poll()
        if reading is not None and wanted(reading):
            return reading
        time.sleep(0.02)
    return source.poll()


def test_a_webcam_that_gives_no_picture_says_so_and_is_tried_again_until_it_does(sessions, tmp_path):
    """Issue 4: "a USB webcam on the server (cv2.VideoCapture)". Real OpenCV opens a video file
    that appears only after the source started, as a camera plugged in late would."""
    session, _, _, calibration, _ = sessions[4]
    frames = synth.settling(session, 24, total=5, moving=2, still=8)
    video = tmp_path / "camera.avi"
    ticks = iter(range(10**6))
    source = CameraTraySource(calibration, annotate_frames=False, clock=lambda: next(ticks) / FPS)
    source.begin_throw(_throw())
    source.open_camera(str(video), retry=0.05)
    try:
        waiting = _wait_for(source, lambda r: r.doubts)
        assert Doubt("doubt.camera_unavailable", {"device": str(video)}) in waiting.doubts
        assert not waiting.stable and waiting.confidence == 0.0
        partial = tmp_path / "writing.avi"
        writer = cv2.VideoWriter(str(partial), cv2.VideoWriter_fourcc(*"MJPG"), FPS, frames[0][0].shape[1::-1])
        for image, _ in frames:
            writer.write(image)
        writer.release()
        partial.rename(video)
        settled = _wait_for(source, lambda r: r.stable)
        assert settled.stable and settled.counts == frames[-1][1].counts
    finally:
        source.stop()
    assert not source.watching


def test_webcam_frames_of_another_size_than_calibrated_are_not_counted_and_say_why(sessions):
    session, _, reference, calibration, _ = sessions[4]
    capture = ReplayCapture([cv2.resize(reference, (640, 360))])
    source = CameraTraySource(calibration, annotate_frames=False)
    source.watch(capture)
    reading = _wait_for(source, lambda r: r.doubts)
    assert reading.doubts == (Doubt("doubt.camera_wrong_size", {"got": "640×360", "calibrated": "1280×720"}),)
    assert not reading.stable
